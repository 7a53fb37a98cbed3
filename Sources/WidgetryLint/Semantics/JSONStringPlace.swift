import WidgetryJSON

/// A string value of a JSON file seen from inside: where each UTF-8 byte of its decoded text is
/// written in the source, through escapes (`\"`, `\n`, `\u00e9`, surrogate pairs), so a finding
/// about part of a predicate or key path points at the exact character inside the quotes.
struct JSONStringPlace {
    let source: SourceText
    /// The opening quote.
    let start: SourceLocation

    /// The place of `value`, when it is a string whose location in `source` is its opening quote.
    init?(_ value: JSONValue, in source: SourceText) {
        guard case .string = value.kind, let location = value.location, location.offset >= 0, location.offset < source.bytes.count,
              source.bytes[location.offset] == UInt8(ascii: "\"") else { return nil }
        self.source = source
        start = location
    }

    /// Where byte `offset` of the decoded text is written. An offset inside an escape (the second
    /// byte of `\u00e9`) gives the escape's backslash; one past the text gives the closing quote.
    func location(ofTextOffset offset: Int) -> SourceLocation {
        locate(rawOffset(ofTextOffset: offset))
    }

    /// Where `range` of the decoded text starts and how many Unicode scalars of the source it
    /// covers (at least 1).
    func span(of range: Range<Int>) -> (location: SourceLocation, length: Int) {
        let lower = rawOffset(ofTextOffset: range.lowerBound)
        let upper = max(lower, rawOffset(ofTextOffset: range.upperBound))
        return (locate(lower), max(1, scalarCount(lower..<upper)))
    }

    /// The safe fix-it replacing `name`, the bytes `range` of the decoded text, by the one name
    /// among `candidates` it surely means (``FixIt/renaming(_:among:at:)``), when the source
    /// writes `name` as it is, without escapes.
    func renaming(_ name: String, at range: Range<Int>, among candidates: [String]) -> FixIt? {
        let written = rawOffset(ofTextOffset: range.lowerBound)..<max(rawOffset(ofTextOffset: range.lowerBound), rawOffset(ofTextOffset: range.upperBound))
        guard source.bytes[written].elementsEqual(name.utf8) else { return nil }
        return FixIt.renaming(name, among: candidates, at: written.lowerBound)
    }

    /// The whole string with its quotes, as a finding about the value underlines it.
    var wholeLength: Int { source.tokenLength(at: start.offset) }

    /// The source byte offset holding byte `target` of the decoded text.
    private func rawOffset(ofTextOffset target: Int) -> Int {
        let bytes = source.bytes
        var raw = start.offset + 1
        var decoded = 0
        while raw < bytes.count, bytes[raw] != UInt8(ascii: "\"") {
            let (rawWidth, decodedWidth) = widths(at: raw)
            if decoded + decodedWidth > max(0, target) { return raw }
            raw += rawWidth
            decoded += decodedWidth
        }
        return min(raw, bytes.count)
    }

    /// How many source bytes the character at `raw` takes and how many UTF-8 bytes it decodes to.
    private func widths(at raw: Int) -> (raw: Int, decoded: Int) {
        let bytes = source.bytes
        guard bytes[raw] == UInt8(ascii: "\\"), raw + 1 < bytes.count else { return (1, 1) }
        guard bytes[raw + 1] == UInt8(ascii: "u") else { return (2, 1) }
        guard let unit = hexUnit(at: raw + 2) else { return (2, 1) }
        if (0xD800...0xDBFF).contains(unit), raw + 11 < bytes.count, bytes[raw + 6] == UInt8(ascii: "\\"), bytes[raw + 7] == UInt8(ascii: "u"),
           let low = hexUnit(at: raw + 8), (0xDC00...0xDFFF).contains(low) {
            return (12, 4)
        }
        // A lone surrogate decodes (if the parser lets it through) to U+FFFD, three bytes.
        if (0xD800...0xDFFF).contains(unit) { return (6, 3) }
        return (6, unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3)
    }

    private func hexUnit(at position: Int) -> UInt32? {
        let bytes = source.bytes
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[position..<(position + 4)] {
            guard let digit = Self.hexDigit(byte) else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The line and column of source byte `raw`, counted from the opening quote.
    private func locate(_ raw: Int) -> SourceLocation {
        var line = start.line, column = start.column
        var position = start.offset
        let end = min(raw, source.bytes.count)
        while position < end {
            let byte = source.bytes[position]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            position += 1
        }
        return SourceLocation(offset: end, line: line, column: column)
    }

    private func scalarCount(_ range: Range<Int>) -> Int {
        let bytes = source.bytes
        let clamped = min(range.lowerBound, bytes.count)..<min(range.upperBound, bytes.count)
        return bytes[clamped].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}
