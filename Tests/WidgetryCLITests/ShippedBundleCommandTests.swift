import Foundation
import Testing
import WidgetryBundleFetch
import WidgetryTestSupport

/// The commands on upstream's shipped bundle, `../shared/upstream/WidgetDemo.zip`, whose
/// storyboard and model are compiled. Skipped when the shared folder is not beside the checkout.
@Suite("Shipped bundle commands", .enabled(if: ShippedBundle.isAvailable, "needs ../shared/upstream"))
struct ShippedBundleCommandTests {
    static let zip = ShippedBundle.zip

    @Test func runShowsTheFeedFromTheCompiledStoryboard() throws {
        let outcome = try CommandRunner.run(["run", Self.zip, "--now", "2018-06-20T19:00:00Z"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("screen FeedViewController at t=0.500 (2018-06-20T19:00:00Z)\n"))
        #expect(outcome.stdout.contains("    titleLabel (UILabel): text=\"Favio Mobile\" hidden=false\n"))
        #expect(outcome.stdout.contains("      authorLabel (UILabel): text=\"Pirple 8\" hidden=false\n"))
        #expect(!outcome.stderr.contains("compiled-storyboard"))
    }

    /// The zip and the untouched source folder print the same snapshot, line for line, in text
    /// and in JSON; the folder's Info.plist leaves the identifier to Xcode, so it is given.
    @Test func theZipAndItsSourcesPrintTheSameSnapshot() throws {
        for format in ["text", "json"] {
            let zip = try CommandRunner.run(["run", Self.zip, "--now", "2018-06-20T19:00:00Z", "--format", format])
            let sources = try CommandRunner.run(["run", ShippedBundle.sources, "--identifier", "mobi.favio.WidgetDemo",
                                                 "--now", "2018-06-20T19:00:00Z", "--format", format])
            #expect(zip.status == 0 && sources.status == 0, "\(zip.stderr)\(sources.stderr)")
            #expect(zip.stdout == sources.stdout, "\(format)")
            #expect(zip.stdout.contains("UIButton-1"))
        }
        let unnamed = try CommandRunner.run(["run", ShippedBundle.sources])
        #expect(unnamed.status != 0)
        #expect(unnamed.stderr.contains("[bundle.unresolved-identifier]"))
        #expect(unnamed.stderr.contains("--identifier"))
    }

    @Test func inspectValidateAndLintReadIt() throws {
        let inspect = try CommandRunner.run(["inspect", Self.zip])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.hasPrefix("WidgetDemo 1.0 (mobi.favio.WidgetDemo)\n"), "the manifest from the binary Info.plist")
        #expect(inspect.stdout.contains("storyboards: Base.lproj/Main.storyboardc"))
        #expect(inspect.stdout.contains("model: Model.momd, 3 entities (compiled)\n"))
        #expect(inspect.stdout.contains("storyboards: Base.lproj/Main.storyboardc (compiled: 5 scenes in 8 nibs)\n"))
        #expect(inspect.stdout.contains("images (9) from Assets.car:\n  AppIcon\n  ava_dots\n"))
        let validate = try CommandRunner.run(["validate", Self.zip])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let lint = try CommandRunner.run(["lint", Self.zip])
        #expect(lint.status == 0, "no errors: \(lint.stdout)\(lint.stderr)")
        #expect((lint.stdout + lint.stderr).contains("warning: searchController.actionName names action 'searchPosts', which no service file defines [unknown-action]"),
                "upstream's feed names searchPosts, which its stub does not define; upstream dropped the call, so it is a warning")
        #expect(!(lint.stdout + lint.stderr).contains("storyboard.compiled"))
    }
}

