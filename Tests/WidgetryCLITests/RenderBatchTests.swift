import Foundation
import Testing
import WidgetryAssets
import WidgetryRender
import WidgetryTestSupport

/// `widgetry render` of several screens, steps or bundles in one command: one file per picture
/// in the `-o` folder, each the same bytes as the picture drawn alone, every PNG through one
/// Chromium, and the combinations that make no sense refused.
@Suite("CLI: render of several pictures")
struct RenderBatchTests {
    static let now = ["--now", "2018-06-20T19:00:00Z"]
    static let hello = Samples.widget("Hello")

    /// The files of `folder` and below, relative to it, sorted.
    private static func files(in folder: String) -> [String] {
        (FileManager.default.subpaths(atPath: folder) ?? []).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    @Test func severalScreensAreOneFileEachTheSameAsEachDrawnAlone() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = scratch.file("out/pictures")
        let outcome = try CommandRunner.run(["render", CommandRunner.feed, "--screen", "PostDetailsViewController", "--screen", "FeedViewController",
                                             "-o", folder] + Self.now)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
        #expect(Self.files(in: folder) == ["FeedViewController.html", "PostDetailsViewController.html"])
        for screen in ["FeedViewController", "PostDetailsViewController"] {
            let alone = try CommandRunner.run(["render", CommandRunner.feed, "--screen", screen] + Self.now)
            #expect(try String(contentsOfFile: folder + "/\(screen).html", encoding: .utf8) == alone.stdout, "\(screen)")
        }
        let all = scratch.file("all")
        let every = try CommandRunner.run(["render", CommandRunner.feed, "--all-screens", "-o", all] + Self.now)
        #expect(every.status == 0, "\(every.stderr)")
        #expect(Self.files(in: all) == ["FeedViewController.html", "NewPostViewController.html", "PostDetailsViewController.html"])
    }

