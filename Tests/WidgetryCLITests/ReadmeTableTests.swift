import Foundation
import Testing
import WidgetryTestSupport

/// The README's exit-code and output-format tables hold: each documented code is what the
/// commands exit with, and each documented format is what the command takes and writes.
@Suite struct ReadmeTableTests {
    static let readme = (try? String(contentsOfFile: Samples.file("README.md"), encoding: .utf8)) ?? ""
    static let hello = Samples.widget("Hello")

    /// The rows of the first table under `heading`, each split into its cells.
    static func table(under heading: String) -> [[String]] {
        guard let start = readme.range(of: "\n" + heading + "\n") else { return [] }
        let lines = readme[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("|") }
        return lines.prefix { $0.hasPrefix("|") }.dropFirst(2).map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    @Test func everyFormatTheTableListsIsTheOneTheCommandTakesAndWrites() throws {
        let rows = Self.table(under: "### Output formats")
        #expect(rows.count == 7)
        for row in rows {
            let command = row[0].replacingOccurrences(of: "`", with: "")
            let formats = row[1].components(separatedBy: ", ")
            let help = try CommandRunner.run([command, "--help"], environment: ["COLUMNS": "400"])
            let line = try #require(help.stdout.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--format <format>") },
                                    "\(command) takes --format")
            #expect(line.contains("(values: " + formats.joined(separator: ", ")), "\(command): \(line)")
            // pack and render write files of their own (render's PNG needs Chromium): their own tests run them.
            guard command != "pack", command != "render" else { continue }
            for format in formats {
                let outcome = try CommandRunner.run([command, Self.hello, "--format", format])
                #expect(outcome.status == 0, "\(command) --format \(format): \(outcome.stderr)")
                switch format {
                case "json", "sarif":
                    #expect((try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))) != nil, "\(command) --format \(format) is JSON")
                case "junit":
                    #expect(outcome.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"), "\(command) --format junit")
                default:
                    #expect(!outcome.stdout.isEmpty || format == "github", "\(command) --format \(format) writes")
                }
            }
        }
    }

    @Test func theExitCodesAreTheOnesTheTableDocuments() throws {
        let rows = Self.table(under: "### Exit codes")
        #expect(rows.map { $0[0] } == ["0", "1", "2", "3"])
        let root = try CommandRunner.run(["--help"])
        #expect(root.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .contains("Exit codes: 0 success, 1 an action or a scenario failed, 2 input or usage error, 3 internal error."))
        // 1: the commands the row names, each failing as it says.
        let exitsOne = try #require(rows.first { $0[0] == "1" }?[1])
        for command in ["call", "test", "run --scenario", "validate", "lint"] { #expect(exitsOne.contains("`\(command)`"), "\(command)") }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = directory.path + "/Hello"
        try FileManager.default.copyItem(atPath: Self.hello, toPath: bundle)
        // An action without a canned response fails when performed, and the file is still valid.
        try Data(#"{"actions": {"notes": {"path": "https://notes.example.com/notes.json", "resultType": "[Note]"}}}"#.utf8)
            .write(to: URL(fileURLWithPath: bundle + "/StubService.json"))
        #expect(try CommandRunner.run(["call", bundle, "notes"]).status == 1)
        #expect(try CommandRunner.run(["test", bundle]).status == 1)
        #expect(try CommandRunner.run(["run", bundle, "--scenario", bundle + "/Tests/notes.scenario.json"]).status == 1)
        // A misspelt key is a finding of both checkers.
        try Data(#"{"actions": {"notes": {"pth": "notes.json"}}}"#.utf8).write(to: URL(fileURLWithPath: bundle + "/StubService.json"))
        #expect(try CommandRunner.run(["validate", bundle]).status == 1)
        #expect(try CommandRunner.run(["lint", bundle]).status == 1)
        // 2: every command refuses a usage mistake with a code and exit 2.
        let commands = ["run", "test", "validate", "lint", "contract", "inspect", "eval", "fetch", "pack", "call", "serve-stub", "init"]
        for command in commands {
            let outcome = try CommandRunner.run([command, "--no-such-option"])
            #expect(outcome.status == 2, "\(command)")
            #expect(outcome.stderr.contains("[usage.invalid-arguments]"), "\(command): \(outcome.stderr)")
        }
    }

    /// The README's first screen: WidgetKit is named as m8labs' framework, with a link, at its
    /// first mention (not Apple's widgets), and the commands table is one short line per
    /// command `widgetry --help` lists, each with a section of the reference below it.
    @Test func theFirstScreenNamesTheFormatAndListsEveryCommandOnALine() throws {
        let intro = try #require(Self.readme.components(separatedBy: "\n## ").first)
        let firstMention = try #require(intro.range(of: "WidgetKit"))
        #expect(intro[firstMention.lowerBound...].hasPrefix("WidgetKit by m8labs](https://github.com/m8labs/WidgetKit)"))
        let help = try CommandRunner.run(["--help"], environment: ["COLUMNS": "400"])
        let listing = help.stdout.components(separatedBy: "SUBCOMMANDS:\n").last?.components(separatedBy: "\n\n").first ?? ""
        let subcommands = listing.split(separator: "\n")
            .compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil }
        #expect(subcommands.count >= 15)
        let rows = Self.table(under: "## Commands")
        let named = rows.map { $0[0].replacingOccurrences(of: "`", with: "").components(separatedBy: "](").first?.dropFirst() ?? "" }
        for command in subcommands {
            let title = command == "schemas" ? "schemas export" : command
            #expect(named.contains(Substring(title)), "\(command) has a row")
            #expect(Self.readme.contains("\n#### `widgetry \(title)`\n"), "\(command) has a section in the reference")
        }
        for row in rows { #expect(row.joined(separator: " | ").count <= 160, "one short line: \(row[0])") }
    }
}
