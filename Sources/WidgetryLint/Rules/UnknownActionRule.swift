import WidgetryJSON

/// An action controller or status controller names an action no service file defines.
struct UnknownActionRule: LintRule {
    static let description = LintRuleDescription(
        id: "unknown-action", severity: .warning,
        summary: "Every actionName and elseActionName is an action of StubService.json, Service.json or Service.dev.json.",
        rationale: "Upstream dropped a call to an unknown action silently, so a bundle naming one still ran: a warning by default, which a configuration can make an error.",
        examples: [
            LintExample("a misspelt action", screen: #"{"objects": {"a": {"type": "OnLoadActionController", "attrs": {"actionName": 1️⃣"lod"}}}}"#),
            LintExample("a known action", screen: #"{"objects": {"a": {"type": "OnLoadActionController", "attrs": {"actionName": "load"}}}}"#),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        let known = context.actionNames.union(context.profile.actions.keys)
        guard !context.services.isEmpty else { return [] }
        var hints = SuggestionHints(among: known.sorted(), listing: false)
        return context.actionUses.filter { !known.contains($0.action) }.map { use in
            context.finding(Self.description, in: use.screen, at: use.value,
                            message: "\(use.object.id).\(use.attribute) names action '\(use.action)', which no service file defines",
                            hint: hints.hint(for: use.action)
                                ?? "a host action of the app's own: declare it in a host profile's \"actions\" (--profile)")
        }
    }
}
