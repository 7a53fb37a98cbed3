/// Up to 16 bytes as two words, zero-padded (the first byte lowest in the first word): the form
/// short keys are compared in, by the parser's key cache and by the importer's lazy documents.
///
/// SPI rather than `package`: an `@inlinable package` function is called, not inlined, from
/// the package's other modules, and these loads sit in the importer's innermost loop.
@_spi(WidgetryInternals) public enum ShortKeyWords {
    /// The `count` bytes (at most 16) at `start`, of which `readable` bytes may be read. With 16
    /// readable bytes, two whole words are loaded and masked to `count`: copying `count` bytes
    /// into a zeroed pair and reading it back stalls on store forwarding at every key.
    @inlinable @inline(__always)
    public static func load(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> (UInt64, UInt64) {
        load(start, count: count, readable: readable, masks: masks(count: count))
    }

    /// ``load(_:count:readable:)`` with the masks of `count` made once (``masks(count:)``): a
    /// key compared again and again against bytes of its length keeps them.
    @inlinable @inline(__always)
    public static func load(_ start: UnsafePointer<UInt8>, count: Int, readable: Int, masks: (UInt64, UInt64)) -> (UInt64, UInt64) {
        guard readable >= 16 else {
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: start, byteCount: count) }
            return (UInt64(littleEndian: words.0), UInt64(littleEndian: words.1))
        }
        let first = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
        let second = UInt64(littleEndian: UnsafeRawPointer(start + 8).loadUnaligned(as: UInt64.self))
        return (first & masks.0, second & masks.1)
    }

    /// What to keep of the two words loaded at `count` bytes (at most 16).
    @inlinable @inline(__always)
    public static func masks(count: Int) -> (UInt64, UInt64) {
        let first: UInt64 = count >= 8 ? .max : (1 << UInt64(count * 8)) &- 1
        let second: UInt64 = count >= 16 ? .max : count <= 8 ? 0 : (1 << UInt64((count - 8) * 8)) &- 1
        return (first, second)
    }
}
