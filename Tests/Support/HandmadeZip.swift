/// A zip written byte by byte, as other tools write them, for what libarchive's writer will not
/// produce: names flagged UTF-8 (general purpose bit 11) the way Python, Java and 7-Zip set it,
/// and archives cut short before their central directory. Entries are stored (not compressed).
public struct HandmadeZip: Sendable {
    public struct Entry: Sendable {
        public var name: [UInt8]
        public var data: [UInt8]
        /// General purpose flags; bit 11 (0x0800) says the name is UTF-8.
        public var flags: UInt16

        public init(name: String, data: String, utf8Flag: Bool = true) {
            self.name = Array(name.utf8)
            self.data = Array(data.utf8)
            self.flags = utf8Flag ? 0x0800 : 0
        }
    }

    public var entries: [Entry]

    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// The whole archive: local headers and data, then the central directory and its end record.
    public var bytes: [UInt8] { localPart + centralPart }

    /// Only the local headers and data: an archive cut off before its central directory.
    public var withoutCentralDirectory: [UInt8] { localPart }

    private var localPart: [UInt8] {
        var out: [UInt8] = []
        for entry in entries {
            out += le32(0x0403_4B50) + le16(20) + le16(entry.flags) + le16(0) + le16(0) + le16(0x21)
            out += le32(Self.crc32(entry.data)) + le32(UInt32(entry.data.count)) + le32(UInt32(entry.data.count))
            out += le16(UInt16(entry.name.count)) + le16(0) + entry.name + entry.data
        }
        return out
    }

    private var centralPart: [UInt8] {
        var out: [UInt8] = []
        var offset: UInt32 = 0
        for entry in entries {
            out += le32(0x0201_4B50) + le16(0x031E) + le16(20) + le16(entry.flags) + le16(0) + le16(0) + le16(0x21)
            out += le32(Self.crc32(entry.data)) + le32(UInt32(entry.data.count)) + le32(UInt32(entry.data.count))
            out += le16(UInt16(entry.name.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0o100644 << 16) + le32(offset)
            out += entry.name
            offset += UInt32(30 + entry.name.count + entry.data.count)
        }
        let size = UInt32(out.count)
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        out += le32(size) + le32(offset) + le16(0)
        return out
    }

    private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xFF) } }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
