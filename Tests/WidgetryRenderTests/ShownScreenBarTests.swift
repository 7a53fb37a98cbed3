import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryRender
import WidgetryRuntime
import WidgetryScreen
import WidgetryTestSupport

/// A screen shown from the feed draws its own navigation item in the bar, on both forms of
/// upstream's WidgetDemo: the new post screen (in a navigation controller of its own) its title
/// and its Cancel and Post items, the post details screen (pushed) its title and a back button
/// titled by the feed's back bar button item.
@Suite("Render: a shown screen's own bar", .enabled(if: UpstreamDemo.isAvailable, "needs ../shared/upstream/WidgetDemo.zip and WidgetDemo-source"))
struct ShownScreenBarTests {
    /// The bar of the screen `interaction` leads to from the feed of the bundle at `path`.
    private static func bar(_ path: String, after interaction: Interaction) async throws -> DrawnView {
        var options = BundleLoader.Options()
        options.read.identifier = "mobi.favio.WidgetDemo"
        let loaded = try await BundleLoader(options: options).load(try BundleSource(argument: path))
        defer { loaded.removeExtractedFiles() }
        let run = try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: Date(timeIntervalSince1970: 1_529_521_200)))
        await run.run(until: .infinity)
        try await run.perform(interaction)
        return try #require(ScreenPicture.draw(run, device: .standard).views.first { $0.look == .navigationBar })
    }

    /// The bar's texts from the leading edge, each with its colour.
    private static func texts(_ bar: DrawnView) -> [String] {
        bar.children.filter { !$0.lines.isEmpty }.sorted { $0.frame.x < $1.frame.x }.flatMap(\.lines)
    }

    @Test(arguments: [UpstreamDemo.zip, UpstreamDemo.sources])
    func aPresentedScreenShowsItsTitleAndItems(path: String) async throws {
        let bar = try await Self.bar(path, after: .tap("UIButton-1"))
        #expect(Self.texts(bar) == ["Cancel", "New Post", "Post"])
        #expect(bar.barStyle == .black, "its own navigation controller's bar")
        #expect(bar.children.allSatisfy { $0.textColor == DesignColor(white: 1) }, "the title white, the items in the bar's white tint")
    }

    @Test(arguments: [UpstreamDemo.zip, UpstreamDemo.sources])
    func aPushedScreenShowsItsTitleAndABackButton(path: String) async throws {
        let bar = try await Self.bar(path, after: .tapRow(table: "tableView", section: 0, row: 0))
        // The feed's back bar button item is titled " ": the chevron alone, as on the device.
        #expect(Self.texts(bar) == ["‹", "Post"])
    }
}
