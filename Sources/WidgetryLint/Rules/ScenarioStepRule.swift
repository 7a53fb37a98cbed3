import WidgetryBundle
import WidgetryJSON

/// A scenario's step is one kind of step (`tap`, `back`, `expect`…) with only the keys that kind
/// takes: a misspelt kind (`goBack`) or key (`fo` for `for`) gets the name it most likely means,
/// which `lint --fix` writes when it is the only one.
struct ScenarioStepRule: LintRule {
    static let description = LintRuleDescription(
        id: "scenario-step", severity: .error,
        summary: "Each step of a scenario is one kind of step, with only the keys that kind takes.",
        rationale: "widgetry test refuses the whole scenario file for one step it cannot read, and validate only says which of the seventeen kinds of step failed first. Lint names the key it does not know, with the kind or key it most likely means, before the run (docs/FORMAT.md#scenario).",
        examples: [
            LintExample("a misspelt kind of step, a misspelt key, and a step doing two things", files: [
                "S.json": #"{"S": {}}"#,
                "Tests/a.scenario.json": #"""
                    {"steps": [{1️⃣"goBack": true}, {"advance": 1, 2️⃣"fo": 2}, {"tap": "a", 3️⃣"clear": "b"}, 4️⃣{"***": "a comment only"}]}
                    """#]),
            LintExample("steps of every kind, with comments", files: [
                "S.json": #"{"S": {}}"#,
                "Tests/a.scenario.json": #"""
                    {"steps": [{"back": true, "***": "why"}, {"type": "x", "into": "field", "interval": 0.1}, {"expectStore": "Post", "count": 1}]}
                    """#]),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for scenario in context.scenarios {
            for (value, step) in scenario.steps {
                let members = step.members.filter { !$0.key.hasPrefix(ScenarioSteps.commentPrefix) }
                let kinds = members.filter { ScenarioSteps.kinds[$0.key] != nil }
                guard let kind = kinds.first else {
                    findings.append(Self.noKind(members, in: scenario, step: value))
                    continue
                }
                for extra in kinds.dropFirst() {
                    findings.append(scenario.finding(Self.description, at: extra.value, key: extra,
                                                     message: "the step does \(kinds.map(\.key).joined(separator: " and ")); a step does one thing",
                                                     hint: "write one step for each"))
                }
                let allowed = ScenarioSteps.kinds[kind.key, default: []].union(ScenarioSteps.kinds.keys)
                for member in members where !allowed.contains(member.key) {
                    let keys = ScenarioSteps.kinds[kind.key, default: []].sorted()
                    let close = Suggestion.closestCandidates(to: member.key, among: keys)
                    findings.append(scenario.finding(Self.description, at: member.value, key: member,
                                                     message: "a \(kind.key) step has unknown key \"\(member.key)\"",
                                                     hint: Suggestion.hint(for: member.key, among: keys) ?? "a \(kind.key) step takes no other key",
                                                     replacing: member.key, with: close.count == 1 ? close.first : nil))
                }
            }
        }
        return findings
    }

    /// The finding for a step with no kind: at the key that is a kind misspelt, else at the step.
    private static func noKind(_ members: [JSONObject.Member], in scenario: LintContext.Scenario, step: JSONValue) -> Diagnostic {
        for member in members {
            let kinds = Suggestion.closestCandidates(to: member.key, among: ScenarioSteps.kindNames)
            guard !kinds.isEmpty else { continue }
            return scenario.finding(description, at: member.value, key: member, message: "\"\(member.key)\" is not a kind of step",
                                    hint: Suggestion.didYouMean(member.key, among: kinds), replacing: member.key, with: kinds.count == 1 ? kinds.first : nil)
        }
        return scenario.finding(description, at: step, message: "the step says nothing to do",
                                hint: "a step is one of " + ScenarioSteps.kindNames.joined(separator: ", "))
    }
}