    @Test func everyStepOfAScenarioIsAPictureNamedAfterItsStep() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let scenario = CommandRunner.feed + "/Tests/3-post-details.scenario.json"
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scenario))) as? [String: Any])
        let steps = try #require(file["steps"] as? [Any])
        let outcome = try CommandRunner.run(["render", CommandRunner.feed, "--scenario", scenario, "--every-step", "-o", scratch.path + "/steps"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let names = (1...steps.count).map { "3-post-details-" + ($0 < 10 ? "0" : "") + "\($0).html" }
        #expect(Self.files(in: scratch.path + "/steps") == names)
        for step in [1, steps.count] {
            let alone = try CommandRunner.run(["render", CommandRunner.feed, "--scenario", scenario, "--step", "\(step)"])
            #expect(try String(contentsOfFile: scratch.path + "/steps/" + names[step - 1], encoding: .utf8) == alone.stdout, "step \(step)")
        }
    }

    @Test func aScenarioThatStopsKeepsTheStepsItDrewAndSaysWhereItStopped() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let scenario = scratch.file("stops.scenario.json")
        try Data(#"{"name": "stops", "settings": {"now": "2018-06-20T19:00:00Z"}, "steps": [{"tapRow": 1, "of": "tableView"}, {"tap": "nothing"}, {"back": true}]}"#.utf8)
            .write(to: URL(fileURLWithPath: scenario))
        let outcome = try CommandRunner.run(["render", CommandRunner.feed, "--scenario", scenario, "--every-step", "-o", scratch.path + "/steps"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("the scenario stopped before step 3"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("usage.missing-part"))
        #expect(Self.files(in: scratch.path + "/steps") == ["stops-01.html", "stops-02.html"])
    }

    @Test func aStepThatFailsIsDrawnAndReportedAndTheCommandFails() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let scenario = scratch.file("fails.scenario.json")
        try Data(#"{"name": "fails", "settings": {"now": "2018-06-20T19:00:00Z"}, "steps": [{"tapRow": 1, "of": "tableView"}, {"tap": "nothing"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: scenario))
        let picture = scratch.file("step2.html")
        let outcome = try CommandRunner.run(["render", CommandRunner.feed, "--scenario", scenario, "--step", "2", "-o", picture])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("step 2 (tap nothing)") || outcome.stderr.contains("nothing"), "the failure is said: \(outcome.stderr)")
        #expect(outcome.stderr.contains("step 2 of the scenario failed"), "\(outcome.stderr)")
        #expect(FileManager.default.fileExists(atPath: picture), "the picture is still written")
        let before = try CommandRunner.run(["render", CommandRunner.feed, "--scenario", scenario, "--step", "1", "-o", scratch.file("step1.html")])
        #expect(before.status == 0, "a step before the failure is drawn as usual: \(before.stderr)")
    }

    @Test func severalBundlesGoInAFolderEachNamedByPlaceAndIdentifier() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let outcome = try CommandRunner.run(["render", Self.hello, CommandRunner.feed, "-o", scratch.path] + Self.now)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(Self.files(in: scratch.path) == ["1-dev.example.Hello/NotesViewController.html", "2-mobi.favio.WidgetDemo/FeedViewController.html"])
        let alone = try CommandRunner.run(["render", Self.hello] + Self.now)
        #expect(try String(contentsOfFile: scratch.path + "/1-dev.example.Hello/NotesViewController.html", encoding: .utf8) == alone.stdout)
    }

    @Test func aScreenThatCannotBeShownDoesNotStopTheOthers() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let outcome = try CommandRunner.run(["render", CommandRunner.feed, "--screen", "FeedViewController", "--screen", "NoSuchScreen",
                                             "-o", scratch.path] + Self.now)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("NoSuchScreen"), "\(outcome.stderr)")
        #expect(Self.files(in: scratch.path) == ["FeedViewController.html"])
    }

    @Test(arguments: [
        (["--screen", "A", "--screen", "B"], "several pictures go into a folder: give -o DIR"),
        (["--all-screens"], "several pictures go into a folder: give -o DIR"),
        (["--every-step", "-o", "x"], "--every-step draws each step of --scenario"),
        (["--scenario", "s.json", "--every-step", "--step", "2", "-o", "x"], "give one"),
        (["--all-screens", "--screen", "A", "-o", "x"], "leave out --screen"),
        (["--scenario", "s.json", "--screen", "A"], "give one or the other"),
    ])
    func combinationsThatMakeNoSenseAreRefused(options: [String], message: String) throws {
        let outcome = try CommandRunner.run(["render", CommandRunner.feed] + options)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("usage.invalid-arguments"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    }

    @Test func aFileWhereTheFolderShouldBeIsRefused() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let file = scratch.file("taken")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let outcome = try CommandRunner.run(["render", CommandRunner.feed, "--all-screens", "-o", file] + Self.now)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("usage.invalid-option"), "\(outcome.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x")
    }

    @Test(.enabled(if: ChromiumScreenshot.executable() != nil, "needs Debian's chromium (scripts/browser-test installs it)"))
    func everyPNGOfACommandComesFromOneChromiumAndMatchesThePictureDrawnAlone() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let counting = try CountingChromium(in: scratch)
        let folder = scratch.file("pngs")
        let outcome = try CommandRunner.run(["render", CommandRunner.feed, "--all-screens", "--format", "png", "-o", folder] + Self.now,
                                            environment: ["WIDGETRY_CHROMIUM": counting.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let screens = ["FeedViewController", "NewPostViewController", "PostDetailsViewController"]
        #expect(Self.files(in: folder) == screens.map { $0 + ".png" })
        let browsers = counting.browsers
        #expect(browsers.count == 1, "one Chromium drew the three pictures")
        for browser in browsers { #expect(!ProcessGroups.exists(browser), "Chromium ended with the command") }
        for screen in screens {
            let alone = scratch.file(screen + ".png")
            let single = try CommandRunner.run(["render", CommandRunner.feed, "--screen", screen, "--format", "png", "-o", alone] + Self.now)
            #expect(single.status == 0, "\(single.stderr)")
            #expect(FileManager.default.contents(atPath: folder + "/" + screen + ".png") == FileManager.default.contents(atPath: alone), "\(screen)")
            let picture = try PNGImage(png: [UInt8](try Data(contentsOf: URL(fileURLWithPath: alone))))
            #expect(picture.text == [PictureFont.keyword: PictureFont.resolved()], "the PNG records the font it was drawn in")
        }
    }
}
