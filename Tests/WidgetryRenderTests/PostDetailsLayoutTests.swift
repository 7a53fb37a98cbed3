import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryRender
import WidgetryRuntime
import WidgetryScreen
import WidgetryTestSupport

/// Upstream's WidgetDemo post details screen laid out as UIKit lays it out, on both forms: its
/// labels are placed by constraints that leave their widths to their text (centred, or pinned
/// at one edge only), so each is as wide as its text (its intrinsic content size), and the
/// device shows the author, nickname, date and counts whole, each on one line.
@Suite("Render: post details as on the device", .enabled(if: UpstreamDemo.isAvailable, "needs ../shared/upstream/WidgetDemo.zip and WidgetDemo-source"))
struct PostDetailsLayoutTests {
    /// The post details screen of the bundle at `path`, pushed by tapping the feed's first row,
    /// at upstream's recording time, at the size the recording was laid out at (375×667).
    private static func details(_ path: String) async throws -> DrawnScreen {
        var options = BundleLoader.Options()
        options.read.identifier = "mobi.favio.WidgetDemo"
        let loaded = try await BundleLoader(options: options).load(try BundleSource(argument: path))
        defer { loaded.removeExtractedFiles() }
        let run = try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: Date(timeIntervalSince1970: 1_529_521_200)))
        await run.run(until: .infinity)
        try await run.perform(.tapRow(table: "tableView", section: 0, row: 0))
        return ScreenPicture.draw(run, device: .standard)
    }

    private static func all(_ views: [DrawnView]) -> [DrawnView] {
        views.flatMap { [$0] + all($0.children) }
    }

    /// The screen's labels with text, from the top, then from the leading edge.
    private static func labels(_ screen: DrawnScreen) -> [DrawnView] {
        all(screen.views).filter { $0.type == "UILabel" && !$0.lines.isEmpty }
            .sorted { ($0.frame.y, $0.frame.x) < ($1.frame.y, $1.frame.x) }
    }

    @Test(arguments: [UpstreamDemo.zip, UpstreamDemo.sources])
    func theAuthorNicknameAndDateAreWholeOnOneLine(path: String) async throws {
        let labels = Self.labels(try await Self.details(path))
        let lines = labels.map(\.lines)
        #expect(lines.contains(["Favio Mobile"]), "\(lines)")
        #expect(lines.contains(["@faviomob"]), "\(lines)")
        // The post's timestamp, as the stub gives it relative to the run's time.
        #expect(lines.contains { $0.count == 1 && $0[0].hasPrefix("2018-06-") && $0[0].hasSuffix(" 18:00:00 +0000") }, "\(lines)")
        // The author and nickname are centred on the screen, as wide as their text.
        for text in ["Favio Mobile", "@faviomob"] {
            let label = try #require(labels.first { $0.lines == [text] })
            #expect(abs(label.frame.x + label.frame.width / 2 - 187.5) < 0.01, "\(text) at \(label.frame)")
            #expect(label.frame.width == TextMetrics.width(of: text, font: label.font).rounded(.up), "\(text) at \(label.frame)")
        }
    }

    @Test(arguments: [UpstreamDemo.zip, UpstreamDemo.sources])
    func theCountsAndTheirNamesAreWholeInARow(path: String) async throws {
        let labels = Self.labels(try await Self.details(path))
        let row = labels.filter { ["REPOSTS", "FAVORITES"].contains($0.lines.first) || Int($0.lines.first ?? "") != nil }
        #expect(row.map(\.lines) == [["9000"], ["REPOSTS"], ["9999"], ["FAVORITES"]], "\(labels.map(\.lines))")
        // Each follows the one before at the storyboard's spacing: 10 after a count, 30 after a name.
        let gaps = zip(row, row.dropFirst()).map { $1.frame.x - ($0.frame.x + $0.frame.width) }
        #expect(gaps == [10, 30, 10], "\(row.map(\.frame))")
        #expect(Set(row.map(\.frame.y)).count == 1, "on one line: \(row.map(\.frame))")
    }
}
