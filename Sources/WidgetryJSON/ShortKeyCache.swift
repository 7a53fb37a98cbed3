/// The short plain keys one parse has read, each with its `String`: objects of the same shape
/// (the records of an array) repeat their keys, and building a key's `String` again from its
/// bytes cost the parser more than finding it here.
///
/// A plain key is ASCII without escapes or control characters, so its bytes are its text; a
/// short one has at most 16 bytes, held here as two words (``ShortKeyWords``). The cache has a fixed number of
/// slots, each keeping the last key that hashed to it.
struct ShortKeyCache {
    private struct Slot {
        var words: (UInt64, UInt64) = (0, 0)
        var count = -1
        var key = ""
    }

    /// Made at the first key, so that documents without objects pay nothing.
    private var slots: [Slot] = []

    /// The key whose text starts at `start`, when it is plain, ends (with its closing quote)
    /// before `limit`, and has at most 16 bytes; with the offset past its closing quote. Nil,
    /// having read nothing, for any other key.
    mutating func read(_ input: UnsafeBufferPointer<UInt8>, from start: Int, before limit: Int) -> (key: String, end: Int)? {
        let scanEnd = min(limit, start + 17)
        var cursor = start
        while cursor < scanEnd {
            let byte = input[cursor]
            if byte == UInt8(ascii: "\"") { break }
            if byte >= 0x80 || byte < 0x20 || byte == UInt8(ascii: "\\") { return nil }
            cursor += 1
        }
        guard cursor < scanEnd else { return nil }
        let count = cursor - start
        let words = ShortKeyWords.load(input.baseAddress! + start, count: count, readable: input.count - start)
        if slots.isEmpty { slots = [Slot](repeating: Slot(), count: 256) }
        let slot = Int(truncatingIfNeeded: (words.0 &* 0x9E37_79B9_7F4A_7C15 ^ words.1 &* 0xC2B2_AE3D_27D4_EB4F ^ UInt64(count)) >> 56)
        if slots[slot].count == count, slots[slot].words == words {
            return (slots[slot].key, cursor + 1)
        }
        let key = String(decoding: UnsafeBufferPointer(rebasing: input[start..<cursor]), as: UTF8.self)
        slots[slot] = Slot(words: words, count: count, key: key)
        return (key, cursor + 1)
    }
}
