import WidgetryJSON
import WidgetryExpressions

/// A key path through a to-many relationship compared as if it were one value
/// (`author.posts.text == 'x'`): it reads a collection, one value per related object, so the
/// comparison needs `ANY`, `ALL`, `NONE` (or `SOME`) or a collection operator (`@count`, `@sum.x`).
/// `CONTAINS` with the collection on the left and `IN` with it on the right test membership
/// and are fine.
struct ToManyPathRule: LintRule {
    static let description = LintRuleDescription(
        id: "to-many-path", severity: .error,
        summary: "Comparisons through to-many relationships say how to combine the related objects.",
        rationale: "A path through a to-many relationship yields a collection; comparing it with one value is never true (==) or fails at run time (<, BEGINSWITH…). ANY, ALL or NONE compare each element, and collection operators turn the collection into one value.",
        examples: [
            LintExample("a to-many path compared as one value", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "Post", "predicateFormat": "author.1️⃣posts.text == 'x' OR 2 < author.2️⃣posts.favoritesCount"}}}}
                """#),
            LintExample("to-many paths with a modifier, an operator or membership", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "Post", "predicateFormat": "(ANY author.posts.text == 'x' OR SOME author.posts.text == 'y' OR ALL author.posts.favoritesCount > 0 OR NONE author.posts.text == 'z') AND author.posts.@count > 1 AND author.posts.text CONTAINS 'x' AND 'x' IN author.posts.text"}}}}
                """#),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (file, site) in context.predicateSites {
            guard let analysis = site.analysis else { continue }
            for comparison in analysis.comparisons {
                let syntax = comparison.syntax
                var flagged: [PredicateAnalysis.KeyPath] = []
                if let left = comparison.left, syntax.modifier == .direct, syntax.comparison != .contains { flagged.append(left) }
                if let right = comparison.right, syntax.comparison != .in { flagged.append(right) }
                for path in flagged {
                    guard let toMany = path.resolution.toMany, path.resolution.problem == nil, toMany.index < path.componentRanges.count else { continue }
                    let written = path.components.joined(separator: ".")
                    findings.append(site.finding(Self.description, file: file, range: path.componentRanges[toMany.index],
                                                 message: "'\(written)' goes through the to-many relationship \(toMany.relationship) and reads a collection, compared here as one value",
                                                 hint: "put ANY, ALL or NONE before the comparison, or reduce the collection with an operator such as @count or @max"))
                }
            }
        }
        return findings
    }
}
