import Foundation
import Testing
import WidgetryAssets
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryRender
import WidgetryRuntime
import WidgetryScreen
import WidgetryTestSupport

/// Upstream's WidgetDemo drawn from its shipped zip (compiled nibs, Assets.car) and from its
/// sources: the feed screen is the same picture. Skipped when `../shared/upstream` is not
/// beside the checkout.
@Suite("Render: compiled and source forms", .enabled(if: UpstreamDemo.isAvailable, "needs ../shared/upstream/WidgetDemo.zip and WidgetDemo-source"))
struct CompiledPictureTests {
    /// The feed's page from the bundle at `path`, run at upstream's recording time, or the page
    /// of the screen `interaction` leads to from it.
    private static func feed(_ path: String, then interaction: Interaction? = nil) async throws -> (html: String, screen: DrawnScreen) {
        var options = BundleLoader.Options()
        options.read.identifier = "mobi.favio.WidgetDemo"
        let loaded = try await BundleLoader(options: options).load(try BundleSource(argument: path))
        defer { loaded.removeExtractedFiles() }
        let run = try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: Date(timeIntervalSince1970: 1_529_521_200)))
        await run.run(until: .infinity)
        if let interaction { try await run.perform(interaction) }
        return (ScreenPicture.html(run), ScreenPicture.draw(run))
    }

    /// The feed and a post's details, drawn by Chromium from each form, are the same picture as
    /// `widgetry test` compares pictures (no pixel past pixelmatch's threshold). Their bytes differ
    /// inside the avatars only, by at most two levels of a channel: the catalogue's decoded
    /// pixels against the source's PNG files.
    @Test(.enabled(if: ChromiumScreenshot.executable() != nil, "needs Debian's chromium (scripts/browser-test installs it)"),
          arguments: [nil, Interaction.tapRow(table: "tableView", section: 0, row: 0)])
    func bothFormsDrawTheSamePNG(after interaction: Interaction?) async throws {
        let session = try ChromiumSession()
        var pictures: [PNGImage] = []
        for path in [UpstreamDemo.zip, UpstreamDemo.sources] {
            let page = try await Self.feed(path, then: interaction)
            let height = Int(PictureOptions().height(of: page.screen).rounded(.up))
            pictures.append(try PNGImage(png: await session.picture(of: page.html, width: Int(page.screen.device.width.rounded(.up)), height: height)))
        }
        await session.close()
        let comparison = PictureComparison(golden: pictures[1], picture: pictures[0])
        #expect(comparison.verdict == .same(differingPixels: 0), "\(comparison.difference.map { "\($0.differingPixels) pixels differ" } ?? "\(comparison.verdict)")")
        let largest = zip(pictures[0].pixels, pictures[1].pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 2, "the avatars' pixels differ by rounding only")
    }

    /// The page without what the two forms cannot share: a view's design identifier (ibtool
    /// drops the XML ids, so a compiled view is named by its nib and object) and the bytes of
    /// an image (the catalogue's decoded pixels and the source's PNG file are encoded apart; the
    /// image's name stays in `alt`).
    static func comparable(_ html: String) -> String {
        html.replacing(#/ data-design-id="[^"]*"/#, with: "").replacing(/src="data:[^"]*"/, with: #"src="…""#)
    }

    @Test func theFeedIsTheSamePictureFromTheZipAndFromTheSources() async throws {
        let compiled = try await Self.feed(UpstreamDemo.zip)
        let source = try await Self.feed(UpstreamDemo.sources)
        #expect(compiled.screen.problems.isEmpty, "no constraint is left out: \(compiled.screen.problems)")
        #expect(source.screen.problems.isEmpty, "\(source.screen.problems)")
        let (left, right) = (Self.comparable(compiled.html), Self.comparable(source.html))
        let pairs = zip(left.split(separator: "\n"), right.split(separator: "\n")).enumerated()
        if let (line, (compiledLine, sourceLine)) = pairs.first(where: { $0.element.0 != $0.element.1 }) {
            Issue.record("the pictures differ first at line \(line + 1):\ncompiled: \(compiledLine)\nsource:   \(sourceLine)")
        }
        #expect(left.split(separator: "\n").count == right.split(separator: "\n").count)
        // What the compiled nibs now give: the source's fonts, colours and alignment.
        #expect(compiled.html.contains("font-size:14px;line-height:17px;color:#ebebeb;text-align:left"), "post text: 14 pt light grey")
        #expect(compiled.html.contains("color:#efeff4;text-align:right"), "the time is right-aligned")
    }
}

/// Upstream's WidgetDemo beside the checkout: the shipped zip and its source folder.
enum UpstreamDemo {
    static let zip = Samples.upstream("WidgetDemo.zip")
    static let sources = Samples.upstream("WidgetDemo-source")
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: zip) && FileManager.default.fileExists(atPath: sources) }
}
