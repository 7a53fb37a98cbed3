import Foundation
import Testing
import WidgetryTestSupport

/// `widgetry render` and `widgetry test --pictures`, run as a user runs them.
@Suite("CLI: render and pictures")
struct RenderCommandTests {
    @Test func aPNGWithoutChromiumSaysWhatToInstallAndWritesNothing() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let outcome = try CommandRunner.run(["render", CommandRunner.feed, "--format", "png", "-o", scratch.file("feed.png")],
                                            environment: ["WIDGETRY_CHROMIUM": "/nonexistent/chromium"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("[usage.missing-program]"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("apt-get install chromium") && outcome.stderr.contains("--format html needs no browser"))
        #expect(scratch.listing().isEmpty)
    }

    @Test func renderPrintsTheSameHTMLEveryTime() throws {
        let arguments = ["render", CommandRunner.feed, "--now", "2018-06-20T19:00:00Z"]
        let first = try CommandRunner.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(first.stdout.contains(#"data-screen="FeedViewController" data-device="iphone-8""#))
        #expect(first.stdout.contains("Favio Mobile"))
        #expect(try CommandRunner.run(arguments).stdout == first.stdout)
    }

    @Test func thePictureIsTheDevicesScreenUnlessTheWholePageOrTheStatusBarIsAsked() throws {
        let arguments = ["render", CommandRunner.feed, "--now", "2018-06-20T19:00:00Z"]
        let screen = try CommandRunner.run(arguments)
        #expect(screen.stdout.contains(#"data-device="iphone-8" style="width:375px;height:667px">"#), "\(screen.stderr)")
        #expect(!screen.stdout.contains(#"<div class="fold""#) && !screen.stdout.contains("9:41"))
        let full = try CommandRunner.run(arguments + ["--full-page", "--mark-fold", "--status-bar"])
        #expect(!full.stdout.contains(#"style="width:375px;height:667px">"#), "the rows below the screen are drawn")
        #expect(full.stdout.contains(#"<div class="fold" style="top:667px""#))
        #expect(full.stdout.contains(#"<div class="status" style="height:20px">9:41"#))
    }

    @Test func aScenarioStepPicksTheScreenDrawn() throws {
        let outcome = try CommandRunner.run(["render", CommandRunner.feed, "--scenario", CommandRunner.feed + "/Tests/3-post-details.scenario.json",
                                             "--device", "iphone-x"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains(#"data-screen="PostDetailsViewController" data-device="iphone-x""#))
        let beyond = try CommandRunner.run(["render", CommandRunner.feed, "--scenario", CommandRunner.feed + "/Tests/3-post-details.scenario.json",
                                            "--step", "99"])
        #expect(beyond.status == 2)
        #expect(beyond.stderr.contains("usage.out-of-range"))
    }

    @Test func anUnknownDeviceIsRefusedWithTheKnownOnes() throws {
        let outcome = try CommandRunner.run(["render", CommandRunner.feed, "--device", "nokia-3310"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("usage.invalid-option"))
        #expect(outcome.stderr.contains("iphone-8"))
    }

    @Test func aPNGWithoutChromiumNamesThePackageToInstall() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = scratch.file("render")
        let outcome = try CommandRunner.run(["render", CommandRunner.feed, "--format", "png", "-o", folder + "/feed.png"],
                                            environment: ["WIDGETRY_CHROMIUM": "/nonexistent/chromium"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("usage.missing-program"))
        #expect(outcome.stderr.contains("apt-get install chromium"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/feed.png"))
        let noFile = try CommandRunner.run(["render", CommandRunner.feed, "--format", "png"])
        #expect(noFile.status == 2, "a PNG needs -o")
    }

    @Test func testPicturesWritesAPicturePerStepAndAnIndex() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = scratch.file("pictures")
        let outcome = try CommandRunner.run(["test", CommandRunner.feed, "--scenario", "search", "--pictures", folder])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let steps = files.filter { $0.hasPrefix("2-search-") }
        #expect(steps.count >= 2)
        #expect(steps.first == "2-search-01.html")
        #expect(files.contains("index.html"))
        let index = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        for step in steps { #expect(index.contains(#"<iframe src="\#(step)""#)) }
        #expect(index.contains("screen FeedViewController"), "each picture sits beside its text snapshot")
        let picture = try String(contentsOfFile: folder + "/" + steps[0], encoding: .utf8)
        #expect(picture.hasPrefix("<!DOCTYPE html>"))
    }
}
