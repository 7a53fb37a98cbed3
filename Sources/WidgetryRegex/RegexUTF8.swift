/// Reading scalars from the UTF-8 bytes of a `String`, which are always well formed.
enum RegexUTF8 {
    /// The scalar that starts at `offset` and its length in bytes.
    @inline(__always)
    static func decode(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> (scalar: UInt32, length: Int) {
        let lead = UInt32(text[offset])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | continuation(text, offset + 1), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | continuation(text, offset + 1) << 6 | continuation(text, offset + 2), 3)
        }
        let high = (lead & 0x07) << 18 | continuation(text, offset + 1) << 12
        return (high | continuation(text, offset + 2) << 6 | continuation(text, offset + 3), 4)
    }

    /// Where the scalar that ends at `offset` (above 0) starts.
    @inline(__always)
    static func previousScalarStart(_ text: UnsafeBufferPointer<UInt8>, before offset: Int) -> Int {
        var start = offset - 1
        while start > 0, text[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }

    @inline(__always)
    private static func continuation(_ text: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        UInt32(text[offset]) & 0x3F
    }

    /// Where a final line terminator starts — CR LF, or one of LF, VT, FF, CR, NEL, U+2028,
    /// U+2029 — or nil when the text does not end with one. `$` and `\Z` also match there.
    static func finalLineTerminatorOffset(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = text.count
        guard count > 0 else { return nil }
        let last = text[count - 1]
        if count >= 2, text[count - 2] == 0x0D, last == 0x0A { return count - 2 }
        if (0x0A...0x0D).contains(last) { return count - 1 }
        if count >= 2, text[count - 2] == 0xC2, last == 0x85 { return count - 2 }
        if count >= 3, text[count - 3] == 0xE2, text[count - 2] == 0x80, last == 0xA8 || last == 0xA9 { return count - 3 }
        return nil
    }
}
