import Foundation
import Testing
import WidgetryJSON
import WidgetryBundle
import WidgetryBundleFetch
@testable import WidgetryLint
import WidgetryTestSupport

/// The rules that type-check predicates and bindings, on whole bundles: the samples are clean,
/// and a predicate that does not parse is reported by one rule only.
struct SemanticRulesTests {
    static let rules: [any LintRule] = [
        PredicateSyntaxRule(), FunctionNotAllowedRule(), UnknownVariableRule(), UnknownKeyPathRule(), TypeMismatchRule(), FunctionTypeRule(), ToManyPathRule(),
        BindingTargetRule(), BindingCycleRule(),
    ]

    private func lint(_ directory: String) async throws -> DiagnosticReport {
        let loaded = try await BundleLoader().load(try BundleSource(argument: directory))
        return Linter(rules: Self.rules).lint(loaded.bundle, displayPrefix: "")
    }

    @Test(arguments: ["Feed", "Tweets"])
    func theSamplesAreClean(_ sample: String) async throws {
        let report = try await lint(Samples.widget(sample))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map { "\($0.file):\($0.location?.description ?? "-"): \($0.message) [\($0.code)]" })")
    }

    @Test func aFunctionOutsideTheCatalogueIsReportedOnce() async throws {
        let example = LintExample("", screen: #"""
            {"objects": {"p": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Post", "predicateFormat": "FUNCTION(text, 'evil') == 1"}}}}
            """#)
        let bundle = try LintExampleBundle(example)
        defer { bundle.remove() }
        let report = try await lint(bundle.directory)
        #expect(report.diagnostics.map(\.code) == ["function-not-allowed"])
    }

    /// Selectors and built-in functions are typed: a receiver or an argument of the wrong kind is
    /// a finding at it that says what the call takes, and a refused selector's hint names the
    /// nearest allowed one.
    @Test func callsAreTypedAgainstTheModel() async throws {
        let example = LintExample("", screen: #"""
            {"objects": {"p": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Post",
              "predicateFormat": "FUNCTION(favoritesCount, 'hasPrefix:', 'A') == YES OR FUNCTION(text, 'stringByAppendingString:', 3) == 'x' OR count(text) > 1 OR FUNCTION(text, 'length') > favoritesCount.intValue"}},
              "q": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Post", "predicateFormat": "FUNCTION(text, 'upperCaseString') == 'A'"}}}}
            """#)
        let bundle = try LintExampleBundle(example)
        defer { bundle.remove() }
        let report = try await lint(bundle.directory)
        let typed = report.diagnostics.filter { $0.code == "function-type" }
        #expect(typed.map(\.message) == [
            "hasPrefix: is defined on a string, but its receiver is a number",
            "stringByAppendingString: takes a string as argument 1, but it is a number",
            "count: takes an array, a set or a dictionary, but its argument is a string",
        ])
        #expect(typed.first?.hint?.contains("stringValue") == true, "\(typed.first?.hint ?? "no hint")")
        let refused = report.diagnostics.filter { $0.code == "function-not-allowed" }
        #expect(refused.count == 1)
        #expect(refused.first?.hint?.hasPrefix("the nearest allowed selector is 'uppercaseString'") == true, "\(refused.first?.hint ?? "no hint")")
    }

    @Test func aBrokenPredicateIsOnlyASyntaxFinding() async throws {
        let example = LintExample("", screen: #"""
            {"objects": {"p": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Post", "predicateFormat": "nope == $x AND ("}}}}
            """#)
        let bundle = try LintExampleBundle(example)
        defer { bundle.remove() }
        let report = try await lint(bundle.directory)
        #expect(report.diagnostics.map(\.code) == ["predicate-syntax"])
    }

    /// A ring of three labels is one finding, at the binding of the first label in the file that
    /// starts it, naming the ring in reading order; a label outside the ring that reads it is
    /// not part of it.
    @Test func aRingOfBindingsIsReportedOnceWithItsElementsInOrder() async throws {
        let example = LintExample("", screen: #"""
            {"elements": {"outside": {"bindings": [{"from": "a.text"}]},
                          "a": {"bindings": [{"from": "content.name", "to": "hidden", "predicateFormat": "SELF == nil"}, {"from": "b.text"}]},
                          "b": {"bindings": [{"predicateFormat": "c.hidden == YES"}]},
                          "c": {"bindings": [{"from": "a.text", "to": "text"}]}},
             "views": {"type": "UIView", "children": [{"id": "outside", "type": "UILabel"}, {"id": "a", "type": "UILabel"},
                                                      {"id": "b", "type": "UILabel"}, {"id": "c", "type": "UILabel"}]}}
            """#)
        let bundle = try LintExampleBundle(example)
        defer { bundle.remove() }
        let cycles = try await lint(bundle.directory).diagnostics.filter { $0.code == "binding-cycle" }
        #expect(cycles.map(\.message) == ["a → b → c → a: each element's bindings read the next one, which they write in turn; a render may never settle"])
        #expect(cycles.first?.pointer?.description == "/S/elements/a/bindings/1")
        #expect(cycles.first?.hint?.contains("render.pass-limit") == true)
    }

    @Test func findingsAreDeterministicAndPlacedInsideStrings() async throws {
        let example = LintExample("", screen: #"""
            {"input": "Post", "elements": {"title": {"bindings": [{"from": "content.autor.name", "to": "txt"}]}},
             "views": {"type": "UIView", "children": [{"id": "title", "type": "UILabel"}]}}
            """#)
        let bundle = try LintExampleBundle(example)
        defer { bundle.remove() }
        let first = try await lint(bundle.directory).diagnostics
        let second = try await lint(bundle.directory).diagnostics
        #expect(first == second)
        let unknown = try #require(first.first { $0.code == "unknown-key-path" })
        #expect(unknown.message == "unknown key 'autor' on entity Post")
        #expect(unknown.hint == "did you mean \"author\"?")
        #expect(unknown.length == 5)
        #expect(unknown.pointer?.description == "/S/elements/title/bindings/0/from")
        let target = try #require(first.first { $0.code == "binding-target" })
        #expect(target.hint == "did you mean \"text\"?")
    }
}
