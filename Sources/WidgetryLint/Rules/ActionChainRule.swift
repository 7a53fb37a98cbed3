import WidgetryJSON

/// `nextAction` chains that never end, or that run longer than the engine allows.
struct ActionChainRule: LintRule {
    static let description = LintRuleDescription(
        id: "action-chain", severity: .error,
        summary: "A nextAction chain ends, within the engine's limit of 16 actions.",
        rationale: "Upstream followed a cycle forever; Widgetry stops a chain at its limit with an error, so the widget would not work as written.",
        examples: [
            LintExample("two actions that call each other", files: [
                "StubService.json": #"""
                    {"defaults": {"baseUrl": "https://stub.test/"}, "actions": {
                      "a": {"nextAction": 1️⃣"b", "response": {}}, "b": {"nextAction": "a", "response": {}}}}
                    """#, "S.json": #"{"S": {}}"#]),
            LintExample("a chain that ends", files: [
                "StubService.json": #"""
                    {"defaults": {"baseUrl": "https://stub.test/"}, "actions": {
                      "a": {"nextAction": "b", "response": {}}, "b": {"response": {}}}}
                    """#, "S.json": #"{"S": {}}"#]),
        ])

    static let limit = 16

    func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for service in context.services {
            let actions = Dictionary(service.configuration.actions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            var reported: Set<String> = []
            for action in service.configuration.actions where action.nextAction != nil {
                var chain = [action.name]
                var current = action
                while let next = current.nextAction, let following = actions[next] {
                    if let start = chain.firstIndex(of: next) {
                        let cycle = Array(chain[start...])
                        guard reported.insert(cycle.sorted().joined(separator: ",")).inserted,
                              let first = cycle.first, let owner = actions[first] else { break }
                        let place = service.place(of: owner, key: "nextAction")
                        findings.append(Diagnostic(code: Self.description.id, severity: .error, file: service.file, location: place.location,
                                                   pointer: place.pointer, message: "nextAction goes round: " + (cycle + [first]).joined(separator: " → "),
                                                   hint: "end the chain: one action of it must have no nextAction"))
                        break
                    }
                    chain.append(next)
                    current = following
                    if chain.count > Self.limit {
                        let place = service.place(of: action, key: "nextAction")
                        if reported.insert("long:" + action.name).inserted {
                            findings.append(Diagnostic(code: Self.description.id, severity: .error, file: service.file, location: place.location,
                                                       pointer: place.pointer, message: "the chain from \(action.name) runs more than \(Self.limit) actions"))
                        }
                        break
                    }
                }
            }
        }
        return findings
    }
}
