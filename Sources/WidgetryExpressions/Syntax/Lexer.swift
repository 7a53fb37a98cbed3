/// Splits predicate and expression text into tokens.
///
/// Reserved words match case-insensitively and can be used as key names when escaped with `#`
/// (`#size`). Every loop advances by at least one byte, so the lexer cannot spin.
public struct Lexer {
    private let text: String
    let bytes: [UInt8]
    private var position = 0

    public init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }

    /// The byte offset the next token starts at or after.
    public var offset: Int { position }

    /// All tokens of the text, ending with ``Token/Kind/end``.
    public static func tokenize(_ text: String) throws(PredicateSyntaxError) -> [Token] {
        var lexer = Lexer(text)
        var tokens: [Token] = []
        tokens.reserveCapacity(Swift.max(8, lexer.bytes.count / 3))
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    /// The next token.
    public mutating func next() throws(PredicateSyntaxError) -> Token {
        while position < bytes.count, Lexer.isSpace(bytes[position]) { position += 1 }
        let start = position
        guard position < bytes.count else { return Token(.end, start..<start) }
        let byte = bytes[position]
        switch byte {
        case _ where Lexer.isIdentifierStart(byte):
            while position < bytes.count, Lexer.isIdentifierPart(bytes[position]) { position += 1 }
            let keyword = bytes.withUnsafeBufferPointer { Keyword.lookUp(UnsafeBufferPointer(rebasing: $0[start..<position])) }
            if let keyword { return Token(.keyword(keyword), start..<position) }
            return Token(.identifier(text(start..<position)), start..<position)
        case UInt8(ascii: "#"):
            position += 1
            guard position < bytes.count, Lexer.isIdentifierStart(bytes[position]) else {
                throw error(.unexpectedCharacter, "expected a name after '#'", at: start)
            }
            return Token(.identifier(readWord()), start..<position)
        case UInt8(ascii: "$"):
            position += 1
            guard position < bytes.count, Lexer.isIdentifierStart(bytes[position]) else {
                throw error(.invalidVariable, "expected a variable name after '$'", at: start)
            }
            return Token(.variable(readWord()), start..<position)
        case UInt8(ascii: "@"):
            position += 1
            guard position < bytes.count, Lexer.isIdentifierStart(bytes[position]) else {
                throw error(.unexpectedCharacter, "expected a collection operator after '@', such as @count", at: start)
            }
            return Token(.collectionOperator(readWord()), start..<position)
        case UInt8(ascii: "%"):
            guard position + 1 < bytes.count, "@KdifsD".utf8.contains(bytes[position + 1]) else {
                throw error(.unexpectedCharacter, "expected a format argument after '%': %@, %K, %d, %i, %f or %s", at: start)
            }
            position += 2
            return Token(.formatArgument(Character(UnicodeScalar(bytes[start + 1]))), start..<position)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumber()
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            return try readString()
        default:
            if let punctuation = Punctuation(byte: byte), byte != UInt8(ascii: ":") || peek(1) != UInt8(ascii: "=") {
                position += 1
                return Token(.punctuation(punctuation), start..<position)
            }
            return try readOperator()
        }
    }

    // MARK: Words and numbers

    private mutating func readWord() -> String {
        let start = position
        while position < bytes.count, Lexer.isIdentifierPart(bytes[position]) { position += 1 }
        return text(start..<position)
    }

    /// The decimal digits in `range` as an integer; nil when it does not fit in 64 bits.
    private func integerValue(_ range: Range<Int>) -> Int64? {
        var value: Int64 = 0
        for index in range {
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(Int64(bytes[index] &- UInt8(ascii: "0")))
            if overflow || carry { return nil }
            value = sum
        }
        return value
    }

    /// The source bytes in `range` as a string.
    private func text(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    private mutating func readNumber() throws(PredicateSyntaxError) -> Token {
        let start = position
        if bytes[position] == UInt8(ascii: "0"), let radixLetter = peek(1), let radix = Lexer.radix(radixLetter) {
            position += 2
            let digitsStart = position
            while position < bytes.count, Lexer.isIdentifierPart(bytes[position]) { position += 1 }
            let digits = String(decoding: bytes[digitsStart..<position], as: UTF8.self)
            guard !digits.isEmpty, let value = Int64(digits, radix: radix) else {
                throw error(.invalidNumber, "'\(String(decoding: bytes[start..<position], as: UTF8.self))' is not a valid base-\(radix) number", at: start)
            }
            return Token(.integer(value), start..<position)
        }
        var isInteger = true
        while position < bytes.count, Lexer.isDigit(bytes[position]) { position += 1 }
        if peek(0) == UInt8(ascii: "."), let next = peek(1), Lexer.isDigit(next) {
            isInteger = false
            position += 1
            while position < bytes.count, Lexer.isDigit(bytes[position]) { position += 1 }
        }
        if let letter = peek(0), letter | 0x20 == UInt8(ascii: "e") {
            var lookahead = 1
            if let sign = peek(1), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { lookahead = 2 }
            if let digit = peek(lookahead), Lexer.isDigit(digit) {
                isInteger = false
                position += lookahead
                while position < bytes.count, Lexer.isDigit(bytes[position]) { position += 1 }
            }
        }
        if let trailing = peek(0), Lexer.isIdentifierStart(trailing) {
            throw error(.invalidNumber, "a number cannot be followed directly by a letter", at: position)
        }
        if isInteger, let value = integerValue(start..<position) { return Token(.integer(value), start..<position) }
        let text = text(start..<position)
        guard let value = Double(text), value.isFinite else {
            throw error(.invalidNumber, "'\(text)' is out of range", at: start)
        }
        return Token(.double(value), start..<position)
    }

    // MARK: Strings

    private mutating func readString() throws(PredicateSyntaxError) -> Token {
        let start = position
        let quote = bytes[position]
        position += 1
        // Without escapes, the string is the source bytes between the quotes.
        var end = position
        while end < bytes.count, bytes[end] != quote, bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count, bytes[end] == quote {
            let value = text(position..<end)
            position = end + 1
            return Token(.string(value), start..<position)
        }
        var text: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                position += 1
                return Token(.string(String(decoding: text, as: UTF8.self)), start..<position)
            }
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                position += 1
                continue
            }
            try readEscape(into: &text)
        }
        throw error(.unterminatedString, "unterminated string; add the closing \(quote == UInt8(ascii: "'") ? "'" : "\"")", at: start)
    }

    /// Reads one escape sequence at the backslash at `position`.
    private mutating func readEscape(into text: inout [UInt8]) throws(PredicateSyntaxError) {
        let start = position
        guard let letter = peek(1) else {
            throw error(.unterminatedString, "unterminated string after '\\'", at: start)
        }
        position += 2
        switch letter {
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "v"): text.append(0x0B)
        case UInt8(ascii: "a"): text.append(0x07)
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): text.append(letter)
        case UInt8(ascii: "x"):
            try appendScalar(hexDigits: 2, escapeStart: start, into: &text)
        case UInt8(ascii: "u"):
            try appendScalar(hexDigits: 4, escapeStart: start, into: &text)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(letter - UInt8(ascii: "0"))
            var count = 1
            while count < 3, let digit = peek(0), (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) {
                value = value * 8 + UInt32(digit - UInt8(ascii: "0"))
                position += 1
                count += 1
            }
            Lexer.appendUTF8(value, to: &text)
        default:
            throw error(.invalidEscape, "unknown escape '\\\(String(UnicodeScalar(letter)))'", at: start)
        }
    }

    private mutating func appendScalar(hexDigits: Int, escapeStart: Int, into text: inout [UInt8]) throws(PredicateSyntaxError) {
        var value: UInt32 = 0
        for _ in 0..<hexDigits {
            guard let digit = peek(0), let nibble = Lexer.hexValue(digit) else {
                throw error(.invalidEscape, "expected \(hexDigits) hexadecimal digits in the escape", at: escapeStart)
            }
            value = value << 4 | nibble
            position += 1
        }
        guard Unicode.Scalar(value) != nil else {
            throw error(.invalidEscape, "escape names a surrogate, not a character", at: escapeStart)
        }
        Lexer.appendUTF8(value, to: &text)
    }

    // MARK: Operators

    private mutating func readOperator() throws(PredicateSyntaxError) -> Token {
        let start = position
        let first = bytes[position]
        let second = peek(1)
        let op: Operator?
        var length = 2
        switch (first, second) {
        case (UInt8(ascii: "*"), UInt8(ascii: "*")): op = .power
        case (UInt8(ascii: "="), UInt8(ascii: "=")): op = .equal
        case (UInt8(ascii: "!"), UInt8(ascii: "=")), (UInt8(ascii: "<"), UInt8(ascii: ">")): op = .notEqual
        case (UInt8(ascii: "<"), UInt8(ascii: "=")), (UInt8(ascii: "="), UInt8(ascii: "<")): op = .lessOrEqual
        case (UInt8(ascii: ">"), UInt8(ascii: "=")), (UInt8(ascii: "="), UInt8(ascii: ">")): op = .greaterOrEqual
        case (UInt8(ascii: "&"), UInt8(ascii: "&")): op = .and
        case (UInt8(ascii: "|"), UInt8(ascii: "|")): op = .or
        case (UInt8(ascii: ":"), UInt8(ascii: "=")): op = .assign
        default:
            length = 1
            switch first {
            case UInt8(ascii: "="): op = .equal
            case UInt8(ascii: "<"): op = .less
            case UInt8(ascii: ">"): op = .greater
            case UInt8(ascii: "+"): op = .plus
            case UInt8(ascii: "-"): op = .minus
            case UInt8(ascii: "*"): op = .times
            case UInt8(ascii: "/"): op = .divide
            case UInt8(ascii: "!"): op = .not
            default: op = nil
            }
        }
        if let op {
            position += length
            return Token(.operator(op), start..<position)
        }
        let scalar = String(decoding: bytes[position..<min(bytes.count, position + 4)], as: UTF8.self).unicodeScalars.first.map { String($0) } ?? "?"
        throw error(.unexpectedCharacter, "unexpected character '\(scalar)'", at: start)
    }

    private func error(_ code: PredicateSyntaxError.Code, _ message: String, at offset: Int) -> PredicateSyntaxError {
        PredicateSyntaxError(code, message, range: offset..<min(offset + 1, max(bytes.count, offset + 1)), text: text)
    }

    // MARK: Character classes

    private func peek(_ ahead: Int) -> UInt8? {
        position + ahead < bytes.count ? bytes[position + ahead] : nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Letters, `_`, and any non-ASCII byte (so key names in other scripts work).
    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }

    private static func radix(_ letter: UInt8) -> Int? {
        switch letter | 0x20 {
        case UInt8(ascii: "x"): 16
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "b"): 2
        default: nil
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func appendUTF8(_ value: UInt32, to text: inout [UInt8]) {
        guard let scalar = Unicode.Scalar(value) else { return }
        text.append(contentsOf: String(Character(scalar)).utf8)
    }
}
