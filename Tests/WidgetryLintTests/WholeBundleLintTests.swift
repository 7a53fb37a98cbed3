import Foundation
import Testing
import WidgetryJSON
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryLint
import WidgetryReporting
import WidgetryTestSupport

/// Whole bundles against their expected text: `Tests/Fixtures/Lint/<name>/input` and
/// `expected.txt` (the text report, paths relative to `input`). The samples lint clean. Each
/// rule alone is shown by its cases (`LintExampleCaseTests`); these show rules together, as in
/// BrokenFeed, where a misspelt outlet leaves the provider it meant unused.
struct WholeBundleLintTests {
    static let root = Samples.packageRootURL

    static let fixtures: [String] = {
        let folder = root.appendingPathComponent("Tests/Fixtures/Lint").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { folder + "/" + $0 }
    }()

    private func lint(_ path: String) async throws -> DiagnosticReport {
        let loaded = try await BundleLoader().load(try BundleSource(argument: path))
        let (configuration, problems) = LintConfigurationFile.load(path: nil, bundleRoot: loaded.bundle.rootPath, displayName: ".widgetry.json")
        var report = Linter().lint(loaded.bundle, displayPrefix: "", configuration: configuration)
        report.diagnostics = (problems + report.diagnostics).sorted()
        return report
    }

    @Test(arguments: fixtures)
    func theBundleGivesItsExpectedReport(_ fixture: String) async throws {
        let expected = try String(contentsOfFile: fixture + "/expected.txt", encoding: .utf8)
        let report = try await lint(fixture + "/input")
        #expect(TextReporter.render(report, colour: false) == expected)
    }

    @Test(arguments: ["SampleWidgets/Feed", "SampleWidgets/Tweets", "SampleWidgets/Hello", "SampleWidgets/Shop", "SampleWidgets/Stories",
                     "SampleWidgets/Library", "Tests/Fixtures/WidgetDemo"])
    func theSampleLintsClean(_ sample: String) async throws {
        let report = try await lint(Self.root.appendingPathComponent(sample).path)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map { "\($0.file):\($0.location?.line ?? 0): \($0.message) [\($0.code)]" })")
    }

    @Test func aConfigurationSetsLevelsOverridesByPointerAndWarnsAboutOverridesThatMatchNothing() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.file("BrokenFeed")
        try FileManager.default.copyItem(atPath: Self.root.appendingPathComponent("Tests/Fixtures/Lint/BrokenFeed/input").path, toPath: directory)
        try Data(#"""
            {"rules": {"unused-object": "off", "insecure-url": "warning"},
             "overrides": [{"files": ["FeedViewController.json#/FeedViewController/objects/currentUserAction"], "rules": {"unknown-action": "note"}},
                           {"files": ["Nothing*.json"], "rules": {"result-type": "off"}}]}
            """#.utf8).write(to: URL(fileURLWithPath: directory + "/.widgetry.json"))
        let report = try await lint(directory)
        #expect(!report.diagnostics.contains { $0.code == "unused-object" })
        #expect(report.diagnostics.first { $0.code == "insecure-url" }?.severity == .warning)
        #expect(report.diagnostics.first { $0.code == "unknown-action" }?.severity == .note)
        let unused = try #require(report.diagnostics.first { $0.code == "config.unused-override" })
        #expect(unused.message == "override Nothing*.json matches no finding")
        #expect(unused.location?.line == 3)

        try Data(#"{"rules": {"unused-objekt": "off", "insecure-url": "loud"}}"#.utf8).write(to: URL(fileURLWithPath: directory + "/.widgetry.json"))
        let broken = try await lint(directory)
        let problems = broken.diagnostics.filter { $0.code.domain == "config" }
        #expect(problems.map(\.code) == ["config.unknown-rule", "config.invalid-level"])
        #expect(problems.first?.hint == "did you mean \"unused-object\"?")
    }

    @Test func aBaselineHidesKnownFindingsButNotNewOnes() async throws {
        let report = try await lint(Self.root.appendingPathComponent("Tests/Fixtures/Lint/BrokenFeed/input").path)
        let baseline = Baseline(Array(report.diagnostics.dropLast()), directory: "/tmp/ci")
        let read = try #require(Baseline(json: baseline.json, directory: "/tmp/ci"))
        #expect(read.filter(report.diagnostics) == [report.diagnostics.last].compactMap { $0 })
    }

    @Test func globsMatchAsConfigurationFilesWriteThem() {
        #expect(Glob("*.json").matches("Feed.json"))
        #expect(!Glob("*.json").matches("Tests/a.json"))
        #expect(Glob("**/*.json").matches("Tests/a.json"))
        #expect(Glob("**/*.json").matches("a.json"))
        #expect(Glob("Tests/**").matches("Tests/goldens/x.txt"))
        #expect(Glob("Feed?.json").matches("Feed2.json"))
        #expect(!Glob("Feed?.json").matches("Feed.json"))
    }
}
