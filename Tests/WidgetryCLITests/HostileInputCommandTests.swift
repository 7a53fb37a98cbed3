import Foundation
import Testing
import WidgetryTestSupport

/// What used to be accepted silently, as a user meets it on the command line: a malformed
/// tagged value in `eval` data is a typed error at its place; a file `run` is told to open as a
/// screen that is not one is a located warning before the run goes on; `lint --explain` knows
/// the new rules.
struct HostileInputCommandTests {
    @Test func aMalformedDateInEvalDataIsATypedErrorAtItsPlace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/data.json"
        try Data(#"{"when": {"$date": "garbage"}}"#.utf8).write(to: URL(fileURLWithPath: path))
        let outcome = try CommandRunner.run(["eval", "--predicate", "when != nil", "--data", path])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("data.json:1:20: error: \"garbage\" is not an ISO 8601 date [value.invalid-date]"), "\(outcome.stderr)")
        let variable = try CommandRunner.run(["eval", "--expression", "$x", "--var", #"x={"$set": 3}"#])
        #expect(variable.status == 2)
        #expect(variable.stderr.contains("[value.invalid-set]"), "\(variable.stderr)")
    }

    @Test func runWarnsAtAFileASegueOpensThatIsNotAScreenAndGoesOn() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let files = [
            "Info.json": #"{"identifier": "test.screens", "entryScreen": "Home"}"#,
            "Home.json": #"{"Home": {"segues": {"next": {"destination": "Details"}}}}"#,
            "Details.json": #"{"Detail": {}}"#,
            "StubService.json": #"{"actions": {}}"#,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: directory.path + "/" + name)) }
        let outcome = try CommandRunner.run(["run", directory.path, "--now", "2018-06-20T19:00:00Z"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Details.json:1:1: warning: Details.json is not a screen"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("[bundle.not-a-screen]"))
        #expect(outcome.stdout.contains("Home"))
    }

    @Test(arguments: ["path-escape", "not-a-screen", "path-not-url"])
    func lintExplainsTheNewRules(rule: String) throws {
        let outcome = try CommandRunner.run(["lint", "--explain", rule])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains(rule))
    }
}
