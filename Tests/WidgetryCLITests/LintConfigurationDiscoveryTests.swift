import Foundation
import Testing
import WidgetryTestSupport

/// Which `.widgetry.json` lint takes when the bundle has none: the nearest above it, but never
/// above the repository's root (a folder with `.git`) or the home folder; lint says which file
/// applied, and a found file that turns a security rule off or lowers it is a warning.
@Suite("CLI: the configuration found above a bundle")
struct LintConfigurationDiscoveryTests {
    /// Turns `insecure-url` off and lowers `executable-file`, both security rules, and
    /// `unused-object`, which is not one.
    static let lowering = #"{"rules": {"insecure-url": "off", "unused-object": "off", "executable-file": "warning"}}"#

    /// A bundle at `folder` whose stub talks plain http.
    private func insecureBundle(at folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let files = [
            "Info.json": #"{"identifier": "test.config", "entryScreen": "S"}"#,
            "S.json": #"{"S": {}}"#,
            "StubService.json": #"{"defaults": {"baseUrl": "http://api.example.com/"}, "actions": {"load": {"response": []}}}"#,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
    }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func aFileAboveWithNoRepositoryBetweenAppliesAndIsReported() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try insecureBundle(at: scratch.file("work/B"))
        try write(Self.lowering, to: scratch.file(".widgetry.json"))
        let outcome = try CommandRunner.run(["lint", "B"], environment: ["HOME": scratch.file("home")], in: scratch.file("work"))
        #expect(!outcome.stdout.contains("[insecure-url]"), "the file applies: \(outcome.stdout)")
        #expect(outcome.stderr.contains("configuration: ../.widgetry.json\n"), "\(outcome.stderr)")
        let column = #"{"rules": {"insecure-url": "#.count + 1
        #expect(outcome.stdout.contains(
            "../.widgetry.json:1:\(column): warning: ../.widgetry.json, found above the bundle, turns off the security rule insecure-url [config.security-rule-disabled]"),
                "\(outcome.stdout)")
        #expect(outcome.stdout.contains("lowers the security rule executable-file to warning [config.security-rule-disabled]"))
        #expect(!outcome.stdout.contains("unused-object ["), "a rule that guards nothing is the file's business")

        // The file cannot silence the warning about itself.
        try write(#"{"rules": {"insecure-url": "off", "config.security-rule-disabled": "off"}, "exclude": ["**"]}"#, to: scratch.file(".widgetry.json"))
        let silenced = try CommandRunner.run(["lint", "B"], environment: ["HOME": scratch.file("home")], in: scratch.file("work"))
        #expect(silenced.stdout.contains("turns off the security rule insecure-url [config.security-rule-disabled]"), "\(silenced.stdout)")

        let sarif = try CommandRunner.run(["lint", "B", "--format", "sarif"], environment: ["HOME": scratch.file("home")], in: scratch.file("work"))
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let properties = (run["invocations"] as? [[String: Any]])?.first?["properties"] as? [String: Any]
        #expect(properties?["configurations"] as? [String] == ["../.widgetry.json"], "\(run["invocations"] ?? "none")")
    }

    @Test func aFileAboveTheRepositoryRootOrTheHomeFolderIsNotRead() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try write(Self.lowering, to: scratch.file(".widgetry.json"))
        // A repository between the file and the bundle.
        try FileManager.default.createDirectory(atPath: scratch.file("repo/.git"), withIntermediateDirectories: true)
        try insecureBundle(at: scratch.file("repo/widgets/B"))
        let inRepository = try CommandRunner.run(["lint", "widgets/B"], environment: ["HOME": scratch.file("home")], in: scratch.file("repo"))
        #expect(inRepository.stdout.contains("[insecure-url]"), "the file above .git is ignored: \(inRepository.stdout)")
        #expect(!inRepository.stderr.contains("configuration:") && !inRepository.stdout.contains("config."), "\(inRepository.stderr)")
        // The repository's own file applies, and is still said.
        try write(Self.lowering, to: scratch.file("repo/.widgetry.json"))
        let rootFile = try CommandRunner.run(["lint", "widgets/B"], environment: ["HOME": scratch.file("home")], in: scratch.file("repo"))
        #expect(!rootFile.stdout.contains("[insecure-url]"), "\(rootFile.stdout)")
        #expect(rootFile.stderr.contains("configuration: .widgetry.json\n"), "\(rootFile.stderr)")
        #expect(rootFile.stdout.contains("[config.security-rule-disabled]"))

        // The home folder between the file and the bundle.
        try insecureBundle(at: scratch.file("home/B"))
        let inHome = try CommandRunner.run(["lint", "B"], environment: ["HOME": scratch.file("home")], in: scratch.file("home"))
        #expect(inHome.stdout.contains("[insecure-url]"), "the file above home is ignored: \(inHome.stdout)")
        #expect(!inHome.stderr.contains("configuration:"), "\(inHome.stderr)")
    }

    @Test func theBundlesOwnFileOrOneGivenIsNamedButNotWarnedOf() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try insecureBundle(at: scratch.file("B"))
        try write(Self.lowering, to: scratch.file("B/.widgetry.json"))
        let own = try CommandRunner.run(["lint", "B"], environment: ["HOME": scratch.path], in: scratch.path)
        #expect(own.stderr.contains("configuration: B/.widgetry.json\n"), "\(own.stderr)")
        #expect(!own.stdout.contains("config.security-rule-disabled"), "\(own.stdout)")
        try write(Self.lowering, to: scratch.file("chosen.json"))
        let given = try CommandRunner.run(["lint", "B", "--config", "chosen.json"], environment: ["HOME": scratch.path], in: scratch.path)
        #expect(given.stderr.contains("configuration: chosen.json\n"), "\(given.stderr)")
        #expect(!given.stdout.contains("config.security-rule-disabled"), "\(given.stdout)")
    }
}