extension ShippedBundleCommandTests {
    /// A copy of the zip's bundle with two mistakes made inside its nibs (same lengths, so the
    /// archives stay well-formed): the table's empty view renamed, which the screen file's outlet
    /// no longer finds, and an unknown key in a Post Details binding; and an image name that
    /// Assets.car lacks. Lint places each: the outlet and the image at their line and column in
    /// the JSON, the binding by nib, scene, object and key.
    @Test func aBrokenCopyGivesLocatedFindings() throws {
        let folder = try TemporaryDirectory()
        try ArchiveExtractor().extract(archiveAt: Self.zip, to: folder.file("copy"))
        let bundle = folder.file("copy/WidgetDemo.bundle")
        let nibs = bundle + "/Base.lproj/Main.storyboardc/"
        try Self.patch(nibs + "zbs-L4-ivJ-view-Ech-rE-AyQ.nib", "emptyDataView", with: "emptyDataVieX")
        try Self.patch(nibs + "CR3-lf-MN1-view-VpZ-Lg-ccU.nib", "\"placeholder\"", with: "\"placeholdeX\"")
        // A default avatar that Assets.car does not hold (it holds "widgets").
        let feed = bundle + "/FeedViewController.json"
        let source = try String(contentsOfFile: feed, encoding: .utf8)
        try source.replacingOccurrences(of: "\"avatarView\": {", with: "\"avatarView\": {\"attrs\": {\"wx_imageName\": \"widgetz\"}, ")
            .write(toFile: feed, atomically: true, encoding: .utf8)

        let text = try CommandRunner.run(["lint", bundle])
        #expect(text.status == 1)
        #expect(text.stdout.contains("FeedViewController.json:33:38: warning: outlet emptyDataView of tableDisplayController names emptyDataView, which is not an element or object of the screen; it is left unconnected [screen.unresolved-outlet]"), "\(text.stdout)")
        #expect(text.stdout.contains("/Base.lproj/Main.storyboardc/CR3-lf-MN1-view-VpZ-Lg-ccU.nib: error: Scene-CR3-lf-MN1, UILabel object 11, wx.addBinding: wx.addBinding has no key \"placeholdeX\" [storyboard.binding]"), "\(text.stdout)")

        #expect(text.stdout.contains("FeedViewController.json:84:54: warning: avatarView in FeedViewController shows image 'widgetz', which the bundle does not carry [unknown-image]"), "\(text.stdout)")
        #expect(text.stdout.contains("hint: did you mean \"widgets\"?"), "the names come from Assets.car")

        let json = try CommandRunner.run(["lint", bundle, "--format", "json"])
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let outlet = try #require(findings.first { $0["rule"] as? String == "screen.unresolved-outlet" })
        #expect(outlet["pointer"] as? String == "/FeedViewController/objects/tableDisplayController/outlets/emptyDataView")
        #expect(outlet["line"] as? Int == 33)
        let inNib = findings.filter { ($0["file"] as? String)?.hasSuffix("CR3-lf-MN1-view-VpZ-Lg-ccU.nib") == true }
        #expect(!inNib.isEmpty && inNib.allSatisfy { $0["rule"] as? String == "storyboard.binding" }, "one for each binding with a placeholder")
        #expect(inNib.contains { ($0["message"] as? String)?.hasPrefix("Scene-CR3-lf-MN1, UILabel object 11, wx.addBinding: ") == true })
    }

    /// `--extract-images`: every image of Assets.car as a PNG named as UIKit names scales, into
    /// a folder where nothing is overwritten.
    @Test func theCataloguesImagesAreExtractedAsPNG() throws {
        let folder = try TemporaryDirectory()
        let out = folder.file("images")
        let outcome = try CommandRunner.run(["inspect", Self.zip, "--extract-images", out])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(names == ["AppIcon@2x.png", "ava_dots.png", "ava_dragon.png", "ava_infinity.png", "ava_pirple8.png", "ava_pixels.png",
                          "delete_button@2x.png", "gear@2x.png", "widgets@3x.png"], "nothing else left behind: \(names)")
        #expect(outcome.stdout == names.map { "\(out)/\($0)\n" }.joined())
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/ava_dots.png")))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect((width, height) == (400, 400))
        let again = try CommandRunner.run(["inspect", Self.zip, "--extract-images", out])
        #expect(again.status == 2)
        #expect(again.stderr.contains("exists already [io.unwritable-file]"))
        let sources = try CommandRunner.run(["inspect", ShippedBundle.sources, "--identifier", "mobi.favio.WidgetDemo", "--extract-images", folder.file("none")])
        #expect(sources.status == 2)
        #expect(sources.stderr.contains("[usage.missing-part]"))
    }

    /// Replaces every `old` in the file by `new`, of the same length.
    static func patch(_ path: String, _ old: String, with new: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let from = Array(old.utf8), to = Array(new.utf8)
        precondition(from.count == to.count)
        var patched: [UInt8] = []
        var index = 0
        var replaced = 0
        while index < bytes.count {
            if index + from.count <= bytes.count, Array(bytes[index..<index + from.count]) == from {
                patched += to
                index += from.count
                replaced += 1
            } else {
                patched.append(bytes[index])
                index += 1
            }
        }
        #expect(replaced > 0, "\(old) is not in \(path)")
        try Data(patched).write(to: URL(fileURLWithPath: path))
    }
}

/// Where upstream's shipped bundle sits: `../shared/upstream` beside the checkout.
enum ShippedBundle {
    static let zip = Samples.upstream("WidgetDemo.zip")

    static let sources = Samples.upstream("WidgetDemo-source")

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: zip) && FileManager.default.fileExists(atPath: sources) }
}
