import WidgetryJSON
import WidgetryExpressions
import WidgetryScreen

/// A provider or status controller nothing reads: no outlet points at it and no binding,
/// predicate or evaluation names it.
struct UnusedObjectRule: LintRule {
    static let description = LintRuleDescription(
        id: "unused-object", severity: .warning,
        summary: "Every provider and status controller is used by an outlet or a key path.",
        rationale: "An object nothing reads fetches or listens for nothing: usually a renamed id left behind.",
        examples: [
            LintExample("a provider nothing reads", screen: #"""
                {"objects": {"posts": 1️⃣{"type": "ManagedObjectsProvider", "attrs": {"entityName": "Post"}}}}
                """#),
            LintExample("a provider a display controller shows", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Post"}},
                             "show": {"type": "ContentDisplayController", "outlets": {"mainContentProvider": "posts"}}}}
                """#),
            LintExample("a status controller an alert uses", screen: #"""
                {"objects": {"status": {"type": "ActionStatusController", "attrs": {"actionName": "load", "errorMessage": "Failed"}}}}
                """#),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for screen in context.screens {
            let document = screen.document
            var used: Set<String> = []
            for object in document.objects { for outlet in object.outlets { used.formUnion(outlet.targets) } }
            for element in document.elements {
                for outlet in element.outlets { used.formUnion(outlet.targets) }
                for binding in element.bindings { used.formUnion(Self.names(in: binding)) }
            }
            for object in document.objects {
                for eval in object.evals { used.formUnion(Self.names(in: eval.spec)) }
                for attr in object.attrs where attr.key == "predicateFormat" {
                    if let text = attr.value.stringValue { used.formUnion(Self.firstKeys(in: text)) }
                }
            }
            for object in document.objects {
                guard let type = ObjectType(rawValue: object.type), type.isProvider || type == .actionStatusController else { continue }
                if used.contains(object.id) || object.alias.map(used.contains) == true { continue }
                if type == .actionStatusController, object.attrs.contains(where: { $0.key == "errorMessage" }) { continue }
                findings.append(Diagnostic(code: Self.description.id, severity: Self.description.severity, file: screen.file,
                                           location: object.place.location, pointer: object.place.pointer,
                                           message: "\(object.type) \(object.id) is not used: no outlet points at it and no key path reads it",
                                           hint: "remove it, or connect it (a display controller's mainContentProvider, a binding's from)"))
            }
        }
        return findings
    }

    /// The first keys of the key paths a binding reads.
    static func names(in binding: BindingSpec) -> Set<String> {
        var names: Set<String> = []
        if let from = binding.from, let first = from.split(separator: ".").first { names.insert(String(first)) }
        if let format = binding.predicateFormat { names.formUnion(firstKeys(in: format)) }
        return names
    }

    /// The first keys of the key paths a predicate reads from the evaluated object.
    static func firstKeys(in format: String) -> Set<String> {
        guard let predicate = try? WidgetryExpressions.Predicate(format: format, arguments: []) else { return [] }
        return Set(predicate.facts.keyPaths.compactMap { use in use.root == .evaluatedObject ? use.components.first : nil })
    }
}
