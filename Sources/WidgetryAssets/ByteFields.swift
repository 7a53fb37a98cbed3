/// Fixed-width fields read from a range of bytes, big- or little-endian, every read checked
/// against the range's end; a short read is `assets.truncated` naming what was read.
struct ByteFields {
    let bytes: [UInt8]
    let end: Int
    let file: String
    let bigEndian: Bool
    var offset: Int

    init(_ bytes: [UInt8], from start: Int, to end: Int, bigEndian: Bool, file: String) {
        self.bytes = bytes
        self.offset = start
        self.end = min(end, bytes.count)
        self.bigEndian = bigEndian
        self.file = file
    }

    mutating func integer(_ width: Int, _ what: @autoclosure () -> String) throws(AssetError) -> Int {
        guard offset >= 0, width <= end - offset else {
            throw AssetError(.truncated, "the catalogue ends inside \(what())", file: file, hint: "the file is cut short or damaged")
        }
        var value = 0
        for index in 0..<width {
            let byte = Int(bytes[offset + index])
            value |= bigEndian ? byte << (8 * (width - 1 - index)) : byte << (8 * index)
        }
        offset += width
        return value
    }

    mutating func u8(_ what: @autoclosure () -> String) throws(AssetError) -> Int { try integer(1, what()) }
    mutating func u16(_ what: @autoclosure () -> String) throws(AssetError) -> Int { try integer(2, what()) }
    mutating func u32(_ what: @autoclosure () -> String) throws(AssetError) -> Int { try integer(4, what()) }

    mutating func take(_ count: Int, _ what: @autoclosure () -> String) throws(AssetError) -> ArraySlice<UInt8> {
        guard count >= 0, offset >= 0, count <= end - offset else {
            throw AssetError(.truncated, "the catalogue ends inside \(what())", file: file, hint: "the file is cut short or damaged")
        }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    /// Four bytes as text, as they appear in the file (`BOMStore` tags, `RATC`, `ISTC`).
    mutating func tag(_ what: @autoclosure () -> String) throws(AssetError) -> String {
        String(decoding: try take(4, what()), as: UTF8.self)
    }
}
