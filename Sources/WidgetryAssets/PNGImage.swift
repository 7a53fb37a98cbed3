import CZlib

/// A PNG image as straight 8-bit RGBA, with its `tEXt` chunks: what picture goldens compare.
///
/// ``init(png:maxPixels:)`` reads grey, grey with alpha, RGB and RGBA of 8 or 16 bits a
/// sample (16 kept to their high byte) and palettes of 8 bits (with `tRNS`), not interlaced;
/// every chunk's length and CRC is checked, the size against `maxPixels` before anything is
/// inflated, and the pixel stream is never inflated past the size the header declares. Anything
/// else is an ``AssetError`` of code `assets.bad-png`. ``encoded()`` writes it through
/// ``PNGWriter``, so the same image always gives the same bytes.
public struct PNGImage: Sendable, Equatable {
    /// The most pixels ``init(png:maxPixels:)`` decodes by default: 4096 × 4096.
    public static let defaultMaxPixels = 4096 * 4096

    public var width: Int
    public var height: Int
    /// Straight RGBA, row after row: `width × height × 4` bytes.
    public var pixels: [UInt8]
    /// The `tEXt` chunks, by keyword (Latin-1).
    public var text: [String: String]

    /// An image of `width × height` pixels given as straight RGBA.
    public init(width: Int, height: Int, pixels: [UInt8], text: [String: String] = [:]) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.text = text
    }

    /// The image a PNG file holds.
    public init(png bytes: [UInt8], maxPixels: Int = PNGImage.defaultMaxPixels) throws(AssetError) {
        var reader = PNGChunks(bytes: bytes)
        try reader.readSignature()
        var header: Header?
        var palette: [UInt8] = []
        var transparency: [UInt8] = []
        var data: [UInt8] = []
        var text: [String: String] = [:]
        while let (type, body) = try reader.next() {
            switch type {
            case "IHDR":
                header = try Header(body, maxPixels: maxPixels)
            case "PLTE": palette = body
            case "tRNS": transparency = body
            case "IDAT":
                guard let header, data.count <= header.rowBytes * header.height else { throw Self.failure("an image chunk comes before the header or past the image") }
                data += body
            case "tEXt":
                if let zero = body.firstIndex(of: 0) { text[Self.latin1(body[..<zero])] = Self.latin1(body[(zero + 1)...]) }
            case "IEND":
                guard let header else { throw Self.failure("the file has no header (IHDR)") }
                let raw = try Self.inflate(data, size: (header.rowBytes + 1) * header.height)
                self.init(width: header.width, height: header.height,
                          pixels: try header.rgba(Self.unfiltered(raw, header: header), palette: palette, transparency: transparency), text: text)
                return
            default:
                // A critical chunk this reader does not know changes what the pixels mean.
                if let first = type.utf8.first, first & 0x20 == 0 { throw Self.failure("the file has a critical chunk \(type) this reader does not know") }
            }
        }
        throw Self.failure("the file ends before its IEND chunk")
    }

    /// The image as a PNG file, its texts as `tEXt` chunks.
    public func encoded() throws(AssetError) -> [UInt8] {
        try PNGWriter.rgba(width: width, height: height, pixels: pixels, text: text)
    }

    /// The PNG file `png` with `text` added as `tEXt` chunks after its header, its other bytes
    /// unchanged (not decoded and encoded again).
    public static func recording(_ text: [String: String], in png: [UInt8]) throws(AssetError) -> [UInt8] {
        try PNGWriter.inserting(text, into: png)
    }

    /// What the header says of the pixels.
    private struct Header {
        var width: Int
        var height: Int
        var depth: Int
        var colourType: Int
        /// Samples a pixel: grey 1, grey and alpha 2, RGB 3, RGBA 4, a palette index 1.
        var channels: Int
        var bytesPerPixel: Int { channels * depth / 8 }
        var rowBytes: Int { width * bytesPerPixel }

        init(_ body: [UInt8], maxPixels: Int) throws(AssetError) {
            guard body.count == 13 else { throw PNGImage.failure("the header (IHDR) is \(body.count) bytes, not 13") }
            width = PNGChunks.integer(body, at: 0)
            height = PNGChunks.integer(body, at: 4)
            depth = Int(body[8])
            colourType = Int(body[9])
            guard width > 0, height > 0 else { throw PNGImage.failure("the image is \(width)×\(height) pixels") }
            guard width <= maxPixels, height <= maxPixels, width * height <= maxPixels else {
                throw AssetError(.decodeBudget, "the image is \(width)×\(height) pixels, more than the limit of \(maxPixels) pixels", file: "png",
                                 hint: "pictures are compared at the device's size")
            }
            switch (colourType, depth) {
            case (0, 8), (0, 16): channels = 1
            case (2, 8), (2, 16): channels = 3
            case (3, 8): channels = 1
            case (4, 8), (4, 16): channels = 2
            case (6, 8), (6, 16): channels = 4
            default: throw PNGImage.failure("colour type \(colourType) at \(depth) bits a sample is not read")
            }
            guard body[10] == 0, body[11] == 0 else { throw PNGImage.failure("the image uses an unknown compression or filter method") }
            guard body[12] == 0 else { throw PNGImage.failure("the image is interlaced") }
        }

        /// The unfiltered rows as straight 8-bit RGBA.
        func rgba(_ rows: [UInt8], palette: [UInt8], transparency: [UInt8]) throws(AssetError) -> [UInt8] {
            // 8-bit RGBA is what widgetry and Chromium write: the rows are the pixels.
            if colourType == 6, depth == 8 { return rows }
            let step = depth / 8
            var output = [UInt8](repeating: 255, count: width * height * 4)
            for pixel in 0..<(width * height) {
                let at = pixel * bytesPerPixel
                let out = pixel * 4
                switch colourType {
                case 0:
                    output[out] = rows[at]; output[out + 1] = rows[at]; output[out + 2] = rows[at]
                case 4:
                    output[out] = rows[at]; output[out + 1] = rows[at]; output[out + 2] = rows[at]; output[out + 3] = rows[at + step]
                case 3:
                    let index = Int(rows[at])
                    guard index * 3 + 2 < palette.count else { throw PNGImage.failure("a pixel names palette entry \(index), past the palette") }
                    output[out] = palette[index * 3]; output[out + 1] = palette[index * 3 + 1]; output[out + 2] = palette[index * 3 + 2]
                    if index < transparency.count { output[out + 3] = transparency[index] }
                default:
                    for channel in 0..<channels { output[out + channel] = rows[at + channel * step] }
                }
            }
            return output
        }
    }

    /// The rows with their filters undone (PNG's five: none, sub, up, average, Paeth).
    private static func unfiltered(_ raw: [UInt8], header: Header) throws(AssetError) -> [UInt8] {
        let stride = header.rowBytes
        let bpp = max(1, header.bytesPerPixel)
        var rows = [UInt8](repeating: 0, count: stride * header.height)
        var badFilter: (row: Int, filter: UInt8)?
        raw.withUnsafeBufferPointer { raw in
            rows.withUnsafeMutableBufferPointer { rows in
                for row in 0..<header.height where badFilter == nil {
                    let filter = raw[row * (stride + 1)]
                    let source = row * (stride + 1) + 1
                    let line = row * stride
                    guard filter <= 4 else {
                        badFilter = (row, filter)
                        return
                    }
                    for index in 0..<stride {
                        let byte = raw[source + index]
                        switch filter {
                        case 0:
                            rows[line + index] = byte
                        case 1:
                            rows[line + index] = byte &+ (index >= bpp ? rows[line + index - bpp] : 0)
                        case 2:
                            rows[line + index] = byte &+ (row > 0 ? rows[line - stride + index] : 0)
                        case 3:
                            let left = index >= bpp ? Int(rows[line + index - bpp]) : 0
                            let up = row > 0 ? Int(rows[line - stride + index]) : 0
                            rows[line + index] = byte &+ UInt8((left + up) / 2)
                        default:
                            let left = index >= bpp ? Int(rows[line + index - bpp]) : 0
                            let up = row > 0 ? Int(rows[line - stride + index]) : 0
                            let upLeft = index >= bpp && row > 0 ? Int(rows[line - stride + index - bpp]) : 0
                            let estimate = left + up - upLeft
                            let (toLeft, toUp, toUpLeft) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                            rows[line + index] = byte &+ UInt8(toLeft <= toUp && toLeft <= toUpLeft ? left : (toUp <= toUpLeft ? up : upLeft))
                        }
                    }
                }
            }
        }
        if let badFilter { throw failure("row \(badFilter.row) has filter \(badFilter.filter), which PNG does not define") }
        return rows
    }

    /// The zlib stream `data` inflated to exactly `size` bytes.
    private static func inflate(_ data: [UInt8], size: Int) throws(AssetError) -> [UInt8] {
        var stream = z_stream()
        guard widgetry_inflate_init(&stream) == Z_OK else { throw failure("zlib cannot start decompressing") }
        defer { inflateEnd(&stream) }
        // One byte more than the image needs tells a stream that runs on from one that ends.
        var output = [UInt8](repeating: 0, count: size + 1)
        var input = data
        let status = input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                stream.next_in = input.baseAddress
                stream.avail_in = UInt32(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = UInt32(output.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        let produced = output.count - Int(stream.avail_out)
        guard status == Z_STREAM_END, produced == size else {
            throw failure(produced > size ? "the pixel data is longer than the image" : "the pixel data does not decompress to the image's \(size) bytes")
        }
        output.removeLast()
        return output
    }

    /// Latin-1 bytes as text.
    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    static func failure(_ message: String) -> AssetError {
        AssetError(.badPNG, message, file: "png", hint: "give a PNG file of 8 or 16 bits a sample, not interlaced, as widgetry writes them")
    }
}

/// Reads a PNG file's chunks in order, each length and CRC checked.
private struct PNGChunks {
    let bytes: [UInt8]
    var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func integer(_ bytes: [UInt8], at offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    mutating func readSignature() throws(AssetError) {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw PNGImage.failure("the file is not a PNG") }
        offset = 8
    }

    /// The next chunk's type and body; nil at the end of the file.
    mutating func next() throws(AssetError) -> (String, [UInt8])? {
        guard offset < bytes.count else { return nil }
        guard offset + 12 <= bytes.count else { throw PNGImage.failure("the file ends inside a chunk's header") }
        let length = Self.integer(bytes, at: offset)
        guard length <= bytes.count - offset - 12 else { throw PNGImage.failure("a chunk runs past the end of the file") }
        let typeBytes = Array(bytes[(offset + 4)..<(offset + 8)])
        guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { throw PNGImage.failure("a chunk's type is not four letters") }
        let body = Array(bytes[(offset + 8)..<(offset + 8 + length)])
        let stored = UInt32(Self.integer(bytes, at: offset + 8 + length))
        var crc = crc32(0, typeBytes, 4)
        if !body.isEmpty { crc = body.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) } }
        let type = String(decoding: typeBytes, as: UTF8.self)
        guard UInt32(crc) == stored else { throw PNGImage.failure("the \(type) chunk's checksum is wrong") }
        offset += 12 + length
        return (type, body)
    }
}
