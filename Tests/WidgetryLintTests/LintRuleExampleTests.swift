import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryLint

/// Every rule's examples: each marker is a finding of the rule at that place, and an example
/// without markers gives the rule nothing to say.
struct LintRuleExampleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let rule: any LintRule
        let example: LintExample
        var testDescription: String { "\(type(of: rule).description.id): \(example.title)" }
    }

    static let cases: [Case] = LintRules.all.flatMap { rule in type(of: rule).description.examples.map { Case(rule: rule, example: $0) } }

    @Test func everyRuleHasAFindingAndACleanExample() {
        for rule in LintRules.all {
            let examples = type(of: rule).description.examples
            let id = type(of: rule).description.id
            #expect(examples.contains { $0.files.values.contains { text in LintExample.markers.contains { text.contains($0) } } }, "\(id) shows no finding")
            #expect(examples.contains { !$0.files.values.contains { text in LintExample.markers.contains { text.contains($0) } } }, "\(id) shows no clean case")
        }
        let ids = LintRules.all.map { type(of: $0).description.id }
        #expect(Set(ids).count == ids.count, "rule ids are unique")
    }

    @Test(arguments: cases)
    func theExampleFindsWhatItsMarkersSay(_ testCase: Case) async throws {
        let bundle = try LintExampleBundle(testCase.example)
        defer { bundle.remove() }
        let loaded = try await BundleLoader().load(try BundleSource(argument: bundle.directory))
        let (configuration, problems) = LintConfigurationFile.load(path: nil, bundleRoot: loaded.bundle.rootPath, displayName: ".widgetry.json")
        #expect(problems.isEmpty)
        let report = Linter(rules: [testCase.rule]).lint(loaded.bundle, displayPrefix: "", configuration: configuration)
        let found = report.diagnostics
        let places = found.map { "\($0.file):\($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
        let expected = bundle.expected.map { "\($0.file):\($0.line):\($0.column)" }
        #expect(places == expected, "\(found.map { "\($0.code): \($0.message)" })")
    }
}
