import WidgetryJSON
import WidgetryScreen

/// An action controller or status controller names an action no service file defines.
struct UnknownActionRule: LintRule {
    static let description = LintRuleDescription(
        id: ActionNames.unknownCode, severity: .warning,
        summary: "Every actionName and elseActionName is an action of StubService.json, Service.json, Service.dev.json or the host profile.",
        rationale: "Upstream dropped a call to an unknown action silently, so a bundle naming one still ran: a warning by default, which a configuration can make an error. The name is compared with every action the bundle and the profile define, and the nearest is offered as a fix.",
        examples: [
            LintExample("a misspelt action", screen: #"{"objects": {"a": {"type": "OnLoadActionController", "attrs": {"actionName": 1️⃣"lod"}}}}"#),
            LintExample("a known action", screen: #"{"objects": {"a": {"type": "OnLoadActionController", "attrs": {"actionName": "load"}}}}"#),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        guard !context.services.isEmpty else { return [] }
        let known = Array(context.actionNames.union(context.profile.actions.keys))
        return context.actionUses.filter { !known.contains($0.action) }.map { use in
            var finding = ActionNames.unknown(ActionNames.Use(object: use.object.id, attribute: use.attribute, action: use.action, value: use.value),
                                              known: known, file: use.screen.file)
            finding.length = use.value.location.flatMap { location in use.screen.source?.tokenLength(at: location.offset) } ?? 1
            if let suggestion = ActionNames.suggestion(for: use.action, among: known), let source = use.screen.source, let location = use.value.location {
                finding.fixIt = Self.replacing(use.action, with: suggestion, at: location.offset, in: source)
            }
            return finding
        }
    }

    /// The fix-it that replaces the string `name` written at `offset` (its opening quote) with
    /// `replacement`, when the file holds it there without escapes.
    static func replacing(_ name: String, with replacement: String, at offset: Int, in source: SourceText) -> Diagnostic.FixIt? {
        let written = Array(("\"" + name + "\"").utf8)
        let bytes = source.bytes
        guard offset >= 0, offset + written.count <= bytes.count, bytes[offset..<(offset + written.count)].elementsEqual(written) else { return nil }
        return Diagnostic.FixIt(range: (offset + 1)..<(offset + written.count - 1), replacement: replacement)
    }
}
