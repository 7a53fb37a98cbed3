import WidgetryJSON
import WidgetryExpressions

/// Every predicate of a screen parses: bindings' and evaluations' `predicateFormat`, providers'
/// and action controllers' `predicateFormat`, and `filterFormat`. A text that does not parse is
/// reported at the exact character inside its JSON string where the parser stopped, with the
/// parser's message; the `screen` rule leaves these to this one. Functions outside the
/// catalogue are `function-not-allowed`'s.
struct PredicateSyntaxRule: LintRule {
    static let description = LintRuleDescription(
        id: "predicate-syntax", severity: .error,
        summary: "Every predicateFormat and filterFormat of a screen parses.",
        rationale: "Upstream raised an exception the first time such a predicate ran; Widgetry refuses to load the screen. The finding points at the character where the parser stopped, inside the JSON string, escapes counted.",
        examples: [
            LintExample("a comparison without its right side", screen: #"""
                {"elements": {"title": {"bindings": [{"predicateFormat": "content == 1️⃣"}]}},
                 "views": {"type": "UIView", "children": [{"id": "title", "type": "UILabel"}]}}
                """#),
            LintExample("an unbalanced parenthesis after escaped quotes", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "Post", "predicateFormat": "text == \"caf\u00e9\" 1️⃣)"}}}}
                """#),
            LintExample("a filter with a misspelt operator", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "Post", "filterFormat": "text 1️⃣CONTAINZ $input"}}}}
                """#),
            LintExample("predicates that parse", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "Post", "predicateFormat": "text == \"caf\u00e9\" AND favoritesCount > 0", "filterFormat": "text CONTAINS[cd] $input"}}},
                 "elements": {"title": {"bindings": [{"from": "posts.totalCount", "predicateFormat": "SELF > 0"}]}},
                 "views": {"type": "UIView", "children": [{"id": "title", "type": "UILabel"}]}}
                """#),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (file, site) in context.predicateSites {
            guard case .failure(let error) = site.parsed, !error.isFunctionNotAllowed else { continue }
            let hint = [error.hint, "parser: \(error.code.rawValue)"].compactMap { $0 }.joined(separator: "; ")
            findings.append(site.finding(Self.description, file: file, range: error.range, message: error.message, hint: hint))
        }
        return findings
    }
}
