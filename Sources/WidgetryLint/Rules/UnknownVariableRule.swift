import WidgetryJSON

/// A `$variable` in a predicate that nothing gives a value: a `filterFormat` gets `$input` (the
/// search text, FORMAT.md#binding.scope) and SUBQUERY binds its own variable inside its predicate; no other
/// predicate of a screen has variables. (`$key` in `ifTrue`, `ifFalse` and `format` is string
/// substitution, FORMAT.md#binding.strings, not a predicate variable, and is not checked here.)
struct UnknownVariableRule: LintRule {
    static let description = LintRuleDescription(
        id: "unknown-variable", severity: .error,
        summary: "Predicates use only the variables they are given: $input in a filterFormat, a SUBQUERY's own variable.",
        rationale: "Evaluating a predicate with a variable no one binds fails at run time, so the binding, the fetch or the action stops working. A $key meant as substitution belongs in ifTrue, ifFalse or format.",
        examples: [
            LintExample("the search text outside a filter", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "Post", "predicateFormat": "text CONTAINS 1️⃣$input"}}},
                 "elements": {"title": {"bindings": [{"predicateFormat": "content.name == 2️⃣$name", "ifTrue": "$name", "ifFalse": "-"}]}},
                 "views": {"type": "UIView", "children": [{"id": "title", "type": "UILabel"}]}}
                """#),
            LintExample("a variable misspelt inside a SUBQUERY", screen: #"""
                {"objects": {"users": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "User", "predicateFormat": "SUBQUERY(posts, $post, 1️⃣$p.text == 'x').@count > 0"}}}}
                """#),
            LintExample("$input in filters and a SUBQUERY variable", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "Post", "filterFormat": "text CONTAINS[cd] $input"}},
                  "users": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "User", "predicateFormat": "SUBQUERY(posts, $p, $p.text == 'x').@count > 0"}},
                  "search": {"type": "SearchActionController", "attrs": {"filterFormat": "text BEGINSWITH $input"}}},
                 "elements": {"title": {"bindings": [{"from": "content", "predicateFormat": "SELF != nil", "ifTrue": "$name", "ifFalse": "-"}]}},
                 "views": {"type": "UIView", "children": [{"id": "title", "type": "UILabel"}]}}
                """#),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (file, site) in context.predicateSites {
            guard let analysis = site.analysis else { continue }
            for variable in analysis.unboundVariables {
                let given = site.variables.keys.sorted().map { "$" + $0 }
                let message = given.isEmpty
                    ? "nothing gives this \(site.key) a value for $\(variable.name)"
                    : "$\(variable.name) is not given to this \(site.key); it has \(given.joined(separator: ", "))"
                let hint = variable.name == "input"
                    ? "only a filterFormat gets $input, the search text"
                    : "a filterFormat gets $input and a SUBQUERY binds its own variable; for substitution, write $\(variable.name) in ifTrue, ifFalse or format"
                findings.append(site.finding(Self.description, file: file, range: variable.range, message: message, hint: hint))
            }
        }
        return findings
    }
}
