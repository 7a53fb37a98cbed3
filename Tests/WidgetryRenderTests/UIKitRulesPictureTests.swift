import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryRender
import WidgetryRuntime
import WidgetryScreen
import WidgetryTestSupport

/// UIKit's rules where upstream's WidgetDemo relies on them (docs/RENDERING.md#uikits-rules),
/// checked on its feed drawn from both forms at the size the host shows it (210×270).
@Suite("Render: UIKit's rules", .enabled(if: UpstreamDemo.isAvailable, "needs ../shared/upstream/WidgetDemo.zip and WidgetDemo-source"))
struct UIKitRulesPictureTests {
    static let device = Device(argument: "210x270")!

    /// The feed of the bundle at `path`, run at upstream's recording time, laid out at 210×270.
    private static func feed(_ path: String, device: Device = device) async throws -> DrawnScreen {
        var options = BundleLoader.Options()
        options.read.identifier = "mobi.favio.WidgetDemo"
        let loaded = try await BundleLoader(options: options).load(try BundleSource(argument: path))
        defer { loaded.removeExtractedFiles() }
        let run = try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: Date(timeIntervalSince1970: 1_529_521_200)))
        await run.run(until: .infinity)
        return ScreenPicture.draw(run, device: device)
    }

    private static func all(_ views: [DrawnView]) -> [DrawnView] {
        views.flatMap { [$0] + all($0.children) }
    }

    private static func cells(_ screen: DrawnScreen) -> [DrawnView] {
        all(screen.views).filter { $0.type == "UITableViewCell" && $0.row != nil }
    }

    @Test(arguments: [UpstreamDemo.zip, UpstreamDemo.sources])
    func aCellsSelectedBackgroundViewIsNotDrawn(path: String) async throws {
        let screen = try await Self.feed(path)
        let cells = Self.cells(screen)
        #expect(cells.count >= 4)
        // The prototype's selected background is a blue (0, 0.5, 1) view: rows are not selected.
        let blue = Self.all(cells).filter { $0.backgroundColor.map { $0.red == 0 && $0.blue == 1 } ?? false }
        #expect(blue.isEmpty, "no selected background in \(blue.count) places")
        // The cell itself keeps its dark background.
        #expect(cells.allSatisfy { $0.backgroundColor.map { $0.red < 0.2 && $0.alpha == 1 } ?? false })
        // The avatar clips as designed (clipsSubviews), so an aspect-filled image stays in its square.
        let avatars = Self.all(cells).filter { $0.id == "avatarView" }
        #expect(!avatars.isEmpty && avatars.allSatisfy(\.clips))
    }

    @Test(arguments: [UpstreamDemo.zip, UpstreamDemo.sources])
    func contactAddIsUIKitsPlusInACircleInItsTint(path: String) async throws {
        let screen = try await Self.feed(path)
        let button = try #require(Self.all(screen.views).first { $0.type == "UIButton" })
        #expect(button.look == .systemButton(.contactAdd))
        #expect(button.textColor == DesignColor(white: 1), "the storyboard's white tint")
        let html = HTMLPicture.page(screen, images: nil)
        #expect(html.contains(#"<svg class="glyph" width="22" height="22" viewBox="0 0 22 22" style="left:9px;top:9px">"#), "centred in the 40 pt disc")
        #expect(html.contains(##"<path d="M11 6v10M6 11h10" stroke="#ffffff""##))
    }

    @Test(arguments: [UpstreamDemo.zip, UpstreamDemo.sources])
    func rowsAreAsTallAsTheirText(path: String) async throws {
        // At the width the recordings were laid out at (375 pt, shown scaled in the host).
        let screen = try await Self.feed(path, device: try #require(Device(argument: "375x667")))
        let cells = Self.cells(screen)
        #expect(cells.count >= 4)
        for cell in cells {
            let texts = Self.all(cell.children).filter { $0.type == "UILabel" && !$0.lines.isEmpty }
            for text in texts {
                #expect(text.frame.y + text.frame.height <= cell.frame.y + cell.frame.height, "\(text.lines) is inside its row")
                #expect(!(text.lines.last ?? "").hasSuffix("…"), "\(text.lines) is not cut")
            }
        }
        // The designed 75 pt grows for three lines: 31 above the text, 12 below.
        let heights = cells.prefix(4).map(\.frame.height)
        #expect(heights[0] > 75 && heights[0] == 31 + 3 * 17 + 12, "\(heights)")
        #expect(Set(heights).count > 1, "rows differ with their text: \(heights)")
    }

    @Test(arguments: [UpstreamDemo.zip, UpstreamDemo.sources])
    func barsAreDrawnInTheirDesignedStyles(path: String) async throws {
        let screen = try await Self.feed(path)
        // The navigation controller's bar is black with a white tint: a dark bar, a white title.
        let bar = try #require(screen.views.first { $0.look == .navigationBar })
        #expect(bar.barStyle == .black)
        #expect(bar.backgroundColor.map { $0.red < 0.2 && $0.green < 0.2 && $0.blue < 0.2 } ?? false, "\(String(describing: bar.backgroundColor))")
        #expect(bar.children.filter { !$0.lines.isEmpty }.allSatisfy { $0.textColor == DesignColor(white: 1) })
        // The search bar is black and minimal: a dark field with a magnifier, on the screen's colour.
        let search = try #require(Self.all(screen.views).first { $0.look == .searchBar })
        #expect(search.barStyle == .black)
        let html = HTMLPicture.page(screen, images: nil)
        #expect(html.contains(#"class="v search black""#))
        #expect(html.contains(#"<div class="well"><svg width="14" height="14""#), "the magnifier")
        #expect(html.contains(#"class="v bar black""#))
    }

    @Test(arguments: [UpstreamDemo.zip, UpstreamDemo.sources])
    func aTableWithoutSeparatorsDrawsNone(path: String) async throws {
        let screen = try await Self.feed(path)
        #expect(!Self.cells(screen).isEmpty)
        #expect(Self.all(screen.views).filter { $0.type == "separator" }.isEmpty, "separatorStyle none")
    }
}
