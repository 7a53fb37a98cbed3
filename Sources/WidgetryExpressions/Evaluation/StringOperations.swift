/// Byte operations on folded strings (see ``StringFolding``): equality, order, prefix, suffix,
/// substring and `LIKE`. The `pattern` side is always fully folded.
enum StringOperations {
    static func equals(_ text: FoldedBytes, _ pattern: [UInt8]) -> Bool {
        guard text.count == pattern.count else { return false }
        for index in 0..<pattern.count where text[index] != pattern[index] { return false }
        return true
    }

    static func hasPrefix(_ text: FoldedBytes, _ prefix: [UInt8]) -> Bool {
        guard text.count >= prefix.count else { return false }
        for index in 0..<prefix.count where text[index] != prefix[index] { return false }
        return true
    }

    static func hasSuffix(_ text: FoldedBytes, _ suffix: [UInt8]) -> Bool {
        guard text.count >= suffix.count else { return false }
        let offset = text.count - suffix.count
        for index in 0..<suffix.count where text[offset + index] != suffix[index] { return false }
        return true
    }

    /// Substring search: scans for the needle's first byte (either case when folding ASCII case),
    /// then compares the rest in place.
    static func contains(_ text: FoldedBytes, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        let bytes = text.bytes
        guard bytes.count >= needle.count else { return false }
        let last = bytes.count - needle.count
        let foldsFirst = text.lowersASCII && first &- UInt8(ascii: "a") < 26
        return needle.withUnsafeBufferPointer { needle in
            var start = 0
            while start <= last {
                let byte = bytes[start]
                if (foldsFirst ? byte | 0x20 : byte) == first {
                    var matched = 1
                    if text.lowersASCII {
                        while matched < needle.count, StringFolding.lowerASCII(bytes[start + matched]) == needle[matched] { matched += 1 }
                    } else {
                        while matched < needle.count, bytes[start + matched] == needle[matched] { matched += 1 }
                    }
                    if matched == needle.count { return true }
                }
                start += 1
            }
            return false
        }
    }

    /// Lexicographic order of folded bytes, which is Unicode scalar order.
    static func compare(_ text: FoldedBytes, _ other: [UInt8]) -> Ordering.Order {
        let shared = min(text.count, other.count)
        for index in 0..<shared {
            let a = text[index], b = other[index]
            if a != b { return a < b ? .ascending : .descending }
        }
        return text.count == other.count ? .same : text.count < other.count ? .ascending : .descending
    }

    /// `LIKE`: `*` matches any run of characters, `?` exactly one, over the whole text. Runs in
    /// O(text × pattern) at worst: after a mismatch it only retries from the latest `*`.
    static func like(_ text: FoldedBytes, _ pattern: [UInt8]) -> Bool {
        let star = UInt8(ascii: "*"), question = UInt8(ascii: "?")
        var t = 0, p = 0
        var starPattern = -1, starText = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == question {
                p += 1
                t = nextScalar(text, after: t)
            } else if p < pattern.count, pattern[p] == star {
                starPattern = p
                p += 1
                starText = t
            } else if p < pattern.count, text[t] == pattern[p] {
                p += 1
                t += 1
            } else if starPattern >= 0 {
                p = starPattern + 1
                starText = nextScalar(text, after: starText)
                t = starText
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == star { p += 1 }
        return p == pattern.count
    }

    /// The offset of the scalar after the one starting at `offset`.
    private static func nextScalar(_ text: FoldedBytes, after offset: Int) -> Int {
        var next = offset + 1
        while next < text.count, text.bytes[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }
}
