// Strings for JSONStreamReader: scanning to the closing quote with every rule checked, and
// decoding or comparing the last key or string only when the caller asks.

extension JSONStreamReader {
    /// The decoded text of the last ``Token/key`` or ``Token/string``.
    public var stringValue: String {
        decodedText(start: stringStart, end: stringEnd, hasEscapes: stringHasEscapes)
    }

    /// Whether the decoded last ``Token/key`` or ``Token/string`` is exactly `utf8`, byte for
    /// byte (no Unicode normalization, unlike `String`'s `==`). Allocates nothing.
    public func lastStringEquals(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = stringEnd - stringStart
        if !stringHasEscapes {
            guard count == utf8.count else { return false }
            guard count > 0, let base = input.baseAddress, let other = utf8.baseAddress else { return true }
            return JSONStreamReader.bytesEqual(base + stringStart, other, count: count)
        }
        var matched = 0
        let equalSoFar = forEachDecodedByte(start: stringStart, end: stringEnd) { byte in
            guard matched < utf8.count, utf8[matched] == byte else { return false }
            matched += 1
            return true
        }
        return equalSoFar && matched == utf8.count
    }

    /// Whether the decoded last ``Token/key`` or ``Token/string`` is exactly `text`'s UTF-8
    /// (no Unicode normalization). Allocates nothing for native strings, literals included.
    public func lastStringEquals(_ text: String) -> Bool {
        if let result = text.utf8.withContiguousStorageIfAvailable({ lastStringEquals($0) }) {
            return result
        }
        var copy = text
        return copy.withUTF8 { lastStringEquals($0) }
    }

    // MARK: Scanning

