import WidgetryJSON

/// A screen uses an action the stub file cannot answer: it is missing there, or has no `response`.
struct MissingStubRule: LintRule {
    static let description = LintRuleDescription(
        id: "action-without-stub", severity: .warning,
        summary: "Every action a screen uses has a canned response in StubService.json.",
        rationale: "Scenarios and offline runs use the stub file; an action without a response fails there with 'Test response not implemented'.",
        examples: [
            LintExample("an action of Service.json only", screen: #"{"objects": {"a": {"type": "OnLoadActionController", "attrs": {"actionName": 1️⃣"sync"}}}}"#,
                        files: ["Service.json": #"{"defaults": {"baseUrl": "https://example.test/"}, "actions": {"sync": {}}}"#]),
            LintExample("an action the stub answers", screen: #"{"objects": {"a": {"type": "OnLoadActionController", "attrs": {"actionName": "load"}}}}"#),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        guard let stub = context.stub else { return [] }
        let answered = Set(stub.configuration.actions.filter { $0.response != nil }.map(\.name))
        let defined = Set(stub.configuration.actions.map(\.name))
        return context.actionUses.filter { context.actionNames.contains($0.action) && !answered.contains($0.action) }.map { use in
            context.finding(Self.description, in: use.screen, at: use.value,
                            message: defined.contains(use.action) ? "action '\(use.action)' has no response in \(stub.file)"
                                                                  : "action '\(use.action)' is not in \(stub.file)",
                            hint: "add \"\(use.action)\": {\"response\": …} to the stub file so the widget runs offline")
        }
    }
}
