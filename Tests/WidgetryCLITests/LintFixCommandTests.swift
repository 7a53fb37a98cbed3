import Foundation
import Testing
import WidgetryTestSupport

/// `lint --fix` as a person meets it: JSON syntax mistakes placed where the edit goes, the same
/// in `validate` and `lint`, and fixed; a dry run that shows the changes and then what they
/// would leave, exiting as `lint` does.
@Suite struct LintFixCommandTests {
    /// A new bundle `Notes` in a fresh folder, with each edit made to its file.
    private static func notes(editing edits: [(file: String, text: String, replacement: String)]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        #expect(try CommandRunner.run(["init", "Notes"], in: directory.path).status == 0)
        for edit in edits {
            let path = directory.file("Notes/" + edit.file)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains(edit.text), "\(edit.file) does not hold \(edit.text)")
            try Data(text.replacingOccurrences(of: edit.text, with: edit.replacement).utf8).write(to: URL(fileURLWithPath: path))
        }
        return directory
    }

    /// The findings of a text report, without its summary line (which counts files differently
    /// in the two commands).
    private static func findings(_ report: String) -> String {
        report.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2).joined(separator: "\n")
    }

    private static let missingComma = (file: "Info.json", text: "\"name\": \"Notes\",", replacement: "\"name\": \"Notes\"")
    private static let trailingComma = (file: "StubService.json", text: "\"title\": \"Second item\"}", replacement: "\"title\": \"Second item\"},")

    @Test func aMissingCommaIsPlacedAfterTheValueWithAHintAndTheSameInValidateAndLint() throws {
        let directory = try Self.notes(editing: [Self.missingComma])
        defer { directory.remove() }
        let validate = try CommandRunner.run(["validate", "Notes"], in: directory.path)
        let lint = try CommandRunner.run(["lint", "Notes"], in: directory.path)
        #expect(validate.status == 1)
        #expect(lint.status == 1, "\(lint.stdout)")
        #expect(Self.findings(validate.stdout) == """
            Notes/Info.json:4:18: error: missing ',' after object member, before '"' [json.missing-comma]
              4 |   "name": "Notes"
                |                  ^
              hint: add a ',' after the value of "name"; the next member starts at 5:3
            """)
        #expect(Self.findings(lint.stdout) == Self.findings(validate.stdout))
    }

    @Test func aTrailingCommaIsPlacedAtTheCommaTheSameInValidateAndLint() throws {
        let directory = try Self.notes(editing: [Self.trailingComma])
        defer { directory.remove() }
        let validate = try CommandRunner.run(["validate", "Notes", "--format", "json"], in: directory.path)
        let lint = try CommandRunner.run(["lint", "Notes", "--format", "json"], in: directory.path)
        #expect(validate.status == 1)
        #expect(lint.status == 1)
        #expect(validate.stdout == lint.stdout)
        #expect(lint.stdout.contains("\"line\": 12,\n    \"column\": 44,"), "\(lint.stdout)")
        #expect(lint.stdout.contains("\"rule\": \"json.trailing-comma\""))
        let text = try CommandRunner.run(["lint", "Notes"], in: directory.path)
        #expect(text.stdout.contains("""
              12 |         {"id": "2", "title": "Second item"},
                 |                                            ^
              hint: remove this ','; JSON allows no comma after the last element
            """), "\(text.stdout)")
    }

    @Test func fixInsertsTheMissingCommaAndRemovesTheTrailingOne() throws {
        let directory = try Self.notes(editing: [])
        defer { directory.remove() }
        let info = directory.file("Notes/Info.json"), stub = directory.file("Notes/StubService.json")
        let originals = try [info, stub].map { try String(contentsOfFile: $0, encoding: .utf8) }
        let edited = try Self.notes(editing: [Self.missingComma, Self.trailingComma])
        defer { edited.remove() }
        let dryRun = try CommandRunner.run(["lint", "Notes", "--fix", "--dry-run"], in: edited.path)
        #expect(dryRun.stdout.hasPrefix("--- a/Notes/Info.json\n+++ b/Notes/Info.json\n"), "\(dryRun.stdout)")
        #expect(dryRun.stdout.contains("-  \"name\": \"Notes\"\n+  \"name\": \"Notes\",\n"))
        #expect(dryRun.stdout.contains("--- a/Notes/StubService.json\n"))
        let fixed = try CommandRunner.run(["lint", "Notes", "--fix"], in: edited.path)
        #expect(fixed.stderr.contains("fixed Notes/Info.json:4:18: inserted ',' [json.missing-comma]"), "\(fixed.stderr)")
        #expect(fixed.stderr.contains("fixed Notes/StubService.json:12:44: removed ',' [json.trailing-comma]"), "\(fixed.stderr)")
        #expect(fixed.status == 0, "\(fixed.stdout)")
        #expect(fixed.stdout.hasPrefix("0 errors, 0 warnings"), "\(fixed.stdout)")
        let after = try ["Notes/Info.json", "Notes/StubService.json"].map { try String(contentsOfFile: edited.file($0), encoding: .utf8) }
        #expect(after == originals)
    }

    @Test func aDryRunWithNothingToFixReportsWhatIsLeftAndExitsAsLint() throws {
        let directory = try Self.notes(editing: [(file: "Info.json", text: "\"entryScreen\": \"NotesViewController\"",
                                                  replacement: "\"entryScreen\": \"Elsewhere\"")])
        defer { directory.remove() }
        let lint = try CommandRunner.run(["lint", "Notes"], in: directory.path)
        let dryRun = try CommandRunner.run(["lint", "Notes", "--fix", "--dry-run"], in: directory.path)
        #expect(lint.status == 1)
        #expect(dryRun.status == lint.status)
        #expect(dryRun.stdout == lint.stdout)
        #expect(dryRun.stdout.contains("[unknown-screen]"))
    }

    @Test func aDryRunShowsTheChangesThenReportsOnlyWhatTheyWouldLeave() throws {
        let directory = try Self.notes(editing: [
            (file: "NotesViewController.json", text: "\"sortByFields\": \"title\"", replacement: "\"sortByFields\": \"titl\""),
            (file: "Info.json", text: "\"entryScreen\": \"NotesViewController\"", replacement: "\"entryScreen\": \"Elsewhere\""),
        ])
        defer { directory.remove() }
        let dryRun = try CommandRunner.run(["lint", "Notes", "--fix", "--dry-run"], in: directory.path)
        #expect(dryRun.status == 1)
        #expect(dryRun.stdout.hasPrefix("--- a/Notes/NotesViewController.json\n"), "\(dryRun.stdout)")
        let report = try #require(dryRun.stdout.range(of: "\nNotes/Info.json:")).lowerBound
        #expect(dryRun.stdout[report...].contains("[unknown-screen]"))
        #expect(!dryRun.stdout[report...].contains("[unknown-key-path]"), "the fix answers it")

        // A report for programs keeps standard output to itself; the diff goes to standard error.
        let json = try CommandRunner.run(["lint", "Notes", "--fix", "--dry-run", "--format", "json"], in: directory.path)
        #expect(json.status == 1)
        #expect(json.stderr.hasPrefix("--- a/Notes/NotesViewController.json\n"), "\(json.stderr)")
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let rules = findings.compactMap { $0["rule"] as? String }
        #expect(rules.contains("unknown-screen"))
        #expect(!rules.contains("unknown-key-path"), "\(rules)")
    }
}
