import WidgetryJSON

/// An action's `set` names an attribute the imported entity does not have.
struct SetKeyRule: LintRule {
    static let description = LintRuleDescription(
        id: "set-key", severity: .error,
        summary: "Every key of an action's set is an attribute of the entity its resultType imports.",
        rationale: "set writes its values onto every object the action imports. Upstream crashed on a key the entity lacks (setValue:forUndefinedKey:), and Widgetry fails the action; an action without a resultType imports nothing to set.",
        examples: [
            LintExample("an attribute the entity does not have", files: [
                "StubService.json": #"{"defaults": {"baseUrl": "https://stub.test/"}, "actions": {"a": {"resultType": "[Post]", "response": [], "set": {"hidden": 1️⃣false}}}}"#,
                "S.json": #"{"S": {}}"#]),
            LintExample("an attribute of the entity", files: [
                "StubService.json": #"{"defaults": {"baseUrl": "https://stub.test/"}, "actions": {"a": {"resultType": "[Post]", "response": [], "set": {"text": "x"}}}}"#,
                "S.json": #"{"S": {}}"#]),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        guard let model = context.model else { return [] }
        var findings: [Diagnostic] = []
        for service in context.services {
            for action in service.configuration.actions {
                guard let set = action.set, let entity = action.resultType?.entity, model.entity(named: entity) != nil else { continue }
                let attributes = model.attributes(of: entity).map(\.name)
                for member in set where model.attribute(member.key, of: entity) == nil {
                    findings.append(service.finding(Self.description, at: action.pointer.appending(key: "set").appending(key: member.key),
                                                    message: "set writes '\(member.key)', which \(entity) does not have as an attribute",
                                                    hint: Suggestion.hint(for: member.key, among: attributes, noun: "attributes of \(entity)")))
                }
            }
        }
        return findings
    }
}