    /// Reads the string whose opening quote is at `position`, checking what the parser checks
    /// (length limit, control characters, escapes, surrogate pairs, UTF-8), and records where
    /// its content is.
    @inline(__always)
    mutating func scanString() throws(JSONStreamError) {
        let quote = position
        let contentStart = quote + 1
        let scanEnd = JSONSyntax.stringScanEnd(contentStart: contentStart, end: end, maxStringBytes: maxStringBytes)
        var cursor = firstSpecialByte(from: contentStart, before: scanEnd)
        var hasEscapes = false
        var isASCII = true
        while true {
            guard cursor < scanEnd else { throw JSONStreamError(offset: quote) }
            let byte = input[cursor]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                do {
                    cursor += try JSONSyntax.decodeEscape(in: input, at: cursor, scanEnd: scanEnd).length
                } catch {
                    throw JSONStreamError(offset: JSONStreamReader.offset(of: error, quote: quote))
                }
                hasEscapes = true
            } else if byte >= 0x80 {
                // Checked up to the input's end: a sequence that runs past `scanEnd` is a string
                // too long, reported at the quote as the parser reports it.
                guard let length = JSONSyntax.utf8SequenceLength(in: input, at: cursor, limit: end) else {
                    throw JSONStreamError(offset: cursor)
                }
                cursor += length
                isASCII = false
            } else {
                throw JSONStreamError(offset: cursor)  // a control character
            }
            cursor = firstSpecialByte(from: cursor, before: scanEnd)
        }
        stringStart = contentStart
        stringEnd = cursor
        stringHasEscapes = hasEscapes
        stringIsPlain = isASCII && !hasEscapes
        position = cursor + 1
    }

    /// The offset of the first byte in `start..<limit` that ends a run of plain string content
    /// (a quote, a backslash, a control character or a non-ASCII byte), or `limit` if none does.
    /// Eight bytes at a time while they fit.
    @inline(__always)
    func firstSpecialByte(from start: Int, before limit: Int) -> Int {
        var cursor = start
        if let base = input.baseAddress {
            while cursor &+ 8 <= limit {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self))
                let special = JSONStreamReader.specialBytes(in: word)
                if special != 0 {
                    return cursor &+ special.trailingZeroBitCount &>> 3
                }
                cursor &+= 8
            }
        }
        while cursor < limit {
            let byte = input[cursor]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return cursor }
            cursor += 1
        }
        return cursor
    }

    /// The high bit of each byte of `word` (in memory order, little-endian) that is a quote, a
    /// backslash, below 0x20 or at least 0x80. Bytes above a marked byte may be marked wrongly
    /// (borrows propagate upwards), so only the lowest mark is exact, which is all that is used.
    @inline(__always)
    static func specialBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let quoteBytes = (quotes &- ones) & ~quotes
        let backslashBytes = (backslashes &- ones) & ~backslashes
        let controlBytes = (word &- ones &* 0x20) & ~word
        return (quoteBytes | backslashBytes | controlBytes | word) & (ones &* 0x80)
    }

    private static func offset(of failure: JSONSyntax.EscapeFailure, quote: Int) -> Int {
        switch failure {
        case .truncated: quote
        case .invalidEscape(let at), .invalidHexDigits(let at), .missingLowSurrogate(_, let at),
            .notLowSurrogate(_, _, let at), .loneLowSurrogate(_, let at):
            at
        }
    }

    // MARK: Decoding

    /// The text of string content already scanned.
    func decodedText(start: Int, end contentEnd: Int, hasEscapes: Bool) -> String {
        JSONStreamReader.decodedText(in: input, start: start, end: contentEnd, hasEscapes: hasEscapes)
    }

    /// Calls `body` with each byte of the UTF-8 the already scanned content `start..<end`
    /// decodes to, until it returns false; returns false if it did.
    @inline(__always)
    func forEachDecodedByte(start: Int, end contentEnd: Int, _ body: (UInt8) -> Bool) -> Bool {
        JSONStreamReader.forEachDecodedByte(in: input, start: start, end: contentEnd, body)
    }

    /// The text of the string content `start..<end` of `input`, which a reader scanned (so its
    /// escapes are valid).
    static func decodedText(in input: UnsafeBufferPointer<UInt8>, start: Int, end contentEnd: Int, hasEscapes: Bool) -> String {
        let content = UnsafeBufferPointer(rebasing: input[start..<contentEnd])
        guard hasEscapes else { return String(decoding: content, as: UTF8.self) }
        // Escapes are never shorter than what they stand for, so the content's length is enough.
        return String(unsafeUninitializedCapacity: content.count) { buffer in
            var count = 0
            _ = forEachDecodedByte(in: input, start: start, end: contentEnd) { byte in
                buffer[count] = byte
                count += 1
                return true
            }
            return count
        }
    }

    /// Calls `body` with each byte of the UTF-8 that the scanned content `start..<end` of
    /// `input` decodes to, until it returns false; returns false if it did.
    @inline(__always)
    static func forEachDecodedByte(in input: UnsafeBufferPointer<UInt8>, start: Int, end contentEnd: Int, _ body: (UInt8) -> Bool) -> Bool {
        var cursor = start
        while cursor < contentEnd {
            let byte = input[cursor]
            guard byte == UInt8(ascii: "\\") else {
                guard body(byte) else { return false }
                cursor += 1
                continue
            }
            // Scanning checked every escape, so decoding does not fail here; were it to, the
            // backslash is kept as written (never more bytes than the content, which
            // ``decodedText`` relies on).
            guard let escape = try? JSONSyntax.decodeEscape(in: input, at: cursor, scanEnd: contentEnd),
                let scalar = Unicode.Scalar(escape.scalar)
            else {
                guard body(byte) else { return false }
                cursor += 1
                continue
            }
            var stopped = false
            UTF8.encode(scalar) { byte in
                if !stopped, !body(byte) { stopped = true }
            }
            if stopped { return false }
            cursor += escape.length
        }
        return true
    }

    /// Whether `count` bytes at `a` and at `b` are equal, eight at a time, without a call: the
    /// one comparison of short byte runs (keys, names) in the package.
    @inlinable
    package static func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        var index = 0
        while index + 8 <= count {
            if UnsafeRawPointer(a + index).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(b + index).loadUnaligned(as: UInt64.self) {
                return false
            }
            index += 8
        }
        while index < count {
            if a[index] != b[index] { return false }
            index += 1
        }
        return true
    }
}
