import Foundation
import Testing
import WidgetryTestSupport

/// A command given several bundles reports each one: a bundle that does not load is one failed
/// case with its located error, and the others still run.
struct SeveralBundlesTests {
    static let hello = Samples.widget("Hello")

    /// `A`, `B` (two copies of Hello) and `broken` (Hello with a colon missing in Info.json),
    /// in a folder that is the working directory of the commands.
    private static func bundles() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        _ = try directory.copy(of: hello, as: "A")
        _ = try directory.copy(of: hello, as: "B")
        _ = try directory.copy(of: hello, as: "broken", editing: [("Info.json", #""name": "Hello""#, #""name" "Hello""#)])
        return directory
    }

    @Test func testReportsTheBundlesThatLoadAndTheOneThatDoesNotAsAFailedCase() throws {
        let directory = try Self.bundles()
        defer { directory.remove() }
        let text = try CommandRunner.run(["test", "A", "B", "broken"], in: directory.path)
        #expect(text.status == 2, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("A:\n  ✓ Notes load, favourites first (3 steps)\nB:\n  ✓ Notes load, favourites first (3 steps)\nbroken:\n  ✗ broken: did not load\n"),
                "\(text.stdout)")
        // The syntax error, at its place in the file (its words are the JSON parser's).
        #expect(text.stdout.contains("      broken/Info.json:1:4"), "\(text.stdout)")
        #expect(text.stdout.contains("[json."))
        #expect(text.stdout.hasSuffix("2 passed, 1 failed\n"))

        let junit = try CommandRunner.run(["test", "A", "B", "broken", "--format", "junit"], in: directory.path)
        #expect(junit.status == 2)
        #expect(junit.stdout.contains("<testsuites tests=\"3\" failures=\"1\">\n"), "\(junit.stdout)")
        #expect(junit.stdout.contains("name=\"Notes load, favourites first\" file=\"A/Tests/notes.scenario.json\""))
        #expect(junit.stdout.contains("name=\"Notes load, favourites first\" file=\"B/Tests/notes.scenario.json\""))
        #expect(junit.stdout.contains("<testsuite name=\"broken\" tests=\"1\" failures=\"1\""))
        #expect(junit.stdout.contains("<testcase classname=\"broken\" name=\"broken\" file=\"broken/Info.json\">\n      <failure message=\"did not load: "))
        #expect(junit.stdout.contains(" type=\"json."))
        #expect(junit.stdout.contains("\">broken/Info.json:1:4"))
    }

    /// A widget whose entry screen does not compile stops every scenario the same way: one case
    /// with the error, not one per scenario; a scenario file that cannot be read is a case of
    /// its own, and the scenarios of the other bundles still run.
    @Test func aWidgetThatDoesNotLoadIsReportedOnceAndAnUnreadableScenarioIsItsOwnCase() throws {
        let directory = try Self.bundles()
        defer { directory.remove() }
        let bundle = try directory.copy(of: Self.hello, as: "W", editing: [
            ("NotesViewController.json", #""format": "%@ notes""#, #""format": "%@ notes", "transformer": "nope""#),
        ])
        try FileManager.default.copyItem(atPath: bundle + "/Tests/notes.scenario.json", toPath: bundle + "/Tests/again.scenario.json")
        try Data(#"{"steps": [{"tapp": "x"}]}"#.utf8).write(to: URL(fileURLWithPath: bundle + "/Tests/bad.scenario.json"))

        let text = try CommandRunner.run(["test", "A", "W"], in: directory.path)
        #expect(text.status == 2, "\(text.stderr)")
        #expect(text.stdout.contains("A:\n  ✓ Notes load, favourites first (3 steps)\nW:\n"), "\(text.stdout)")
        #expect(text.stdout.contains("  ✗ W/Tests/bad.scenario.json: cannot be read\n      W/Tests/bad.scenario.json:1:"))
        #expect(text.stdout.contains("[scenario.missing-key]\n"))
        #expect(text.stdout.contains("  ✗ W: the widget did not load\n      W/NotesViewController.json:10:"))
        #expect(text.stdout.components(separatedBy: "no transformer named 'nope'").count == 2, "once, not once per scenario: \(text.stdout)")
        #expect(text.stdout.hasSuffix("1 passed, 2 failed\n"))

        let junit = try CommandRunner.run(["test", "A", "W", "--format", "junit"], in: directory.path)
        #expect(junit.status == 2)
        #expect(junit.stdout.contains("<testsuites tests=\"3\" failures=\"2\">\n"), "\(junit.stdout)")
        #expect(junit.stdout.components(separatedBy: "no transformer named &apos;nope&apos;").count == 3, "the message and the text of one failure: \(junit.stdout)")
        #expect(!junit.stdout.contains(directory.path), "paths as the text report shows them: \(junit.stdout)")
    }

    /// `run` and `inspect` print what the bundles that load give and report the one that does
    /// not, exit 2.
    @Test func runAndInspectGoOnAfterABundleThatDoesNotLoad() throws {
        let directory = try Self.bundles()
        defer { directory.remove() }
        for command in [["run", "--now", "2024-01-01T00:00:00Z"], ["inspect"]] {
            let outcome = try CommandRunner.run(command + ["A", "broken", "B"], in: directory.path)
            #expect(outcome.status == 2, "\(command)")
            #expect(outcome.stdout.components(separatedBy: command[0] == "run" ? "screen NotesViewController" : "Hello 1.0").count == 3, "\(outcome.stdout)")
            #expect(outcome.stderr.contains("broken/Info.json:1:4"), "\(outcome.stderr)")
        }
    }
}
