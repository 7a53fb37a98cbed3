import Foundation
import Testing
import WidgetryTestSupport

/// The same mistake is one finding whichever command reports it: placed at the offending value
/// (not the `{` of its entry), with one did-you-mean (not a list of every name), and fixed by
/// `lint --fix`.
@Suite struct OneFindingOnePlaceTests {
    static let hello = Samples.widget("Hello")
    static let screen = "NotesViewController.json"

    /// `file:line:column` of the first occurrence of `text` in the file at `path`, as reports
    /// print it under the name `shown`.
    static func place(of text: String, in path: String, shown: String) throws -> String {
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(source.range(of: text)).lowerBound
        let before = source[..<start]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.distance(from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex, to: before.endIndex) + 1
        return "\(shown):\(line):\(column)"
    }

    /// The first line of `output` that starts at `place`, up to the end of the message and code.
    static func finding(at place: String, in output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix(place + ": ") }.map(String.init)
    }

    /// Lints `bundle`, fixes it, and checks that the misspelling is gone and lint is clean of `code`.
    static func expectLintFixes(_ bundle: String, misspelt: String, correct: String, code: String) throws {
        let fix = try CommandRunner.run(["lint", "--fix", bundle])
        #expect(fix.stderr.contains("'\(misspelt)' → '\(correct)' [\(code)]"), "\(fix.stderr)")
        let fixed = try String(contentsOfFile: bundle + "/" + screen, encoding: .utf8)
        #expect(fixed.contains("\"\(correct)\"") && !fixed.contains("\"\(misspelt)\""))
        let again = try CommandRunner.run(["lint", bundle])
        #expect(!again.stdout.contains("[\(code)]"), "\(again.stdout)")
    }

    @Test func aMisspeltControllerTypeIsOneFindingAtItsValue() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try directory.copy(of: Self.hello, as: "Hello", editing: [(Self.screen, "\"OnLoadActionController\"", "\"OnLoadActionControler\"")])
        let place = try Self.place(of: "\"OnLoadActionControler\"", in: bundle + "/" + Self.screen, shown: bundle + "/" + Self.screen)
        let hint = "hint: did you mean \"OnLoadActionController\"?"

        let validate = try CommandRunner.run(["validate", bundle])
        #expect(validate.status == 1)
        #expect(Self.finding(at: place, in: validate.stdout) != nil, "\(validate.stdout)")
        #expect(validate.stdout.contains(hint))

        let lint = try CommandRunner.run(["lint", bundle])
        #expect(lint.status == 1)
        let linted = try #require(Self.finding(at: place, in: lint.stdout), "\(lint.stdout)")
        #expect(linted == place + ": error: object loadNotes has type OnLoadActionControler, which is not a mediating controller Widgetry knows [screen.unknown-type]")
        #expect(lint.stdout.contains("\n  \(hint)\n"))
        #expect(!lint.stdout.contains("ManagedObjectsCollection"), "one did-you-mean, not every type")

        let run = try CommandRunner.run(["run", bundle])
        #expect(run.status == 2)
        #expect(Self.finding(at: place, in: run.stderr) == linted, "\(run.stderr)")
        #expect(run.stderr.contains("\n  \(hint)\n"))

        try Self.expectLintFixes(bundle, misspelt: "OnLoadActionControler", correct: "OnLoadActionController", code: "screen.unknown-type")
    }

    @Test func anUnknownTransformerIsOneFindingAtItsValue() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try directory.copy(of: Self.hello, as: "Hello", editing: [(Self.screen, #"{"from": "content.text"}"#, #"{"from": "content.text", "transformer": "toStrin"}"#)])
        let place = try Self.place(of: "\"toStrin\"", in: bundle + "/" + Self.screen, shown: bundle + "/" + Self.screen)

        let lint = try CommandRunner.run(["lint", bundle])
        #expect(lint.status == 1)
        let linted = try #require(Self.finding(at: place, in: lint.stdout), "\(lint.stdout)")
        #expect(linted == place + ": error: noteLabel: no transformer named 'toStrin' [binding.unknown-transformer]")
        #expect(lint.stdout.contains("\n  hint: did you mean \"toString\"?\n"))

        let run = try CommandRunner.run(["run", bundle])
        #expect(run.status == 2)
        #expect(Self.finding(at: place, in: run.stderr) == linted, "one message, one code: \(run.stderr)")
        #expect(run.stderr.contains("\n  hint: did you mean \"toString\"?\n"))

        try Self.expectLintFixes(bundle, misspelt: "toStrin", correct: "toString", code: "binding.unknown-transformer")
    }

    @Test func aSegueToAMisspeltScreenIsOneFindingAtItsDestination() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try directory.copy(of: Self.hello, as: "Hello", editing: [
            (Self.screen, #""NotesViewController": {"#, #""NotesViewController": {"segues": {"more": {"destination": "NoteViewController"}},"#),
            (Self.screen, #"{"id": "countLabel", "type": "UILabel"},"#, #"{"id": "countLabel", "type": "UILabel"}, {"id": "more", "type": "UIButton", "segue": "more"},"#),
        ])
        let place = try Self.place(of: "\"NoteViewController\"", in: bundle + "/" + Self.screen, shown: bundle + "/" + Self.screen)

        let lint = try CommandRunner.run(["lint", bundle])
        #expect(lint.status == 1)
        let linted = try #require(Self.finding(at: place, in: lint.stdout), "\(lint.stdout)")
        #expect(linted == place + ": error: segue more leads to NoteViewController, which is not a screen of the bundle [unknown-screen]")
        #expect(lint.stdout.contains("\n  hint: did you mean \"NotesViewController\"?\n"))

        try Self.expectLintFixes(bundle, misspelt: "NoteViewController", correct: "NotesViewController", code: "unknown-screen")
    }

    @Test func aMisspeltEntryScreenIsTheSameFindingInLintAndRun() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try directory.copy(of: Self.hello, as: "Hello", editing: [("Info.json", "\"NotesViewController\"", "\"NoteViewController\"")])
        let place = try Self.place(of: "\"NoteViewController\"", in: bundle + "/Info.json", shown: bundle + "/Info.json")
        let lint = try CommandRunner.run(["lint", bundle])
        let linted = try #require(Self.finding(at: place, in: lint.stdout), "\(lint.stdout)")
        let run = try CommandRunner.run(["run", bundle])
        #expect(Self.finding(at: place, in: run.stderr) == linted, "\(run.stderr)")
    }
}
