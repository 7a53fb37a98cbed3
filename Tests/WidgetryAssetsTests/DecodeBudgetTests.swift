import Testing
@testable import WidgetryAssets
import WidgetryTestSupport

/// Decoding has a budget of its own: pixels per image, decoded bytes per catalogue and per run,
/// each checked on an image's declared size before its pixels are decompressed.
@Suite struct DecodeBudgetTests {
    static func catalog(_ images: [TestAssetCatalog.Image], limits: AssetLimits = AssetLimits()) throws -> AssetCatalog {
        try AssetCatalog(bytes: TestAssetCatalog(images).bytes(), file: "Assets.car", limits: limits)
    }

    /// The error `body` throws; nil when it throws none (or one that is not an AssetError).
    static func error(_ body: () throws -> Void) -> AssetError? {
        do {
            try body()
            return nil
        } catch {
            return error as? AssetError
        }
    }

    @Test func theBuiltCatalogueDecodes() throws {
        let catalog = try Self.catalog([.flat("tile", width: 3, height: 2)])
        let image = try catalog.image(named: "tile")
        #expect((image.width, image.height) == (3, 2))
        #expect(Array(image.rgba.prefix(4)) == [0x90, 0x60, 0x30, 0xFF])
    }

    /// A canvas over the pixel limit is refused from its header: its pixel data (here not
    /// even a valid stream) is never read.
    @Test func anImageOverThePixelLimitIsRefusedBeforeItsPixelsAreRead() throws {
        let catalog = try Self.catalog([TestAssetCatalog.Image(name: "canvas", width: 4097, height: 4096, stream: [1, 2, 3])])
        let error = try #require(Self.error { _ = try catalog.image(named: "canvas") })
        #expect(error.code == .decodeBudget)
        #expect(error.file == "Assets.car" && error.image == "canvas.png")
        #expect(error.message == "canvas.png is 4097×4096 pixels, more than the limit of 16777216 pixels per image")
        #expect(error.hint?.contains("--max-image-pixels") == true)
    }

    /// Compressed zeros over the limit: refused with the default limits, without decompressing.
    @Test func aCanvasOfCompressedZerosIsRefusedWithTheDefaults() throws {
        let bomb = TestAssetCatalog.Image(name: "bomb", width: 4097, height: 4096, stream: TestAssetCatalog.zeros(4097 * 4096 * 4))
        let bytes = TestAssetCatalog([bomb]).bytes()
        #expect(bytes.count < 600_000, "a catalogue of \(bytes.count) bytes declares 64 MiB of pixels")
        let catalog = try AssetCatalog(bytes: bytes, file: "Assets.car")
        #expect(Self.error { _ = try catalog.image(named: "bomb") }?.code == .decodeBudget)
    }

    /// Every decode is charged, the same image decoded again included.
    @Test func theCatalogueBudgetBoundsEveryDecode() throws {
        let images = (1...4).map { TestAssetCatalog.Image.flat("tile\($0)", width: 100, height: 100) }
        let catalog = try Self.catalog(images, limits: AssetLimits(maxDecodedBytes: 3 * 40_000))
        for name in ["tile1", "tile2", "tile3"] { _ = try catalog.image(named: name) }
        let error = try #require(Self.error { _ = try catalog.image(named: "tile4") })
        #expect(error.code == .decodeBudget)
        #expect(error.message == "decoding tile4.png (100×100, 40000 bytes) would take Assets.car past its limit of 120000 decoded bytes (120000 used)")
        #expect(Self.error { _ = try catalog.image(named: "tile1") }?.code == .decodeBudget)
    }

    @Test func aRunBudgetIsSharedByEveryCatalogue() throws {
        let run = DecodeBudget(maxBytes: 2 * 40_000)
        let limits = AssetLimits(runBudget: run)
        let first = try Self.catalog([.flat("a", width: 100, height: 100)], limits: limits)
        let second = try Self.catalog([.flat("b", width: 100, height: 100), .flat("c", width: 100, height: 100)], limits: limits)
        _ = try first.image(named: "a")
        _ = try second.image(named: "b")
        #expect(run.usedBytes == 80_000)
        let error = try #require(Self.error { _ = try second.image(named: "c") })
        #expect(error.code == .decodeBudget)
        #expect(error.message.contains("would take this run past its limit of 80000 decoded bytes"))
        #expect(run.usedBytes == 80_000)
    }

    /// A 10 × 10 image whose stream inflates to 1 MB of "padded rows" is not decompressed past
    /// what ten rows may take.
    @Test func aStreamIsNotDecompressedPastItsRows() throws {
        let catalog = try Self.catalog([TestAssetCatalog.Image(name: "tiny", width: 10, height: 10, stream: TestAssetCatalog.zeros(10 * 100_000))])
        let error = try #require(Self.error { _ = try catalog.image(named: "tiny") })
        #expect(error.code == .decompression)
        #expect(error.cause?.code == .outputLimit)
    }

    /// The PNGs written are deflated: a flat 1024 × 1024 image (4 MiB of RGBA) is a few kB,
    /// reads back to the same pixels, and is the same bytes every time.
    @Test func aLargeFlatImageMakesASmallPNGThatReadsBack() throws {
        let pixels = Array([[UInt8]](repeating: [0x12, 0x34, 0x56, 0xFF], count: 1024 * 1024).joined())
        let image = AssetImage(width: 1024, height: 1024, scale: 1, rgba: pixels)
        let png = try image.png()
        #expect(png.count < 64 << 10, "\(png.count) bytes")
        let reread = try TestPNGReader(png)
        #expect(reread.width == 1024 && reread.height == 1024)
        #expect(reread.rgba == pixels)
        #expect(try image.png() == png)
    }
}
