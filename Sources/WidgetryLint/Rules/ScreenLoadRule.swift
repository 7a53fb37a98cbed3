import WidgetryJSON
import WidgetryScreen
import WidgetryScreen

/// Every check the runtime makes when it loads a screen (FORMAT.md#screen.load-order), reported
/// under the runtime's own error codes: unknown object or element types, unknown or wrongly
/// typed attributes, unknown top-level keys, unresolved outlets and outlets to the wrong kind
/// of thing, duplicate ids and aliases, `elements` entries with no view, bindings to keys the
/// element does not have, unknown transformers, missing requirements (a provider without an
/// entity). The checks live in one place, the screen compiler; lint compiles each screen as a run does.
struct ScreenLoadRule: LintRule {
    static let description = LintRuleDescription(
        id: "screen", severity: .error,
        summary: "A screen loads as the runtime loads it: types, attributes, outlets, ids, elements and bindings are checked.",
        rationale: "The original runtime crashed or silently skipped each of these; Widgetry refuses to run such a screen, so lint finds them first. Findings carry the runtime's code (screen.unknown-type, screen.unresolved-outlet, binding.unknown-transformer, …).",
        examples: [
            LintExample("a key a screen does not have", screen: #"{1️⃣"object": {}}"#),
            LintExample("an object type that does not exist", screen: #"{"objects": {"p": {"type": 1️⃣"ManagedObjectProvider"}}}"#),
            LintExample("an outlet to nothing", screen: #"""
                {"objects": {"show": {"type": "ContentDisplayController", "outlets": {"mainContentProvider": 1️⃣"nowhere"}}}}
                """#),
            LintExample("an elements entry for a view that does not exist", screen: #"""
                {"elements": {"titel": 1️⃣{"bindings": [{"from": "content.name"}]}},
                 "views": {"type": "UIView", "children": [{"id": "title", "type": "UILabel"}]}}
                """#),
            LintExample("a well-formed screen", screen: #"""
                {"elements": {"title": {"bindings": [{"from": "content.name"}]}},
                 "views": {"type": "UIView", "children": [{"id": "title", "type": "UILabel"}]}}
                """#),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        let compilation = ScreenCompiler.Context(model: context.model, transformers: context.transformers, jsonFiles: Set(context.bundle.otherJSONFiles.map(\.path)),
                                                 serviceProviders: Set(context.profile.providers.keys))
        var findings = context.screenErrors.map { context.diagnostic($0) }
        for screen in context.screens {
            let (errors, warnings) = ScreenCompiler.check(screen.document, in: compilation)
            for error in errors where error.cause?.domain != "predicate" && error.cause != BindingError.Code.predicate.diagnosticCode {
                findings.append(context.diagnostic(error))
            }
            findings += warnings.map { context.diagnostic($0, severity: .warning) }
        }
        return findings
    }
}
