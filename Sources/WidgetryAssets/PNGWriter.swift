/// Writes PNG files: one `IHDR`, one `IDAT` holding a zlib stream of stored (uncompressed)
/// deflate blocks, `IEND`. Larger than a compressed PNG, but it needs no compressor and every
/// PNG reader accepts it.
enum PNGWriter {
    /// An 8-bit RGBA image, `pixels` holding `width × height × 4` bytes.
    static func rgba(width: Int, height: Int, pixels: [UInt8]) throws(AssetError) -> [UInt8] {
        let (rowPixels, overflowA) = width.multipliedReportingOverflow(by: 4)
        let (expected, overflowB) = rowPixels.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, width <= Int(UInt32.max >> 1), height <= Int(UInt32.max >> 1),
              !overflowA, !overflowB, expected == pixels.count else {
            throw AssetError(.badRendition, "a \(width)×\(height) image cannot have \(pixels.count) bytes of RGBA", file: "png",
                             hint: "the pixels do not match the image size")
        }
        var raw: [UInt8] = []
        raw.reserveCapacity(expected + height)
        for row in 0..<height {
            raw.append(0) // filter: none
            raw.append(contentsOf: pixels[(row * rowPixels)..<((row + 1) * rowPixels)])
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0] // 8 bits, RGBA, deflate, adaptive filters, no interlace
        chunk("IHDR", header, into: &png)
        chunk("IDAT", zlibStored(raw), into: &png)
        chunk("IEND", [], into: &png)
        return png
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let isLast = offset + count == data.count
            stream.append(isLast ? 1 : 0)
            stream += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            stream.append(contentsOf: data[offset..<(offset + count)])
            offset += count
        } while offset < data.count
        stream += bigEndian(adler32(data))
        return stream
    }

    static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png += bigEndian(UInt32(data.count))
        png += typeBytes
        png += data
        png += bigEndian(crc32(typeBytes + data))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static let crcTable: [UInt32] = (0..<256).map { number in
        var value = UInt32(number)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
