import Foundation
import Testing
@testable import WidgetryAssets

@Suite(.enabled(if: AssetsSample.isAvailable, "needs ../shared/upstream"))
struct AssetCatalogTests {
    func catalog() throws -> AssetCatalog {
        try AssetCatalog(bytes: try #require(AssetsSample.car), file: "Assets.car")
    }

    @Test func imageNamesAreTheSourceImageSets() throws {
        let catalog = try catalog()
        #expect(catalog.imageNames == AssetsSample.sourceSets().keys.sorted())
        #expect(catalog.imageNames == ["AppIcon", "ava_dots", "ava_dragon", "ava_infinity", "ava_pirple8", "ava_pixels",
                                       "delete_button", "gear", "widgets"])
        #expect(catalog.keyFormat.contains(AssetRendition.identifierAttribute))
        #expect(catalog.renditions.count == 10)
    }

    @Test func everyImageDecodesAtTheSizeOfItsSourceFile() throws {
        let catalog = try catalog()
        let sets = AssetsSample.sourceSets()
        for name in catalog.imageNames {
            let rendition = try #require(try catalog.renditions(named: name).first(where: \.isBitmap))
            let image = try catalog.image(named: name)
            #expect(image.width == rendition.width && image.height == rendition.height, "\(name)")
            #expect(image.rgba.count == image.width * image.height * 4)
            let folder = try #require(sets[name])
            let source = try TestPNGReader([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + rendition.fileName))))
            #expect(source.width == image.width && source.height == image.height, "\(name): \(rendition.fileName)")
            let png = try image.png()
            let reread = try TestPNGReader(png)
            #expect(reread.width == image.width && reread.height == image.height && reread.rgba == image.rgba, "\(name)")
        }
    }

    /// Pixels equal the source PNGs' for the images actool copied in sRGB (gear is gray and
    /// alpha, the others BGRA). The avatars were colour-converted when compiled (their colours
    /// differ by up to 20 levels), so for them only the alpha channel is compared.
    @Test(arguments: ["gear", "delete_button", "widgets", "AppIcon", "ava_dots"])
    func pixelsMatchTheSourcePNGs(name: String) throws {
        let catalog = try catalog()
        let sets = AssetsSample.sourceSets()
        do {
            let rendition = try #require(try catalog.renditions(named: name).first(where: \.isBitmap))
            let image = try catalog.decode(rendition)
            let source = try TestPNGReader([UInt8](try Data(contentsOf: URL(fileURLWithPath: try #require(sets[name]) + "/" + rendition.fileName))))
            var worst = 0
            var alphaMismatches = 0
            for pixel in 0..<(image.width * image.height) {
                let alpha = Int(source.rgba[pixel * 4 + 3])
                if abs(alpha - Int(image.rgba[pixel * 4 + 3])) > 1 { alphaMismatches += 1 }
                guard alpha >= 64 else { continue }
                for channel in 0..<3 {
                    worst = max(worst, abs(Int(source.rgba[pixel * 4 + channel]) - Int(image.rgba[pixel * 4 + channel])))
                }
            }
            #expect(alphaMismatches == 0, "\(name)")
            if !name.hasPrefix("ava_") { #expect(worst <= 1, "\(name): largest colour difference \(worst)") }
        }
    }

    @Test func unknownNamesAndNonBitmapsAreTypedErrors() throws {
        let catalog = try catalog()
        #expect(Self.code { _ = try catalog.image(named: "avatar") } == "assets.unknown-image")
        let set = try #require(catalog.renditions.first { $0.fileName == "AppIcon" })
        #expect(!set.isBitmap)
        #expect(Self.code { _ = try catalog.decode(set) } == "assets.unsupported-rendition")
    }

    @Test func truncatedCataloguesAreRefused() throws {
        let bytes = try #require(AssetsSample.car)
        for length in [0, 3, 8, 20, 31, 32, 1_000, 100_000, 1_494_700, 1_494_800, bytes.count - 1] {
            let code = Self.code { _ = try AssetCatalog(bytes: Array(bytes.prefix(length)), file: "Assets.car") }
            #expect(["assets.truncated", "assets.bad-offset"].contains(code), "\(length): \(code ?? "no error")")
        }
        #expect(Self.code { _ = try AssetCatalog(bytes: Array("BOMStorX".utf8) + bytes.dropFirst(8), file: "x") } == "assets.bad-magic")
    }

    @Test func wrongOffsetsAreRefused() throws {
        var bytes = try #require(AssetsSample.car)
        let pristine = bytes
        // The block table's offset (header bytes 16-19) pointing past the end.
        bytes.replaceSubrange(16..<20, with: [0x7F, 0xFF, 0xFF, 0xFF])
        #expect(Self.code { _ = try AssetCatalog(bytes: bytes, file: "x") } == "assets.bad-offset")
        // The RENDITIONS variable pointing at a block the table does not have.
        bytes = pristine
        let name = Array("RENDITIONS".utf8)
        let at = try #require(Self.find(name, in: bytes))
        bytes.replaceSubrange((at - 5)..<(at - 1), with: [0x00, 0x0F, 0xFF, 0xFF])
        #expect(Self.code { _ = try AssetCatalog(bytes: bytes, file: "x") } == "assets.bad-offset")
    }

    @Test func damagedCompressedPixelsCarryTheirLZFSEError() throws {
        var bytes = try #require(AssetsSample.car)
        let catalog = try AssetCatalog(bytes: bytes, file: "Assets.car")
        let rendition = try #require(catalog.renditions.first { $0.fileName == "delete_button@2x.png" })
        let stream = try #require(Self.find(Array("bvx2".utf8), in: Array(bytes[rendition.dataRange])))
        let at = rendition.dataRange.lowerBound + stream
        bytes[at + 3] = UInt8(ascii: "9")
        let damaged = try AssetCatalog(bytes: bytes, file: "Assets.car")
        do {
            _ = try damaged.image(named: "delete_button")
            Issue.record("a damaged stream decoded")
        } catch {
            #expect(error.code == .decompression)
            #expect(error.cause?.code == .badBlockMagic)
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    static func code(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as AssetError {
            return error.code.rawValue
        } catch {
            return "not an AssetError: \(error)"
        }
    }
}

@Suite struct AssetCatalogHostileTests {
    @Test func emptyAndForeignFilesAreRefused() {
        #expect(AssetCatalogTests.code { _ = try AssetCatalog(bytes: [], file: "x") } == "assets.truncated")
        #expect(AssetCatalogTests.code { _ = try AssetCatalog(bytes: Array("PK\u{3}\u{4}not a catalogue".utf8), file: "x") } == "assets.bad-magic")
        #expect(AssetCatalogTests.code { _ = try AssetCatalog(bytes: Array("BOMStore".utf8), file: "x") } == "assets.truncated")
    }

    @Test func hugeBlockCountsAreLimited() {
        var bytes = Array("BOMStore".utf8) + [0, 0, 0, 1, 0, 0, 0, 0]
        bytes += [0, 0, 0, 32, 0, 0, 0, 8, 0, 0, 0, 40, 0, 0, 0, 4] // index at 32 (8 bytes), vars at 40
        bytes += [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0]
        #expect(AssetCatalogTests.code { _ = try AssetCatalog(bytes: bytes, file: "x") } == "assets.limit")
        #expect(AssetCatalogTests.code { _ = try AssetCatalog(bytes: bytes, file: "x", limits: AssetLimits(maxBlocks: .max)) } == "assets.truncated")
    }

    @Test func aTreeThatPointsAtItselfStops() {
        // Block 1 is a tree whose root is block 2, a non-leaf node whose only child is block 2.
        var bytes = Array("BOMStore".utf8) + [0, 0, 0, 1, 0, 0, 0, 3]
        let treeAt = 64, nodeAt = 96, indexAt = 128, varsAt = 160
        bytes += PNGWriter.bigEndian(UInt32(indexAt)) + PNGWriter.bigEndian(28) + PNGWriter.bigEndian(UInt32(varsAt)) + PNGWriter.bigEndian(64)
        bytes += [UInt8](repeating: 0, count: treeAt - bytes.count)
        bytes += Array("tree".utf8) + PNGWriter.bigEndian(1) + PNGWriter.bigEndian(2) + PNGWriter.bigEndian(4096) + PNGWriter.bigEndian(0) + [0]
        bytes += [UInt8](repeating: 0, count: nodeAt - bytes.count)
        bytes += [0, 0, 0, 1] + PNGWriter.bigEndian(0) + PNGWriter.bigEndian(0) + PNGWriter.bigEndian(2) + PNGWriter.bigEndian(0)
        bytes += [UInt8](repeating: 0, count: indexAt - bytes.count)
        bytes += PNGWriter.bigEndian(3) + PNGWriter.bigEndian(0) + PNGWriter.bigEndian(0)
        bytes += PNGWriter.bigEndian(UInt32(treeAt)) + PNGWriter.bigEndian(21) + PNGWriter.bigEndian(UInt32(nodeAt)) + PNGWriter.bigEndian(20)
        bytes += [UInt8](repeating: 0, count: varsAt - bytes.count)
        var vars = PNGWriter.bigEndian(4)
        for name in ["CARHEADER", "KEYFORMAT", "FACETKEYS", "RENDITIONS"] {
            vars += PNGWriter.bigEndian(name == "FACETKEYS" || name == "RENDITIONS" ? 1 : 0) + [UInt8(name.utf8.count)] + Array(name.utf8)
        }
        bytes += vars + [UInt8](repeating: 0, count: 64 - vars.count)
        let store = try? BOMStore(bytes, file: "x", limits: AssetLimits())
        #expect(store != nil)
        do {
            _ = try store?.tree("FACETKEYS")
            Issue.record("a cyclic tree was walked")
        } catch {
            #expect(error.code == .badOffset)
        }
    }
}
