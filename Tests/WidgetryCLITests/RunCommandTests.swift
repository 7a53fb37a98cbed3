import Foundation
import NIOCore
import Testing
import WidgetryJSON
import WidgetryTestSupport

/// `widgetry run`, as a user runs it.
struct RunCommandTests {
    @Test func theSampleSnapshotIsTheSameEveryTimeInBothFormats() throws {
        let arguments = ["run", CommandRunner.feed, "--now", "2018-06-20T19:00:00Z"]
        let first = try CommandRunner.run(arguments)
        let second = try CommandRunner.run(arguments)
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.hasPrefix("screen FeedViewController at t=0.500 (2018-06-20T19:00:00Z)\ncontent: <Account #1>\n"))
        #expect(first.stdout.contains("""
                row 5 (Cell) <Post #11>
                  avatarView (UIImageView): image="name:ava_pirple8" hidden=false
                  textLabel (UILabel): text="Calculate views geometry in the background for faster scrolling. #geometry #background" hidden=false
                  authorLabel (UILabel): text="Pirple 8" hidden=false
                  timeLabel (UILabel): text="7h" hidden=false
            """))
        #expect(first.stdout.hasSuffix("store: User 5, Account 1, Post 6\n"))

        let json = try CommandRunner.run(arguments + ["--format", "json"])
        #expect(json.status == 0)
        let snapshot = try JSONParser.parse(json.stdout).root
        #expect(snapshot["tables"]?.arrayValue?.first?["sections"]?.arrayValue?.first?["rows"]?.arrayValue?.count == 6)
        #expect(snapshot["events"]?.arrayValue?.last?["name"]?.stringValue == "homeFeedSuccess")
        #expect(snapshot["store"]?["Post"]?.integerValue == 6)
        #expect(try CommandRunner.run(arguments + ["--format", "json"]).stdout == json.stdout)
    }

    @Test func untilATimeStopsTheRunThere() throws {
        let outcome = try CommandRunner.run(["run", CommandRunner.feed, "--now", "2018-06-20T19:00:00Z", "--for", "0.3"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("homeFeedStart"))
        #expect(!outcome.stdout.contains("homeFeedReady"))
        #expect(outcome.stdout.contains("footerActivityIndicator (UIActivityIndicatorView): animating=true"))
    }

    @Test func anEnglishLocaleRunsAndAnyOtherIsRefusedWithItsReason() throws {
        let arguments = ["run", CommandRunner.feed, "--now", "2018-06-20T19:00:00Z"]
        let british = try CommandRunner.run(arguments + ["--locale", "en_GB"])
        #expect(british.status == 0)
        #expect(british.stdout.contains("timeLabel (UILabel): text=\"7h\""))
        let german = try CommandRunner.run(arguments + ["--locale", "de_DE"])
        #expect(german.status == 2)
        #expect(german.stderr.contains("locale de_DE is not supported [run.unsupported-locale]"))
        #expect(german.stdout.isEmpty)
    }

    @Test func eventsAreWrittenAsJSONLines() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("events.jsonl")
        let outcome = try CommandRunner.run(["run", CommandRunner.feed, "--now", "2018-06-20T19:00:00Z", "--events", file])
        #expect(outcome.status == 0)
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines.first == #"{"time":0.0,"event":"action","name":"currentUserStart","action":"currentUser","kind":"start","sender":null,"objects":[],"error":null}"#)
        let scenario = try CommandRunner.run(["run", CommandRunner.feed, "--scenario", CommandRunner.feed + "/Tests/3-post-details.scenario.json",
                                              "--events", file])
        #expect(scenario.status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains(#""event":"navigated""#))
        let nowhere = try CommandRunner.run(["run", CommandRunner.feed, "--events", "/no/such/folder/events.jsonl"])
        #expect(nowhere.status == 2)
        #expect(nowhere.stderr.contains("the folder /no/such/folder does not exist"))
    }

    /// A label bound to its own text never settles: the snapshot shows it after the passes
    /// `--max-render-passes` allows, and lists the problem with its place and code.
    @Test func aRenderThatDoesNotSettleStopsAtTheGivenPassLimit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let files = [
            "Info.json": #"{"identifier": "dev.example.Echo", "name": "Echo", "version": "1.0", "entryScreen": "S", "formatVersion": 1}"#,
            "StubService.json": #"{"actions": {}}"#,
            "S.json": #"{"S": {"elements": {"echo": {"bindings": [{"from": "echo.text", "format": "%@!"}]}}, "views": {"type": "UIView", "children": [{"id": "echo", "type": "UILabel"}]}}}"#,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: directory.file(name))) }
        let outcome = try CommandRunner.run(["run", directory.path, "--now", "2018-06-20T19:00:00Z", "--max-render-passes", "3"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains(#"echo (UILabel): text="!!!""#))
        #expect(outcome.stdout.contains("S.json:1:43: the bindings had not settled after 3 render passes: echo still changed in the last"))
        #expect(outcome.stdout.contains("[render.pass-limit]\n    at: /S/elements/echo/bindings/0\n    hint: "))
        let refused = try CommandRunner.run(["run", directory.path, "--max-render-passes", "0"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--max-render-passes takes a whole number from 1 to 1000, not 0 [usage.out-of-range]"))
    }

    /// `--service dev --for 600` against a server that answers slowly: a 60-second timer's call
    /// goes out at 60, 120, … 600 (the instant 600 included) and each answer comes back at the
    /// instant its request went out, so the run sees 10 calls, as with a server that answers at once.
    @Test func aTimerAgainstASlowServiceFiresOncePerIntervalOfRunTime() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let slow = TestResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array("{}".utf8),
                                behaviour: .delayHead(.milliseconds(300)))
        try await TestHTTPServer.with({ _ in slow }) { server in
            let files = [
                "Info.json": #"{"identifier": "dev.example.Ticker", "name": "Ticker", "version": "1.0", "entryScreen": "S", "formatVersion": 1}"#,
                "StubService.json": #"{"actions": {"ping": {"response": {}}}}"#,
                "Service.dev.json": #"{"defaults": {"baseUrl": "\#(server.baseURL)/"}, "actions": {"ping": {"path": "ping"}}}"#,
                "S.json": #"{"S": {"objects": {"timer": {"type": "TimerActionController", "attrs": {"actionName": "ping", "interval": 60}}}, "views": {"type": "UIView"}}}"#,
            ]
            for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: directory.file(name))) }
            let outcome = try CommandRunner.run(["run", directory.path, "--service", "dev", "--for", "600", "--now", "2018-06-20T19:00:00Z"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(server.requests.count == 10)
            let starts = outcome.stdout.components(separatedBy: "\n").filter { $0.hasSuffix(" pingStart") }
            #expect(starts.map { $0.trimmingCharacters(in: .whitespaces) } == (1...10).map { "t=\($0 * 60).000 pingStart" }, "\(outcome.stdout)")
            #expect(outcome.stdout.contains("t=600.000 pingReady"))
        }
    }

    @Test func aBrokenScreenIsReportedWithItsPlace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try directory.copy(of: CommandRunner.feed, as: "Bundle", editing: [("FeedViewController.json", "\"sortAscending\"", "\"sortAscendingg\"")])
        let outcome = try CommandRunner.run(["run", bundle])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("FeedViewController.json:"))
        #expect(outcome.stderr.contains("[screen.unknown-attribute]"))
        #expect(outcome.stderr.contains("sortAscendingg"))
    }

    /// `--default key=JSON` registers a user default before the run: the timeline picks its
    /// text-only cell when avatars are off.
    @Test func aDefaultFromTheCommandLineReachesTheBindings() throws {
        let tweets = Samples.widget("Tweets")
        let plain = try CommandRunner.run(["run", tweets, "--now", "2018-06-20T19:00:00Z"])
        let off = try CommandRunner.run(["run", tweets, "--now", "2018-06-20T19:00:00Z", "--default", "showAvatars=true", "--default", "showAvatars=false"])
        #expect(plain.status == 0 && off.status == 0, "\(plain.stderr)\(off.stderr)")
        #expect(!plain.stdout.contains("(TextCell)"))
        #expect(off.stdout.contains("(TextCell)"), "the last value of a key wins")
        let bad = try CommandRunner.run(["run", tweets, "--default", "showAvatars=nope"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--default 'showAvatars=nope': the value is not JSON"))
    }

    /// What the storyboard reader keeps out (here an embed segue) is a located warning, and the
    /// run goes on; `--strict` refuses the bundle with the same findings as errors.
    @Test func storyboardWarningsAreReportedAndStrictRefusesThem() throws {
        let folder = try TemporaryDirectory()
        let copy = folder.file("WidgetDemo")
        try FileManager.default.copyItem(atPath: Samples.file("Tests/Fixtures/WidgetDemo"), toPath: copy)
        let storyboard = copy + "/Base.lproj/Main.storyboard"
        let text = try String(contentsOfFile: storyboard, encoding: .utf8)
        try text.replacingOccurrences(of: #"<segue destination="CR3-lf-MN1" kind="show""#, with: #"<segue destination="CR3-lf-MN1" kind="embed""#)
            .write(toFile: storyboard, atomically: true, encoding: .utf8)

        let lenient = try CommandRunner.run(["run", copy, "--now", "2018-06-20T19:00:00Z"])
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(lenient.stderr.contains("Base.lproj/Main.storyboard:116:45: warning: embed segues are not performed [storyboard.unsupported-segue]"), "\(lenient.stderr)")
        #expect(lenient.stdout.hasPrefix("screen FeedViewController"))

        let strict = try CommandRunner.run(["run", copy, "--now", "2018-06-20T19:00:00Z", "--strict"])
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("Base.lproj/Main.storyboard:116:45: error: embed segues are not performed [storyboard.unsupported-segue]"), "\(strict.stderr)")
        #expect(strict.stdout.isEmpty)
    }

    /// What upstream skipped silently in the screen files and the service file (an outlet that
    /// names nothing, an `options` key with no effect) is a located warning in the run, and a
    /// located error with `--strict`.
    @Test func screenAndServiceWarningsAreReportedAndStrictRefusesThem() throws {
        let folder = try TemporaryDirectory()
        let copy = folder.file("WidgetDemo")
        try FileManager.default.copyItem(atPath: Samples.file("Tests/Fixtures/WidgetDemo"), toPath: copy)
        for (file, old, new) in [("FeedViewController.json", #""emptyDataView": "emptyDataView","#, #""emptyDataView": "emptyView","#),
                                 ("StubService.json", #""options": {"#, #""options": {"cacheSeconds": 60,"#)] {
            let text = try String(contentsOfFile: copy + "/" + file, encoding: .utf8)
            try text.replacingOccurrences(of: old, with: new).write(toFile: copy + "/" + file, atomically: true, encoding: .utf8)
        }

        let lenient = try CommandRunner.run(["run", copy, "--now", "2018-06-20T19:00:00Z"])
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(lenient.stderr.contains("FeedViewController.json:37:28: warning: outlet emptyDataView of tableDisplayController names emptyView, which is not an element or object of the screen; it is left unconnected [screen.unresolved-outlet]"), "\(lenient.stderr)")
        #expect(lenient.stderr.contains("hint: upstream skipped it silently; check the id"))
        #expect(lenient.stderr.contains("StubService.json:129:15: warning: options.cacheSeconds has no effect in StubService.json; it is ignored, as upstream ignored it [service.ignored-key]"), "\(lenient.stderr)")
        #expect(lenient.stdout.contains("problems:\n  FeedViewController.json:37:28: outlet emptyDataView"), "the snapshot keeps it among its problems")

        let strict = try CommandRunner.run(["run", copy, "--now", "2018-06-20T19:00:00Z", "--strict"])
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("FeedViewController.json:37:28: error: outlet emptyDataView"), "\(strict.stderr)")
        #expect(strict.stderr.contains("StubService.json:129:15: error: options.cacheSeconds"))
        #expect(strict.stdout.isEmpty)
    }
}
