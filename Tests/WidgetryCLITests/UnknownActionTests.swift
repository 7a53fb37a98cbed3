import Foundation
import Testing
import WidgetryTestSupport

/// A misspelt action name (`citys` where the stub defines `cities`) is found by every command:
/// lint suggests the nearest action and fixes it, run and test warn of it where they load the
/// screen, and a failed expectation shows the action failure that caused it.
@Suite struct UnknownActionTests {
    static let screen = "NotesViewController.json"

    /// Hello with its action renamed `cities` and the on-load controller calling `name`.
    static func hello(in directory: TemporaryDirectory, calling name: String) throws -> String {
        try directory.copy(of: Samples.widget("Hello"), as: "Hello", editing: [
            ("StubService.json", #""notes": {"#, #""cities": {"#),
            (screen, #""attrs": {"actionName": "notes"}}"#, #""attrs": {"actionName": "\#(name)"}}"#),
            (screen, #""attrs": {"actionName": "notes", "#, #""attrs": {"actionName": "cities", "#),
        ])
    }

    /// The warning's first line, as every command prints it.
    static func warning(_ bundle: String) -> String {
        bundle + "/" + screen + ":6:79: warning: loadNotes.actionName names action 'citys', which no service file defines [unknown-action]"
    }

    @Test func lintSuggestsTheNearestActionAndFixesIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try Self.hello(in: directory, calling: "citys")
        let lint = try CommandRunner.run(["lint", bundle])
        #expect(lint.status == 0, "a warning by default")
        #expect(lint.stdout.contains(Self.warning(bundle) + "\n"), "\(lint.stdout)")
        #expect(lint.stdout.contains("\n  hint: did you mean \"cities\"?\n"))
        #expect(!lint.stdout.contains("host profile"))

        let fix = try CommandRunner.run(["lint", "--fix", bundle])
        #expect(fix.stderr.contains("'citys' → 'cities' [unknown-action]"), "\(fix.stderr)")
        let fixed = try String(contentsOfFile: bundle + "/" + Self.screen, encoding: .utf8)
        #expect(fixed.contains(#""actionName": "cities"}}"#) && !fixed.contains("citys"))
        let again = try CommandRunner.run(["lint", bundle])
        #expect(!again.stdout.contains("[unknown-action]"), "\(again.stdout)")
    }

    @Test func aNameNearNoActionListsTheActionsBeforeTheHostProfile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try Self.hello(in: directory, calling: "refreshEverything")
        let lint = try CommandRunner.run(["lint", bundle])
        #expect(lint.stdout.contains("\n  hint: the service files define cities; an action the app performs itself is declared in a host profile's \"actions\" (--profile)\n"),
                "\(lint.stdout)")
    }

    @Test func runWarnsWhereItLoadsTheScreen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try Self.hello(in: directory, calling: "citys")
        let run = try CommandRunner.run(["run", bundle, "--now", "2024-01-01T09:00:00Z"])
        #expect(run.status == 0)
        #expect(run.stderr.contains(Self.warning(bundle) + "\n"), "\(run.stderr)")
        #expect(run.stderr.contains("\n  hint: did you mean \"cities\"?\n"))
    }

    @Test func testShowsTheActionFailureUnderTheExpectationsItBroke() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try Self.hello(in: directory, calling: "citys")
        let test = try CommandRunner.run(["test", bundle])
        #expect(test.status == 1)
        #expect(test.stdout.contains("""
            step 1 (expect 4 conditions): expected elements.countLabel.value == '2 notes'
                  elements.countLabel.value is "0 notes"
                  action citys failed at t=0.000: StubService.json has no action citys [action.unknown]
            """), "\(test.stdout)")
        #expect(test.stderr.contains(Self.warning(bundle) + "\n"), "\(test.stderr)")
        #expect(test.stderr.components(separatedBy: "[unknown-action]").count == 2, "warned once")
    }

    /// The bundle's .widgetry.json decides for run and test as for lint: an action it turned
    /// `unknown-action` off for on purpose (the Feed sample's search, which upstream attempts and
    /// nothing answers) is not warned of, so the README's first command prints no warning.
    @Test func runAndTestFollowTheBundlesLintConfiguration() throws {
        let feed = try CommandRunner.run(["run", Samples.widget("Feed"), "--now", "2018-06-20T19:00:00Z"])
        #expect(feed.status == 0)
        #expect(feed.stderr.isEmpty, "\(feed.stderr)")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try Self.hello(in: directory, calling: "citys")
        try Data(#"{"overrides": [{"files": ["NotesViewController.json#/NotesViewController/objects/loadNotes/attrs/actionName"], "rules": {"unknown-action": "off"}}]}"#.utf8)
            .write(to: URL(fileURLWithPath: bundle + "/.widgetry.json"))
        for command in [["run", bundle], ["test", bundle], ["lint", bundle]] {
            let outcome = try CommandRunner.run(command)
            #expect(!(outcome.stdout + outcome.stderr).contains("[unknown-action]"), "\(command[0]): \(outcome.stderr)")
        }
        try Data(#"{"rules": {"unknown-action": "error"}}"#.utf8).write(to: URL(fileURLWithPath: bundle + "/.widgetry.json"))
        let raised = try CommandRunner.run(["run", bundle])
        #expect(raised.stderr.contains(":6:79: error: loadNotes.actionName names action 'citys'"), "\(raised.stderr)")
    }
}
