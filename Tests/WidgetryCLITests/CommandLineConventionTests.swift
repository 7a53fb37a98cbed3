import Foundation
import Testing
import WidgetryTestSupport

/// What people who live in linters and test runners expect of every command: errors with a
/// place, a code and a hint; usage mistakes as exit 2; several bundles at once; standard
/// output as a destination.
@Suite struct CommandLineConventionTests {
    static let hello = Samples.widget("Hello")

    @Test func anUnreadableInputFileIsNamedWithTheSystemsReason() throws {
        let missing = try CommandRunner.run(["eval", "--data", "missing.json", "--predicate", "a == 1"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("missing.json: error: --data names a file that cannot be read: No such file or directory [io.unreadable-file]\n  hint: "),
                "\(missing.stderr)")
        let folder = try CommandRunner.run(["eval", "--data", "/tmp", "--predicate", "a == 1"])
        #expect(folder.stderr.contains("/tmp: error: --data names a folder, not a file [io.unreadable-file]"))
    }

    @Test func aStoreInAMissingFolderIsAnErrorAboutThatFile() throws {
        let outcome = try CommandRunner.run(["call", Self.hello, "notes", "--store", "/nonexistent/dir/x.sqlite"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("/nonexistent/dir/x.sqlite: error: cannot open the store file: "), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("hint: the folder /nonexistent/dir does not exist; create it first"))
    }

    @Test func aPortOutOfRangeOrInUseIsAUsageError() throws {
        let outOfRange = try CommandRunner.run(["serve-stub", Self.hello, "--port", "99999"])
        #expect(outOfRange.status == 2)
        #expect(outOfRange.stderr.contains("--port takes a whole number from 0 to 65535, not 99999 [usage.out-of-range]"))
        let socket = try ListeningSocket()
        defer { socket.close() }
        let busy = try CommandRunner.run(["serve-stub", Self.hello, "--port", String(socket.port)])
        #expect(busy.status == 2)
        #expect(busy.stderr.contains("error: port \(socket.port) of 127.0.0.1 is in use [usage.port-unavailable]\n  hint: pick another with --port"), "\(busy.stderr)")
    }

    @Test func aNegativeNumberIsAValueOutOfRangeNotAMissingOne() throws {
        let outcome = try CommandRunner.run(["run", Self.hello, "--for", "-5"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("--for takes a number of seconds from 0 to"))
        #expect(outcome.stderr.contains("[usage.out-of-range]"))
    }

    @Test func argumentParserErrorsHaveACodeAndTheUsageAsHint() throws {
        let outcome = try CommandRunner.run(["run", Self.hello, "--for"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr == "error: Missing value for '--for <seconds>' [usage.invalid-arguments]\n  hint: usage: widgetry run [<options>] [<bundle> ...]; see 'widgetry run --help'\n",
                "\(outcome.stderr)")
    }

    @Test func aFilterMatchingNoScenarioListsThemAndOneMatchingAFileNameRuns() throws {
        let none = try CommandRunner.run(["test", CommandRunner.feed, "--scenario", "nothing-like-it"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("error: no scenario's name or file name contains \"nothing-like-it\" [usage.unknown-name]"))
        #expect(none.stderr.contains("hint: the scenarios are: \"The feed loads the account, then its posts"))
        let byFile = try CommandRunner.run(["test", CommandRunner.feed, "--scenario", "2-SEARCH"])
        #expect(byFile.status == 0)
        #expect(byFile.stdout.hasSuffix("1 passed, 0 failed\n"), "\(byFile.stdout)")
    }

    @Test func aWidgetThatDoesNotLoadFailsTheTestRunAsAnInvalidBundle() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try directory.copy(of: Self.hello, as: "Hello", editing: [("Info.json", "\"NotesViewController\"", "\"Notes\"")])
        let outcome = try CommandRunner.run(["test", bundle])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.contains(bundle + "/Info.json:1:87: error: entryScreen names Notes, which is not a screen of the bundle [unknown-screen]"), "\(outcome.stdout)")
    }

    @Test func severalBundlesRunTestAndInspectInOrder() throws {
        let bundles = [Self.hello, Samples.widget("Shop")]
        let run = try CommandRunner.run(["run"] + bundles + ["--now", "2018-06-20T19:00:00Z"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("== \(bundles[0])\nscreen NotesViewController"))
        #expect(run.stdout.contains("== \(bundles[1])\nscreen CatalogueViewController"))
        let json = try CommandRunner.run(["run"] + bundles + ["--format", "json"])
        let snapshots = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(snapshots.count == 2)
        let test = try CommandRunner.run(["test"] + bundles + ["--format", "junit"])
        #expect(test.status == 0)
        #expect(test.stdout.contains("<testsuite name=\"dev.example.Hello\""))
        #expect(test.stdout.contains("<testsuite name=\"dev.widgetry.Shop\""))
        let inspect = try CommandRunner.run(["inspect"] + bundles + [Samples.file("no/such/bundle")])
        #expect(inspect.status == 2)
        #expect(inspect.stdout.contains("Hello 1.0 (dev.example.Hello)") && inspect.stdout.contains("Shop 1.0 (dev.widgetry.Shop)"))
        #expect(inspect.stderr.contains("[bundle.not-found]"))
    }

    @Test func packWritesTheFormatItsNameSaysAndToStandardOutput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tarball = directory.file("hello.tar.gz")
        let packed = try CommandRunner.run(["pack", Self.hello, "-o", tarball])
        #expect(packed.status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: tarball))
        #expect(bytes.prefix(2) == Data([0x1F, 0x8B]), "a gzip stream")
        let piped = directory.file("piped.zip")
        #expect(FileManager.default.createFile(atPath: piped, contents: nil))
        let toStandardOutput = try CommandRunner.run(["pack", Self.hello, "-o", "-"], standardOutput: piped)
        #expect(toStandardOutput.status == 0)
        #expect(toStandardOutput.stderr.hasSuffix("into standard output as zip\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: piped)).prefix(2) == Data("PK".utf8))
        #expect(!FileManager.default.fileExists(atPath: "-"))
        for archive in [tarball, piped] {
            let run = try CommandRunner.run(["run", archive, "--now", "2018-06-20T19:00:00Z"])
            #expect(run.status == 0, "\(archive): \(run.stderr)")
        }
        let unknown = try CommandRunner.run(["pack", Self.hello, "-o", directory.file("hello.rar")])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("names no archive format [usage.invalid-option]"))
    }

    @Test func aMisspeltElementInAScenarioGetsADidYouMean() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try directory.copy(of: CommandRunner.feed, as: "Feed", editing: [
            ("Tests/4-new-post.scenario.json", #"{"tap": "addButton"}"#, #"{"tap": "addButon"}"#),
            ("Tests/1-feed.scenario.json", "elements.", "elements.x"),
        ])
        let tap = try CommandRunner.run(["test", bundle, "--scenario", "new-post"])
        #expect(tap.status == 1)
        #expect(tap.stdout.contains("the screen has no element addButon; did you mean \"addButton\"?"), "\(tap.stdout)")
        let expectation = try CommandRunner.run(["test", bundle, "--scenario", "1-feed"])
        #expect(expectation.status == 1)
        #expect(expectation.stdout.contains("\n      elements has no xtitleLabel; did you mean \"titleLabel\"?"), "\(expectation.stdout)")
    }
}
