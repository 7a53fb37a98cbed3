import Foundation
import Testing
import WidgetryTestSupport

/// Mistakes that once passed every command: each is now an error at its place, with a code and
/// a did-you-mean.
@Suite struct SilentMistakeTests {
    /// A copy of the Hello sample with `replacement` applied to `file`.
    private static func hello(in directory: TemporaryDirectory, editing file: String, _ original: String, _ replacement: String) throws -> String {
        try directory.copy(of: Samples.widget("Hello"), as: "Hello", editing: [(file, original, replacement)])
    }

    @Test func aMisspeltEntryScreenIsALintErrorAndARunErrorAtItsPlace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try Self.hello(in: directory, editing: "Info.json", "\"NotesViewController\"", "\"NoteViewController\"")
        let lint = try CommandRunner.run(["lint", bundle])
        #expect(lint.status == 1)
        #expect(lint.stdout.contains(bundle + "/Info.json:1:87: error: entryScreen names NoteViewController, which is not a screen of the bundle [unknown-screen]"))
        #expect(lint.stdout.contains("hint: did you mean \"NotesViewController\"?"))
        let run = try CommandRunner.run(["run", bundle])
        #expect(run.status == 2)
        #expect(run.stderr.contains(bundle + "/Info.json:1:87: error: entryScreen names NoteViewController, which is not a screen of the bundle [unknown-screen]"), "\(run.stderr)")
        #expect(run.stderr.contains("did you mean \"NotesViewController\"?"))
    }

    @Test func aManifestAloneIsLintedAndCounted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = directory.path + "/Hello"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Samples.widget("Hello/Info.json"), toPath: bundle + "/Info.json")
        let lint = try CommandRunner.run(["lint", bundle])
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("[unknown-screen]"))
        #expect(lint.stdout.contains("1 error, 0 warnings in 1 file"), "\(lint.stdout)")
    }

    @Test func aMisspeltSortKeyIsAnUnknownKeyPath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try Self.hello(in: directory, editing: "NotesViewController.json", "\"sortByFields\": \"stars\"", "\"sortByFields\": \"text, strs\"")
        let lint = try CommandRunner.run(["lint", bundle, "--format", "json"])
        #expect(lint.status == 1)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [[String: Any]])
        let finding = try #require(findings.first { $0["rule"] as? String == "unknown-key-path" })
        #expect(finding["message"] as? String == "unknown key 'strs' on entity Note")
        #expect(finding["hint"] as? String == "did you mean \"stars\"?")
        #expect(finding["pointer"] as? String == "/NotesViewController/objects/notesProvider/attrs/sortByFields")
    }
}
