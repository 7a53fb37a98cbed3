import CZlib
import Foundation

/// Writes PNG files: one `IHDR`, a `tEXt` chunk for each text given (by keyword), one `IDAT`
/// holding the rows (filter none) deflated by the system's zlib at a fixed level, `IEND`. The
/// same pixels and texts always give the same bytes.
enum PNGWriter {
    /// zlib's compression level: its default, a fixed number so that output never varies.
    static let compressionLevel: Int32 = 6

    /// An 8-bit RGBA image, `pixels` holding `width × height × 4` bytes, with `text` as `tEXt`
    /// chunks in the order of their keywords (Latin-1 keywords of 1 to 79 characters).
    static func rgba(width: Int, height: Int, pixels: [UInt8], text: [String: String] = [:]) throws(AssetError) -> [UInt8] {
        let (rowPixels, overflowA) = width.multipliedReportingOverflow(by: 4)
        let (expected, overflowB) = rowPixels.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, width <= Int(UInt32.max >> 1), height <= Int(UInt32.max >> 1),
              !overflowA, !overflowB, expected == pixels.count else {
            throw AssetError(.badRendition, "a \(width)×\(height) image cannot have \(pixels.count) bytes of RGBA", file: "png",
                             hint: "the pixels do not match the image size")
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0] // 8 bits, RGBA, deflate, adaptive filters, no interlace
        chunk("IHDR", header, into: &png)
        try textChunks(text, into: &png)
        chunk("IDAT", try deflated(rows: height, of: rowPixels, in: pixels), into: &png)
        chunk("IEND", [], into: &png)
        return png
    }

    /// `text` as `tEXt` chunks, in the order of their keywords (Latin-1 keywords of 1 to 79
    /// characters).
    static func textChunks(_ text: [String: String], into png: inout [UInt8]) throws(AssetError) {
        for keyword in text.keys.sorted() {
            guard let name = keyword.data(using: .isoLatin1), (1...79).contains(name.count), !name.contains(0),
                  let value = text[keyword]?.data(using: .isoLatin1, allowLossyConversion: true) else {
                throw AssetError(.badPNG, "\"\(keyword)\" cannot be the keyword of a PNG text", file: "png",
                                 hint: "a keyword is 1 to 79 Latin-1 characters")
            }
            chunk("tEXt", Array(name) + [0] + Array(value), into: &png)
        }
    }

    /// `png` with `text` as `tEXt` chunks right after its header, every other byte as it was:
    /// for recording facts in a picture another program drew, without encoding it again.
    static func inserting(_ text: [String: String], into png: [UInt8]) throws(AssetError) -> [UInt8] {
        // The signature (8 bytes), then IHDR: its length (4), type (4), 13 bytes and CRC (4).
        let headerEnd = 8 + 4 + 4 + 13 + 4
        guard png.count >= headerEnd, png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              png[8..<16].elementsEqual(bigEndian(13) + Array("IHDR".utf8)) else {
            throw AssetError(.badPNG, "the file does not start as a PNG does (signature, then IHDR)", file: "png",
                             hint: "the picture is not a PNG file")
        }
        var result = Array(png[..<headerEnd])
        try textChunks(text, into: &result)
        result += png[headerEnd...]
        return result
    }

    /// A zlib stream of the image data: each row behind its filter byte (0, none). Rows are
    /// fed to zlib one by one, so no filtered copy of the image is made.
    static func deflated(rows: Int, of rowBytes: Int, in pixels: [UInt8]) throws(AssetError) -> [UInt8] {
        var stream = z_stream()
        guard widgetry_deflate_init(&stream, compressionLevel) == Z_OK else {
            throw AssetError(.badRendition, "zlib cannot start compressing", file: "png", hint: "the system is out of memory")
        }
        defer { deflateEnd(&stream) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var filter: [UInt8] = [0]
        /// Deflates `count` bytes at `input`, flushing everything when `finish`.
        func feed(_ input: UnsafeMutablePointer<UInt8>?, _ count: Int, finish: Bool) -> Bool {
            stream.next_in = input
            stream.avail_in = UInt32(count)
            repeat {
                let status = buffer.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    return deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                }
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { return false }
                output.append(contentsOf: buffer[..<(buffer.count - Int(stream.avail_out))])
                if status == Z_STREAM_END { return true }
            } while stream.avail_in > 0 || (finish || stream.avail_out == 0)
            return true
        }
        var fed = true
        pixels.withUnsafeBufferPointer { all in
            let base = UnsafeMutablePointer(mutating: all.baseAddress)
            for row in 0..<rows where fed {
                fed = filter.withUnsafeMutableBufferPointer { feed($0.baseAddress, 1, finish: false) }
                    && feed(base.map { $0 + row * rowBytes }, rowBytes, finish: false)
            }
        }
        guard fed, feed(nil, 0, finish: true) else {
            throw AssetError(.badRendition, "zlib failed while compressing the image", file: "png", hint: "the system is out of memory")
        }
        return output
    }

    static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png += bigEndian(UInt32(data.count))
        png += typeBytes
        png += data
        var crc = crc32(0, typeBytes, UInt32(typeBytes.count))
        // zlib answers its initial value for a null buffer, which an empty array may give.
        if !data.isEmpty { crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) } }
        png += bigEndian(UInt32(crc))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
