/// Up to 16 bytes as two words, zero-padded (the first byte lowest in the first word): the form
/// short keys are compared in, by the parser's key cache and by the importer's lazy documents.
package enum ShortKeyWords {
    /// The `count` bytes (at most 16) at `start`, of which `readable` bytes may be read. With 16
    /// readable bytes, two whole words are loaded and masked to `count`: copying `count` bytes
    /// into a zeroed pair and reading it back stalls on store forwarding at every key.
    @inlinable @inline(__always)
    package static func load(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> (UInt64, UInt64) {
        guard readable >= 16 else {
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: start, byteCount: count) }
            return (UInt64(littleEndian: words.0), UInt64(littleEndian: words.1))
        }
        let first = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
        let second = UInt64(littleEndian: UnsafeRawPointer(start + 8).loadUnaligned(as: UInt64.self))
        let firstMask: UInt64 = count >= 8 ? .max : (1 << UInt64(count * 8)) &- 1
        let secondMask: UInt64 = count >= 16 ? .max : count <= 8 ? 0 : (1 << UInt64((count - 8) * 8)) &- 1
        return (first & firstMask, second & secondMask)
    }
}
