/// A cursor over an archive's bytes where every read is bounds-checked and a short read is a
/// `nib.truncated` error naming what was being read.
struct NIBByteReader {
    let bytes: [UInt8]
    let file: String
    private(set) var offset: Int

    init(_ bytes: [UInt8], file: String, offset: Int = 0) {
        self.bytes = bytes
        self.file = file
        self.offset = offset
    }

    var remaining: Int { bytes.count - offset }

    mutating func byte(_ what: @autoclosure () -> String) throws(NIBError) -> UInt8 {
        guard offset < bytes.count else { throw truncated(what()) }
        let value = bytes[offset]
        offset += 1
        return value
    }

    /// A variable-length unsigned integer: 7-bit groups, least significant first, the byte
    /// with the high bit set is the last. At most nine groups (63 bits).
    mutating func varint(_ what: @autoclosure () -> String) throws(NIBError) -> Int {
        var result = 0
        var shift = 0
        while true {
            let byte = try byte(what())
            result |= Int(byte & 0x7F) << shift
            if byte & 0x80 != 0 { return result }
            shift += 7
            if shift > 56 {
                throw NIBError(.malformed, "a variable-length integer (\(what())) at byte \(offset) is longer than 9 bytes",
                               file: file, hint: "the archive is damaged or not a NIBArchive")
            }
        }
    }

    mutating func littleEndian<T: FixedWidthInteger>(_ type: T.Type, _ what: @autoclosure () -> String) throws(NIBError) -> T {
        let size = MemoryLayout<T>.size
        guard size <= remaining else { throw truncated(what()) }
        var value: T = 0
        for index in 0..<size {
            value |= T(truncatingIfNeeded: bytes[offset + index]) << (8 * index)
        }
        offset += size
        return value
    }

    mutating func take(_ count: Int, _ what: @autoclosure () -> String) throws(NIBError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw truncated(what()) }
        let slice = bytes[offset..<(offset + count)]
        offset += count
        return slice
    }

    mutating func seek(to position: Int, _ what: @autoclosure () -> String) throws(NIBError) {
        guard position >= 0, position <= bytes.count else { throw truncated(what()) }
        offset = position
    }

    func truncated(_ what: String) -> NIBError {
        NIBError(.truncated, "the archive ends inside \(what) (\(bytes.count) bytes)", file: file,
                 hint: "the file is cut short; extract or download it again")
    }
}
