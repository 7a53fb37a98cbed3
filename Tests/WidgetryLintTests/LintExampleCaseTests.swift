import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryLint
import WidgetryReporting

/// Every rule's examples as data, in actionlint's manner: `Examples/<rule-id>/<case>/` holds the
/// files of one example the rule declares, its markers taken out (the base bundle,
/// `Examples/_base`, fills in what the case does not write), and `expected.txt`, lint's text
/// report of that bundle. The declaration stays the one source of the case, since `--explain`
/// shows it; the folder is the case as a bundle with the whole output, and the test fails when
/// the two differ, when the rule does not report exactly where the markers are, or when lint's
/// text differs. `WIDGETRY_UPDATE_GOLDENS=1` writes the folders from the declarations and the
/// outputs from lint, and removes the folders no rule declares.
struct LintExampleCaseTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let rule: any LintRule
        let example: LintExample
        var id: String { type(of: rule).description.id }
        var folder: String { LintExampleBundle.examples + "/" + id + "/" + Self.folderName(example.title) }
        var testDescription: String { "\(id)/\(Self.folderName(example.title))" }

        /// The case's folder name: the example's title in lower case, each run of characters
        /// other than ASCII letters and digits one `-`.
        static func folderName(_ title: String) -> String {
            var name = ""
            for scalar in title.lowercased().unicodeScalars {
                if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                    name.unicodeScalars.append(scalar)
                } else if !name.isEmpty, !name.hasSuffix("-") {
                    name += "-"
                }
            }
            return name.hasSuffix("-") ? String(name.dropLast()) : name
        }
    }

    static let cases: [Case] = LintRules.all.flatMap { rule in type(of: rule).description.examples.map { Case(rule: rule, example: $0) } }
    static let updating = ProcessInfo.processInfo.environment["WIDGETRY_UPDATE_GOLDENS"] == "1"
    static let update = "run with WIDGETRY_UPDATE_GOLDENS=1 to write the cases from the declarations"

    @Test(arguments: cases)
    func theCaseIsItsExampleAndLintPrintsItsExpectedText(_ testCase: Case) async throws {
        let declared = LintExampleFiles(testCase.example)
        if Self.updating {
            try? FileManager.default.removeItem(atPath: testCase.folder)
            try FileManager.default.createDirectory(atPath: testCase.folder, withIntermediateDirectories: true)
            try declared.write(into: testCase.folder)
        }
        let files = try LintExampleFiles(folder: testCase.folder)
        #expect(files == declared, "\(testCase.folder) is not the example \(testCase.id) declares; \(Self.update)")

        let bundle = try LintExampleBundle(files)
        defer { bundle.remove() }
        let loaded = try await BundleLoader().load(try BundleSource(argument: bundle.directory))
        let (configuration, problems) = LintConfigurationFile.load(path: nil, bundleRoot: loaded.bundle.rootPath, displayName: LintConfiguration.fileName)
        #expect(problems.isEmpty)

        let own = Linter(rules: [testCase.rule]).lint(loaded.bundle, displayPrefix: "", configuration: configuration).diagnostics
        let places = own.map { "\($0.file):\($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
        #expect(places == declared.expected, "the markers are not where \(testCase.id) reports: \(own.map { "\($0.code): \($0.message)" })")

        var report = Linter().lint(loaded.bundle, displayPrefix: "", configuration: configuration)
        report.diagnostics = (problems + report.diagnostics).sorted()
        let text = TextReporter.render(report, colour: false)
        let output = testCase.folder + "/" + LintExampleFiles.outputName
        if Self.updating { try Data(text.utf8).write(to: URL(fileURLWithPath: output)) }
        let expected = try? String(contentsOfFile: output, encoding: .utf8)
        #expect(text == expected, "lint's text for \(testCase.testDescription) differs from its expected.txt; if the change is deliberate, \(Self.update)")
    }

    @Test func everyRuleHasACaseThatReportsItAndACleanOne() {
        for rule in LintRules.all {
            let description = type(of: rule).description
            let flagged = description.examples.map { !LintExampleFiles($0).expected.isEmpty }
            #expect(flagged.contains(true), "\(description.id) has no case it reports")
            #expect(flagged.contains(false), "\(description.id) has no clean case")
            let names = description.examples.map { Case.folderName($0.title) }
            #expect(Set(names).count == names.count, "\(description.id) has two examples whose titles name the same folder: \(names)")
        }
        let ids = LintRules.all.map { type(of: $0).description.id }
        #expect(Set(ids).count == ids.count, "rule ids are unique")
    }

    /// A folder no rule declares is a case left behind by a renamed example or rule.
    @Test func everyCaseFolderIsAnExampleARuleDeclares() throws {
        let declared = Dictionary(grouping: Self.cases, by: \.id).mapValues { Set($0.map { Case.folderName($0.example.title) }) }
        let base = (LintExampleBundle.base as NSString).lastPathComponent
        var stray: [String] = []
        for id in try FileManager.default.contentsOfDirectory(atPath: LintExampleBundle.examples) where id != base {
            let folder = LintExampleBundle.examples + "/" + id
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) where declared[id]?.contains(name) != true {
                stray.append(id + "/" + name)
            }
            if Self.updating, declared[id] == nil { try FileManager.default.removeItem(atPath: folder) }
        }
        if Self.updating {
            for path in stray { try? FileManager.default.removeItem(atPath: LintExampleBundle.examples + "/" + path) }
            return
        }
        #expect(stray.isEmpty, "no rule declares these cases: \(stray.sorted().joined(separator: ", ")); \(Self.update)")
    }
}
