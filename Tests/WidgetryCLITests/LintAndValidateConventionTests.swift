import Foundation
import Testing
import WidgetryTestSupport

/// `lint` and `validate` as eslint, SwiftLint and actionlint users expect them: the working
/// directory by default, glob patterns, a configuration found in the folders above, rules that
/// can be listed and explained by the codes lint prints, baselines that work from any folder,
/// colour on request, errors only, reports into a file.
@Suite struct LintAndValidateConventionTests {
    /// A folder holding copies of the Hello and Shop samples under `widgets/`.
    private static func workspace() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("widgets"), withIntermediateDirectories: true)
        for name in ["Hello", "Shop"] {
            try FileManager.default.copyItem(atPath: Samples.widget(name), toPath: directory.file("widgets/" + name))
        }
        return directory
    }

    @Test func noPathMeansTheWorkingDirectory() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        for command in ["lint", "validate"] {
            let outcome = try CommandRunner.run([command], in: directory.file("widgets/Hello"))
            #expect(outcome.status == 0, "\(command): \(outcome.stdout)\(outcome.stderr)")
            #expect(outcome.stdout.contains("0 errors, 0 warnings in"), "\(command)")
        }
    }

    @Test func globPatternsExpandToTheBundlesTheyMatch() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        let broken = directory.file("widgets/Hello/Info.json")
        try Data(#"{"identifier": "dev.example.Hello", "entryScreen": "Nope"}"#.utf8).write(to: URL(fileURLWithPath: broken))
        let lint = try CommandRunner.run(["lint", "widgets/*", "--format", "json"], in: directory.path)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("\"file\": \"widgets/Hello/Info.json\""))
        let deep = try CommandRunner.run(["validate", "**/Shop"], in: directory.path)
        #expect(deep.status == 0, "\(deep.stdout)\(deep.stderr)")
        #expect(deep.stdout.contains("in 9 files") || deep.stdout.contains("0 errors"), "\(deep.stdout)")
        let none = try CommandRunner.run(["lint", "nothing/*"], in: directory.path)
        #expect(none.status == 2)
        #expect(none.stderr.contains("error: the pattern nothing/* matches no bundle [usage.unknown-name]"))
    }

    @Test func aConfigurationInAFolderAboveTheBundleApplies() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        let manifest = directory.file("widgets/Hello/Info.json")
        try Data(#"{"identifier": "dev.example.Hello", "entryScreen": "Nope"}"#.utf8).write(to: URL(fileURLWithPath: manifest))
        #expect(try CommandRunner.run(["lint", "widgets/Hello"], in: directory.path).status == 1)
        try Data(#"{"rules": {"unknown-screen": "off", "unreachable-screen": "off"}}"#.utf8).write(to: URL(fileURLWithPath: directory.file(".widgetry.json")))
        let quiet = try CommandRunner.run(["lint", "widgets/Hello"], in: directory.path)
        #expect(quiet.status == 0, "\(quiet.stdout)")
        try Data(#"{"rules": {"no-such-rule": "off"}}"#.utf8).write(to: URL(fileURLWithPath: directory.file(".widgetry.json")))
        let misspelt = try CommandRunner.run(["lint", "widgets/Hello"], in: directory.path)
        #expect(misspelt.stdout.contains(".widgetry.json:1:"), "the configuration's findings name it where it is: \(misspelt.stdout)")
    }

    @Test func rulesCanBeListedAndExplainedByTheCodesLintPrints() throws {
        let list = try CommandRunner.run(["lint", "--list-rules"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("unknown-screen"))
        #expect(list.stdout.split(separator: "\n").count > 20)
        let json = try CommandRunner.run(["lint", "--list-rules", "--format", "json"])
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: String]])
        #expect(rules.contains { $0["id"] == "unknown-key-path" && $0["severity"] == "error" })
        let byCode = try CommandRunner.run(["lint", "--explain", "service.invalid-value"])
        #expect(byCode.status == 0)
        #expect(byCode.stdout.hasPrefix("service.invalid-value\n\nA value of a service file is not one its key takes.\n"), "\(byCode.stdout)")
        #expect(byCode.stdout.contains("Reported by the lint rule service:\n\nservice (error by default)"))
        let misspelt = try CommandRunner.run(["lint", "--explain", "unknown-screan"])
        #expect(misspelt.status == 2)
        #expect(misspelt.stderr.contains("did you mean \"unknown-screen\"?"))
    }

    @Test func aBaselineStoresPathsRelativeToItselfAndWorksFromAnyFolder() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        try Data(#"{"identifier": "dev.example.Hello", "entryScreen": "Nope"}"#.utf8).write(to: URL(fileURLWithPath: directory.file("widgets/Hello/Info.json")))
        try FileManager.default.createDirectory(atPath: directory.file("ci"), withIntermediateDirectories: true)
        let written = try CommandRunner.run(["lint", "widgets/Hello", "--write-baseline", "ci/baseline.json"], in: directory.path)
        #expect(written.status == 0)
        let baseline = try String(contentsOfFile: directory.file("ci/baseline.json"), encoding: .utf8)
        #expect(baseline.contains("\"file\": \"../widgets/Hello/Info.json\""), "\(baseline)")
        let fromRoot = try CommandRunner.run(["lint", "widgets/Hello", "--baseline", "ci/baseline.json"], in: directory.path)
        #expect(fromRoot.status == 0, "\(fromRoot.stdout)")
        let fromBundle = try CommandRunner.run(["lint", "--baseline", "../../ci/baseline.json"], in: directory.file("widgets/Hello"))
        #expect(fromBundle.status == 0, "\(fromBundle.stdout)")
    }

    @Test func colourQuietAndOutputFile() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        try Data(#"{"identifier": "dev.example.Hello", "entryScreen": "Nope"}"#.utf8).write(to: URL(fileURLWithPath: directory.file("widgets/Hello/Info.json")))
        let escape = "\u{1B}["
        let always = try CommandRunner.run(["lint", "widgets/Hello", "--color", "always"], in: directory.path)
        #expect(always.stdout.contains(escape))
        let forced = try CommandRunner.run(["lint", "widgets/Hello"], environment: ["NO_COLOR": "", "FORCE_COLOR": "1"], in: directory.path)
        #expect(forced.stdout.contains(escape), "FORCE_COLOR colours a pipe")
        let never = try CommandRunner.run(["lint", "widgets/Hello", "--color", "never"], environment: ["NO_COLOR": "", "FORCE_COLOR": "1"], in: directory.path)
        #expect(!never.stdout.contains(escape))
        let plain = try CommandRunner.run(["lint", "widgets/Hello"], in: directory.path)
        #expect(!plain.stdout.contains(escape), "NO_COLOR (set by the runner) wins over a terminal")

        let everything = try CommandRunner.run(["lint", "widgets/Hello"], in: directory.path)
        #expect(everything.stdout.contains("warning:"), "the unreachable screen is a warning")
        let quiet = try CommandRunner.run(["lint", "widgets/Hello", "--quiet"], in: directory.path)
        #expect(!quiet.stdout.contains("warning:"))
        #expect(quiet.stdout.contains("error:"))

        let report = try CommandRunner.run(["lint", "widgets/Hello", "--format", "sarif", "--output", "lint.sarif"], in: directory.path)
        #expect(report.status == 1)
        #expect(report.stdout.isEmpty)
        let sarif = try String(contentsOfFile: directory.file("lint.sarif"), encoding: .utf8)
        #expect(sarif.contains("\"unknown-screen\""))
        let tests = try CommandRunner.run(["test", "widgets/Shop", "--format", "junit", "-o", "junit.xml"], in: directory.path)
        #expect(tests.status == 0)
        #expect(try String(contentsOfFile: directory.file("junit.xml"), encoding: .utf8).contains("<testsuite name=\"dev.widgetry.Shop\""))
    }

    /// A bundle that cannot be read is still about files: the summary counts the one its error
    /// is in, as it would count a bundle's files that could be read.
    @Test func anUnreadableBundleCountsTheFileItsErrorIsIn() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("Broken"), withIntermediateDirectories: true)
        try Data(#"{"identifier": "#.utf8).write(to: URL(fileURLWithPath: directory.file("Broken/Info.json")))
        let lint = try CommandRunner.run(["lint", "Broken"], in: directory.path)
        #expect(lint.status == 1, "a file that is not JSON is a finding, as validate reports it")
        #expect(lint.stdout.hasPrefix("Broken/Info.json:1:16: error:"), "\(lint.stdout)")
        #expect(lint.stdout.hasSuffix("1 error, 0 warnings in 1 file\n"), "\(lint.stdout)")
    }

    @Test func validateTakesOneFileOrStandardInput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let screen = try CommandRunner.run(["validate", CommandRunner.feed + "/FeedViewController.json"])
        #expect(screen.status == 0)
        #expect(screen.stdout == "0 errors, 0 warnings in 1 file\n")
        let input = directory.file("input.json")
        try Data(#"{"identifier": 5}"#.utf8).write(to: URL(fileURLWithPath: input))
        let manifest = try CommandRunner.run(["validate", "-", "--kind", "manifest"], standardInput: input)
        #expect(manifest.status == 1)
        #expect(manifest.stdout.hasPrefix("<stdin>:1:16: error: expected a string, found an integer [schema.type]"), "\(manifest.stdout)")
        let unknown = try CommandRunner.run(["validate", "-"], standardInput: input)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("cannot tell which schema <stdin> follows from its name [usage.missing-part]"))
        let wrongKind = try CommandRunner.run(["validate", "-", "--kind", "widget"], standardInput: input)
        #expect(wrongKind.status == 2)
        #expect(wrongKind.stderr.contains("[usage.invalid-arguments]"))
    }

    @Test func fixAppliesTheCertainSuggestionsAndDryRunShowsThem() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try CommandRunner.run(["init", "Notes"], in: directory.path).status == 0)
        let screen = directory.file("Notes/NotesViewController.json")
        let original = try String(contentsOfFile: screen, encoding: .utf8)
        let broken = original.replacingOccurrences(of: "\"sortByFields\": \"title\"", with: "\"sortByFields\": \"titl\"")
            .replacingOccurrences(of: "\"actionName\": \"items\"}},\n      \"itemsStatus\"", with: "\"actionName\": \"itemz\"}},\n      \"itemsStatus\"")
        #expect(broken != original)
        try Data(broken.utf8).write(to: URL(fileURLWithPath: screen))
        let dryRun = try CommandRunner.run(["lint", "Notes", "--fix", "--dry-run"], in: directory.path)
        #expect(dryRun.status == 0)
        #expect(dryRun.stdout.hasPrefix("--- a/Notes/NotesViewController.json\n+++ b/Notes/NotesViewController.json\n@@ "), "\(dryRun.stdout)")
        #expect(dryRun.stdout.contains("-      \"itemsProvider\": {\"type\": \"ManagedObjectsProvider\", \"attrs\": {\"entityName\": \"Item\", \"sortByFields\": \"titl\"}},"))
        #expect(try String(contentsOfFile: screen, encoding: .utf8) == broken, "a dry run writes nothing")
        let fixed = try CommandRunner.run(["lint", "Notes", "--fix"], in: directory.path)
        #expect(fixed.status == 0, "\(fixed.stdout)")
        #expect(fixed.stderr.contains("fixed Notes/NotesViewController.json:5:108: 'titl' → 'title' [unknown-key-path]"), "\(fixed.stderr)")
        #expect(fixed.stderr.contains("'itemz' → 'items' [unknown-action]"))
        #expect(fixed.stdout == "0 errors, 0 warnings in 5 files\n")
        #expect(try String(contentsOfFile: screen, encoding: .utf8) == original)
    }

    @Test func loadingProblemsAreInTheMachineReadableReport() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        let plist = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleIdentifier</key><string>dev.example.Hello</string></dict></plist>"#
        try Data(plist.utf8).write(to: URL(fileURLWithPath: directory.file("widgets/Hello/Info.plist")))
        let outcome = try CommandRunner.run(["lint", "widgets/Hello", "widgets/Missing", "--format", "json"], in: directory.path)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
        #expect(findings.contains { $0["rule"] as? String == "bundle.two-manifests" && $0["severity"] as? String == "warning" })
        #expect(findings.contains { $0["rule"] as? String == "bundle.not-found" && $0["severity"] as? String == "error" })
    }
}
