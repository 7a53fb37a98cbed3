import Testing
@testable import WidgetryAssets

/// PNG files read back as RGBA with their texts: what picture goldens are compared from.
@Suite struct PNGImageTests {
    static let image = PNGImage(width: 3, height: 2, pixels: [
        255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
        10, 20, 30, 40, 255, 255, 255, 0, 1, 2, 3, 4,
    ], text: ["widgetry:font": "Liberation Sans", "Software": "widgetry"])

    @Test func anEncodedImageDecodesToItsPixelsAndTexts() throws {
        let bytes = try Self.image.encoded()
        #expect(try PNGImage(png: bytes) == Self.image)
        #expect(try Self.image.encoded() == bytes, "the same image gives the same bytes")
        #expect(try TestPNGReader(bytes).rgba == Self.image.pixels, "another reader sees the same pixels")
    }

    @Test func textRecordedInAnotherProgramsPNGLeavesItsOtherBytesAsTheyWere() throws {
        let drawn = try PNGImage(width: 3, height: 2, pixels: Self.image.pixels).encoded()
        let recorded = try PNGImage.recording(["widgetry:font": "Open Sans"], in: drawn)
        let header = 8 + 25
        #expect(Array(recorded[..<header]) == Array(drawn[..<header]))
        #expect(Array(recorded.suffix(drawn.count - header)) == Array(drawn[header...]), "the image data is not encoded again")
        let read = try PNGImage(png: recorded)
        #expect(read.text == ["widgetry:font": "Open Sans"])
        #expect(read.pixels == Self.image.pixels)
        #expect(try TestPNGReader(recorded).rgba == Self.image.pixels, "another reader sees the same pixels")
        #expect(throws: AssetError.self) { try PNGImage.recording(["k": "v"], in: Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 40)) }
    }

    @Test func everyFilterIsUndone() throws {
        // Two rows of RGB, the first filtered with Sub, the second with Paeth.
        let rows: [UInt8] = [1, 10, 20, 30, 5, 5, 5, 4, 1, 1, 1, 2, 2, 2]
        let png = Self.png(header: [0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0], data: rows)
        let image = try PNGImage(png: png)
        #expect(image.pixels == [10, 20, 30, 255, 15, 25, 35, 255, 11, 21, 31, 255, 17, 27, 37, 255])
    }

    @Test func palettesGreyAndSixteenBitsAreReadAsRGBA() throws {
        // A 2 × 1 palette image, its second entry half transparent.
        var palette: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        PNGWriter.chunk("IHDR", [0, 0, 0, 2, 0, 0, 0, 1, 8, 3, 0, 0, 0], into: &palette)
        PNGWriter.chunk("PLTE", [10, 20, 30, 40, 50, 60], into: &palette)
        PNGWriter.chunk("tRNS", [255, 128], into: &palette)
        PNGWriter.chunk("IDAT", Self.stored([0, 0, 1]), into: &palette)
        PNGWriter.chunk("IEND", [], into: &palette)
        #expect(try PNGImage(png: palette).pixels == [10, 20, 30, 255, 40, 50, 60, 128])
        let grey = Self.png(header: [0, 0, 0, 2, 0, 0, 0, 1, 8, 0, 0, 0, 0], data: [0, 7, 200])
        #expect(try PNGImage(png: grey).pixels == [7, 7, 7, 255, 200, 200, 200, 255])
        // 16-bit grey with alpha keeps each sample's high byte.
        let deep = Self.png(header: [0, 0, 0, 1, 0, 0, 0, 1, 16, 4, 0, 0, 0], data: [0, 0x12, 0x34, 0x80, 0x01])
        #expect(try PNGImage(png: deep).pixels == [0x12, 0x12, 0x12, 0x80])
    }

    @Test func damagedFilesAreRefusedWithTheirReason() throws {
        var bytes = try Self.image.encoded()
        bytes[bytes.count - 20] ^= 0xFF
        #expect(Self.failure { try PNGImage(png: bytes) }?.code == .badPNG)
        #expect(Self.failure { try PNGImage(png: Array("GIF89a".utf8)) }?.message == "the file is not a PNG")
        let interlaced = Self.png(header: [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 1], data: [0, 0, 0, 0, 0])
        #expect(Self.failure { try PNGImage(png: interlaced) }?.message == "the image is interlaced")
        let long = Self.png(header: [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0], data: [0, 1, 2, 3])
        #expect(Self.failure { try PNGImage(png: long) }?.message == "the pixel data is longer than the image")
        let huge = Self.png(header: [0, 1, 0, 0, 0, 1, 0, 0, 8, 0, 0, 0, 0], data: [0])
        #expect(Self.failure { try PNGImage(png: huge) }?.code == .decodeBudget)
    }

    /// A PNG of the given header and uncompressed rows (each with its filter byte).
    static func png(header: [UInt8], data: [UInt8]) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        PNGWriter.chunk("IHDR", header, into: &png)
        PNGWriter.chunk("IDAT", stored(data), into: &png)
        PNGWriter.chunk("IEND", [], into: &png)
        return png
    }

    /// `data` as a zlib stream of one stored (uncompressed) block.
    static func stored(_ data: [UInt8]) -> [UInt8] {
        let length = UInt16(data.count)
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let adler = b << 16 | a
        return [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + data
            + [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
    }

    static func failure(_ body: () throws -> PNGImage) -> AssetError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? AssetError
        }
    }
}
