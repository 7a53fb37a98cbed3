extension SourceText {
    /// How many Unicode scalars the JSON token starting at byte `offset` spans on its line: a
    /// whole string with its quotes, a number or a literal; 1 for a bracket (an object or array
    /// is underlined at its opening character only) and for anything unexpected.
    public func tokenLength(at offset: Int) -> Int {
        guard offset >= 0, offset < bytes.count else { return 1 }
        var end = offset
        switch bytes[offset] {
        case UInt8(ascii: "\""):
            end += 1
            var escaped = false
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D {
                let byte = bytes[end]
                end += 1
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    break
                }
            }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            while end < bytes.count, SourceText.isTokenByte(bytes[end]) { end += 1 }
        default:
            return 1
        }
        // Continuation bytes (10xxxxxx) do not start a scalar.
        return max(1, bytes[offset..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) })
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }
}

extension Diagnostic {
    /// The finding with its caret run over the whole token at its place in `source` (a string
    /// with its quotes, a number, a literal) when it covers one character: how every command
    /// underlines what a library placed at a token's start, so `lint` and `validate` show the
    /// same caret. A finding whose fix-it edits at its place keeps its run: the place is where
    /// the edit goes (a comma inserted), not a token.
    public func underliningToken(in source: SourceText) -> Diagnostic {
        guard length == 1, let location,
              !fixIts.contains(where: { $0.edits.contains { $0.range.lowerBound == location.offset } }) else { return self }
        var underlined = self
        underlined.length = source.tokenLength(at: location.offset)
        return underlined
    }
}
