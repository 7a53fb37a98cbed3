import WidgetryJSON

/// A function the expression language does not allow: a `FUNCTION(x, 'selector', …)` whose
/// selector is not on the catalogue's allow-list (pure Foundation selectors such as
/// `uppercaseString`, the `resultChain` functions and `valueForKeyPath:`), or a built-in
/// `name:(…)` that NSExpression does not have. The hint names the nearest allowed selector. The parser
/// refuses both; this rule reports them at the selector or name (and `predicate-syntax` leaves
/// them to it).
struct FunctionNotAllowedRule: LintRule {
    static let description = LintRuleDescription(
        id: "function-not-allowed", severity: .error,
        summary: "FUNCTION selectors and built-in functions are ones Widgetry allows.",
        rationale: "Upstream called any Objective-C selector a predicate named; Widgetry calls only an allow-list, so nothing in a bundle can invoke arbitrary code. A selector outside it stops the screen from loading.",
        examples: [
            LintExample("a selector that is not on the allow-list", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "Post", "predicateFormat": "FUNCTION(text, 1️⃣'uppercaseStrings') == 'A'"}}}}
                """#),
            LintExample("a built-in function NSExpression does not have", screen: #"""
                {"elements": {"title": {"bindings": [{"from": "content", "predicateFormat": "1️⃣reverse:(name) == 'x'"}]}},
                 "views": {"type": "UIView", "children": [{"id": "title", "type": "UILabel"}]}}
                """#),
            LintExample("allowed functions", screen: #"""
                {"objects": {"users": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "User", "predicateFormat": "FUNCTION(posts, 'wx_count') > 1 AND uppercase:(name) BEGINSWITH 'A' AND FUNCTION(name, 'hasPrefix:', 'A') == YES"}}}}
                """#),
        ], security: true)

    func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (file, site) in context.predicateSites {
            guard case .failure(let error) = site.parsed, error.isFunctionNotAllowed else { continue }
            findings.append(site.finding(Self.description, file: file, range: error.range, message: error.message, hint: error.hint))
        }
        return findings
    }
}
