import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryRender
import WidgetryRuntime
import WidgetryScenario
import WidgetryScreen
import WidgetryTestSupport

/// The samples drawn: the screen each scenario of each sample ends on, against its golden in
/// `Tests/Fixtures/Pictures` (set `WIDGETRY_UPDATE_GOLDENS=1` to rewrite them after a
/// deliberate change), and the Feed's first screen checked view by view.
@Suite("Render: the samples' screens")
struct SamplePictureTests {
    static let root = Samples.packageRootURL
    static let goldens = root.appendingPathComponent("Tests/Fixtures/Pictures").path

    static let samples: [String] = {
        Samples.widgetNames.filter { FileManager.default.fileExists(atPath: Samples.widget($0 + "/Tests")) }
    }()

    /// The pages of the screens `sample`'s scenarios end on, by golden name.
    private static func pictures(of sample: String) async throws -> [(name: String, html: String)] {
        let bundle = try await BundleLoader().load(try BundleSource(argument: Samples.widget(sample))).bundle
        var pages: [(String, String)] = []
        for path in ScenarioFiles.paths(in: bundle) {
            let scenario = try ScenarioFiles.read(path)
            var runner = ScenarioRunner()
            let last = PageSlot()
            runner.afterStep = { index, _, run in
                if index == scenario.steps.count - 1 { last.html = ScreenPicture.html(run) }
            }
            _ = await runner.run(scenario, bundle: bundle)
            let stem = (path as NSString).lastPathComponent.replacingOccurrences(of: ".scenario.json", with: "")
            pages.append(("\(sample)-\(stem).html", try #require(last.html, "\(path) ended before its last step")))
        }
        return pages
    }

    @Test(arguments: samples)
    func everyScenariosLastScreenMatchesItsGolden(_ sample: String) async throws {
        let pages = try await Self.pictures(of: sample)
        #expect(!pages.isEmpty)
        let update = ProcessInfo.processInfo.environment["WIDGETRY_UPDATE_GOLDENS"] == "1"
        for (name, html) in pages {
            let path = Self.goldens + "/" + name
            if update {
                try FileManager.default.createDirectory(atPath: Self.goldens, withIntermediateDirectories: true)
                try Data(html.utf8).write(to: URL(fileURLWithPath: path))
                continue
            }
            let expected = try String(contentsOfFile: path, encoding: .utf8)
            #expect(html == expected, "\(name) differs; if the change is deliberate, run with WIDGETRY_UPDATE_GOLDENS=1")
        }
        let again = try await Self.pictures(of: sample)
        #expect(again.map(\.html) == pages.map(\.html), "the same run draws the same bytes")
    }

    @Test func theFeedShowsItsTitleButtonSearchBarAndSixRowsWithAvatars() async throws {
        let bundle = try await BundleLoader().load(try BundleSource(argument: Samples.widget("Feed"))).bundle
        let run = try WidgetRun(bundle: bundle, options: WidgetRun.Options(now: Date(timeIntervalSince1970: 1_529_521_200)))
        await run.run(until: .infinity)
        let screen = ScreenPicture.draw(run)
        let all = screen.views.flatMap(Self.flattened)
        let bar = try #require(screen.views.first { $0.look == .navigationBar })
        #expect(bar.children.contains { $0.lines == ["Favio Mobile"] })
        #expect(bar.children.contains { $0.id == "addButton" && $0.lines == ["+"] && $0.frame.x > screen.device.width / 2 })
        let search = try #require(all.first { $0.id == "searchBar" })
        #expect(search.look == .searchBar && search.lines == ["Search"] && search.showsPlaceholder)
        let cells = all.filter { $0.type == "UITableViewCell" }
        #expect(cells.count == 6)
        #expect(zip(cells, cells.dropFirst()).allSatisfy { $0.frame.y + $0.frame.height == $1.frame.y }, "rows stack without gaps")
        let avatars = all.filter { $0.id == "avatarView" }
        #expect(avatars.map(\.look) == ["widgets", "ava_infinity", "ava_dragon", "ava_dots", "ava_pixels", "ava_pirple8"].map { .image(.named($0)) })
        let images = ScreenPicture.images(of: bundle)
        #expect(try #require(images.image(named: "ava_dragon")).mediaType == "image/png")
        #expect(images.image(named: "no_such_image") == nil)
        #expect(!all.contains { $0.id == "emptyDataView" }, "the empty-data view is hidden while there are posts")
        let html = ScreenPicture.html(run)
        #expect(html.components(separatedBy: "data:image/png;base64,").count == 7, "six avatars drawn from the asset catalogue")
        #expect(!html.contains("<script"))
    }

    @Test func aPictureIsTheDevicesScreenUnlessAFullPageIsAsked() async throws {
        let bundle = try await BundleLoader().load(try BundleSource(argument: Samples.widget("Feed"))).bundle
        let run = try WidgetRun(bundle: bundle, options: WidgetRun.Options(now: Date(timeIntervalSince1970: 1_529_521_200)))
        await run.run(until: .infinity)
        let small = try #require(Device(argument: "320x400"))
        let screen = ScreenPicture.draw(run, device: small)
        #expect(screen.height > small.height)
        let screenOnly = HTMLPicture.page(screen, images: nil)
        #expect(screenOnly.contains(#"style="width:320px;height:400px">"#), "the device's screen, the rows below it left out")
        #expect(!screenOnly.contains(#"<div class="fold""#), "no debugging marks unless asked")
        let full = HTMLPicture.page(screen, images: nil, options: PictureOptions(fullPage: true))
        #expect(!full.contains(#"style="width:320px;height:400px">"#), "the page goes on below the screen")
        #expect(!full.contains(#"<div class="fold""#))
        let marked = HTMLPicture.page(screen, images: nil, options: PictureOptions(fullPage: true, marksFold: true))
        #expect(marked.contains(#"<div class="fold" style="top:400px""#))
        let withBar = HTMLPicture.page(screen, images: nil, options: PictureOptions(statusBar: true))
        #expect(withBar.contains(#"<div class="status" style="height:20px">9:41"#))
        #expect(!screenOnly.contains("9:41"))
        let cells = screen.views.flatMap(Self.flattened).filter { $0.type == "UITableViewCell" }
        #expect(cells.allSatisfy { $0.frame.width == 320 }, "cells take the device's width")
    }

    @Test func aRefreshingControlSpinsAboveTheRows() async throws {
        let bundle = try await BundleLoader().load(try BundleSource(argument: Samples.widget("Tweets"))).bundle
        let run = try WidgetRun(bundle: bundle, options: WidgetRun.Options(now: Date(timeIntervalSince1970: 1_529_521_200)))
        await run.run(until: .infinity)
        #expect(!ScreenPicture.draw(run).views.flatMap(Self.flattened).contains { $0.type == "UIRefreshControl" }, "no spinner while idle")
        try await run.perform(.refresh("tableView"), for: 0.1)
        let views = ScreenPicture.draw(run).views.flatMap(Self.flattened)
        let spinner = try #require(views.first { $0.type == "UIRefreshControl" })
        #expect(spinner.look == .spinner)
        let firstRow = try #require(views.first { $0.row != nil })
        #expect(firstRow.frame.y >= spinner.frame.y + spinner.frame.height, "the rows move down below the spinner")
    }

    static func flattened(_ view: DrawnView) -> [DrawnView] {
        [view] + view.children.flatMap(flattened)
    }
}

/// Where a scenario's step hook leaves the page it drew.
private final class PageSlot: @unchecked Sendable {
    var html: String?
}
