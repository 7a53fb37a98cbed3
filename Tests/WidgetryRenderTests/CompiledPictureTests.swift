import Foundation
import Testing
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
    /// The feed's page from the bundle at `path`, run at upstream's recording time.
    private static func feed(_ path: String) async throws -> (html: String, screen: DrawnScreen) {
        var options = BundleLoader.Options()
        options.read.identifier = "mobi.favio.WidgetDemo"
        let loaded = try await BundleLoader(options: options).load(try BundleSource(argument: path))
        defer { loaded.removeExtractedFiles() }
        let run = try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: Date(timeIntervalSince1970: 1_529_521_200)))
        await run.run(until: .infinity)
        return (ScreenPicture.html(run), ScreenPicture.draw(run))
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
