import Foundation
import Testing
import WidgetryTestSupport

/// `inspect --extract-images DIR` with hostile catalogues: names that climb out of DIR, files
/// that exist in it, and canvases of compressed zeros.
@Suite struct ImageExtractionTests {
    /// A copy of the Hello sample carrying an `Assets.car` of `images`, in `folder`.
    static func bundle(in folder: TemporaryDirectory, _ images: [TestAssetCatalog.Image]) throws -> String {
        let bundle = try folder.copy(of: Samples.widget("Hello"), as: "Hello")
        try Data(TestAssetCatalog(images).bytes()).write(to: URL(fileURLWithPath: bundle + "/Assets.car"))
        return bundle
    }

    static func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A rendition named `../x` is refused at its catalogue before anything is written: the
    /// file of that name inside DIR keeps its content and nothing appears beside DIR.
    @Test func aNameThatClimbsOutOfTheFolderIsRefusedAndNothingIsTouched() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = try Self.bundle(in: folder, [.flat("gear", width: 4, height: 4), .flat("../x", width: 4, height: 4)])
        let out = folder.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: out + "/x.png"))
        let outcome = try CommandRunner.run(["inspect", bundle, "--extract-images", out])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("Assets.car: error: the image name '../x' holds a path separator [assets.unsafe-name]"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("hint: image names become file names"), "\(outcome.stderr)")
        #expect(Self.text(out + "/x.png") == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["x.png"], "no staging folder or image left")
        #expect(!FileManager.default.fileExists(atPath: folder.file("x.png")))
    }

    /// A symbolic link in DIR with an image's name, even a dangling one, is never replaced.
    @Test func aLinkInTheFolderWithAnImagesNameIsNotReplaced() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = try Self.bundle(in: folder, [.flat("gear", width: 4, height: 4)])
        let out = folder.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: out + "/gear.png", withDestinationPath: folder.file("elsewhere.png"))
        let outcome = try CommandRunner.run(["inspect", bundle, "--extract-images", out])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("\(out)/gear.png exists already [io.unwritable-file]"), "\(outcome.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out + "/gear.png") == folder.file("elsewhere.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["gear.png"])
        #expect(!FileManager.default.fileExists(atPath: folder.file("elsewhere.png")))
    }

    /// A half-megabyte catalogue declaring a 4097 × 4096 canvas of compressed zeros: the canvas
    /// is skipped with the budget's warning, the other image is written, as a deflated PNG.
    @Test func aCanvasOfCompressedZerosIsSkippedWithinTheDefaultBudget() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bomb = TestAssetCatalog.Image(name: "bomb", width: 4097, height: 4096, stream: TestAssetCatalog.zeros(4097 * 4096 * 4))
        let bundle = try Self.bundle(in: folder, [bomb, .flat("gear", width: 256, height: 256)])
        let out = folder.file("out")
        let outcome = try CommandRunner.run(["inspect", bundle, "--extract-images", out])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("bomb.png is 4097×4096 pixels, more than the limit of 16777216 pixels per image [assets.decode-budget]"),
                "\(outcome.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["gear.png"])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: out + "/gear.png")[.size] as? Int)
        #expect(size < 4_096, "a flat 256 × 256 image is \(size) bytes")
    }

    /// The budget's flags: fewer pixels per image, fewer decoded bytes for the whole run.
    @Test func theBudgetsFlagsLowerIt() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = try Self.bundle(in: folder, [.flat("a", width: 64, height: 64), .flat("b", width: 64, height: 64)])
        let pixels = try CommandRunner.run(["inspect", bundle, "--extract-images", folder.file("pixels"), "--max-image-pixels", "4095"])
        #expect(pixels.status == 0, "\(pixels.stderr)")
        #expect(pixels.stderr.contains("a.png is 64×64 pixels, more than the limit of 4095 pixels per image [assets.decode-budget]"), "\(pixels.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("pixels")) == [])
        let bytes = try CommandRunner.run(["inspect", bundle, "--extract-images", folder.file("bytes"), "--max-decoded-bytes", "16384"])
        #expect(bytes.stderr.contains("decoding b.png (64×64, 16384 bytes) would take Assets.car past its limit of 16384 decoded bytes (16384 used) [assets.decode-budget]"),
                "\(bytes.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("bytes")) == ["a.png"])
        let wrong = try CommandRunner.run(["inspect", bundle, "--extract-images", folder.file("wrong"), "--max-decoded-bytes", "0"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("--max-decoded-bytes"), "\(wrong.stderr)")
    }
}
