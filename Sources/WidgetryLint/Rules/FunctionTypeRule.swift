import WidgetryJSON
import WidgetryExpressions

/// A `FUNCTION` selector called on a receiver, or a selector or built-in function given an
/// argument, of a kind it does not take, as far as the data model tells: `uppercaseString` on
/// a number attribute, `substringFromIndex:` with a string, `sum:` of a string; and a
/// `stringByTrimmingCharactersInSet:` set name that is not one. The selectors' and functions'
/// signatures come from the expression language's catalogue.
struct FunctionTypeRule: LintRule {
    static let description = LintRuleDescription(
        id: "function-type", severity: .error,
        summary: "FUNCTION selectors and built-in functions get receivers and arguments of the kinds they take.",
        rationale: "Each allowed selector and built-in function is typed: uppercaseString is defined on strings, substringFromIndex: takes a number, sum: a collection. Called on anything else it fails when the predicate runs (Apple raises \"unrecognized selector\"), so the screen shows an error instead of data.",
        examples: [
            LintExample("a string selector on a number attribute, and a string where an index goes", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "Post", "predicateFormat": "FUNCTION(1️⃣favoritesCount, 'uppercaseString') == 'A' OR FUNCTION(text, 'substringFromIndex:', 2️⃣'2') == 'x'"}}}}
                """#),
            LintExample("a built-in function given a string, and a character set that does not exist", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "Post", "predicateFormat": "sum(1️⃣text) > 1 OR FUNCTION(text, 'stringByTrimmingCharactersInSet:', 2️⃣'whitespaces') == ''"}}}}
                """#),
            LintExample("calls of the kinds they take", screen: #"""
                {"objects": {"posts": {"type": "ManagedObjectsProvider",
                  "attrs": {"entityName": "Post", "predicateFormat": "FUNCTION(text, 'uppercaseString') BEGINSWITH 'A' AND FUNCTION(favoritesCount, 'stringValue') == '3' AND text.length > 2 AND uppercase(text) != 'X'"}}}}
                """#),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (file, site) in context.predicateSites {
            guard let analysis = site.analysis else { continue }
            for problem in analysis.callProblems {
                var finding = site.finding(Self.description, file: file, range: problem.range, message: problem.message, hint: problem.hint)
                if let misspelt = problem.misspelt {
                    finding.fixIt = site.place?.renaming(misspelt.name, at: misspelt.range, among: misspelt.candidates)
                }
                findings.append(finding)
            }
        }
        return findings
    }
}
