/// The byte-level rules of JSON text that ``JSONParser`` and ``JSONStreamReader`` share, so the
/// two accept exactly the same documents and read numbers and escapes to the same values.
///
/// Each rule reports a failure as a small value carrying the byte offset; the parser turns it
/// into a located ``JSONParseError`` with its message and hint, the reader into a
/// ``JSONStreamError``. Everything here is inlined into both callers' loops.
enum JSONSyntax {
    /// A number as JSON text defines it, classified as the parser keeps it.
    enum Number: Equatable {
        /// Written without fraction or exponent and fits in 64 bits.
        case integer(Int64)
        case double(Double)
    }

    enum NumberFailure: Error {
        case missingDigitAfterMinus(at: Int)
        /// `at` is the number's first byte.
        case leadingZero(at: Int)
        case missingFractionDigit(at: Int)
        case missingExponentDigit(at: Int)
        /// The value is not a finite double; `at` is the number's first byte.
        case outOfRange(at: Int)

        var offset: Int {
            switch self {
            case .missingDigitAfterMinus(let at), .leadingZero(let at), .missingFractionDigit(let at),
                .missingExponentDigit(let at), .outOfRange(let at):
                at
            }
        }
    }

    enum EscapeFailure: Error {
        /// The backslash is the last byte of the input.
        case truncated
        /// `at` is the backslash.
        case invalidEscape(at: Int)
        /// `\u` without four hexadecimal digits; `at` is the backslash.
        case invalidHexDigits(at: Int)
        /// A high surrogate not followed by `\u`; `at` is its backslash.
        case missingLowSurrogate(high: UInt32, at: Int)
        /// A high surrogate followed by an escape that is not a low surrogate; `at` is the second backslash.
        case notLowSurrogate(high: UInt32, low: UInt32, at: Int)
        /// A low surrogate with no high surrogate before it; `at` is its backslash.
        case loneLowSurrogate(low: UInt32, at: Int)
    }

    /// Where scanning for a string's closing quote stops: its content must end before this
    /// offset to stay within `maxStringBytes`.
    @inline(__always)
    static func stringScanEnd(contentStart: Int, end: Int, maxStringBytes: Int) -> Int {
        min(end, contentStart &+ maxStringBytes)
    }

    // MARK: Numbers

    /// Reads the number starting at `start` (a `-` or a digit) and returns its value and the
    /// offset just past it. Integers that fit in `Int64` stay integers; everything else is
    /// converted to the correctly rounded double, and a number no finite double can hold fails.
    @inline(__always)
    static func scanNumber(in input: UnsafeBufferPointer<UInt8>, from start: Int) throws(NumberFailure) -> (value: Number, end: Int) {
        let end = input.count
        var cursor = start
        let negative = input[cursor] == UInt8(ascii: "-")
        if negative { cursor += 1 }
        guard cursor < end, isDigit(input[cursor]) else {
            throw .missingDigitAfterMinus(at: cursor)
        }
        var mantissa: UInt64 = 0
        var exact = true  // every significant digit is in `mantissa`
        var decimalExponent = 0
        if input[cursor] == UInt8(ascii: "0") {
            cursor += 1
            if cursor < end, isDigit(input[cursor]) {
                throw .leadingZero(at: start)
            }
        } else {
            while cursor < end, isDigit(input[cursor]) {
                accumulate(input[cursor], into: &mantissa, exact: &exact, exponent: &decimalExponent, fractional: false)
                cursor += 1
            }
        }
        var isInteger = true
        if cursor < end, input[cursor] == UInt8(ascii: ".") {
            isInteger = false
            cursor += 1
            guard cursor < end, isDigit(input[cursor]) else {
                throw .missingFractionDigit(at: cursor)
            }
            while cursor < end, isDigit(input[cursor]) {
                accumulate(input[cursor], into: &mantissa, exact: &exact, exponent: &decimalExponent, fractional: true)
                cursor += 1
            }
        }
        if cursor < end, input[cursor] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            cursor += 1
            var exponentNegative = false
            if cursor < end, input[cursor] == UInt8(ascii: "+") || input[cursor] == UInt8(ascii: "-") {
                exponentNegative = input[cursor] == UInt8(ascii: "-")
                cursor += 1
            }
            guard cursor < end, isDigit(input[cursor]) else {
                throw .missingExponentDigit(at: cursor)
            }
            var exponent = 0
            while cursor < end, isDigit(input[cursor]) {
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(input[cursor] - 0x30) }
                cursor += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
        }

        if isInteger, exact {
            if negative {
                if mantissa <= UInt64(Int64.max) { return (.integer(-Int64(mantissa)), cursor) }
                if mantissa == UInt64(Int64.max) + 1 { return (.integer(Int64.min), cursor) }
            } else if mantissa <= UInt64(Int64.max) {
                return (.integer(Int64(mantissa)), cursor)
            }
        }
        let value: Double
        if exact, mantissa <= 1 << 53, let power = exactPowerOfTen(abs(decimalExponent)) {
            // Clinger's fast path: both operands are exact doubles, so one rounding gives the correctly rounded result.
            let magnitude = decimalExponent < 0 ? Double(mantissa) / power : Double(mantissa) * power
            value = negative ? -magnitude : magnitude
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<cursor]), as: UTF8.self)
            value = Double(text) ?? .infinity
        }
        guard value.isFinite else {
            throw .outOfRange(at: start)
        }
        return (.double(value), cursor)
    }

    @inline(__always)
    private static func accumulate(_ digit: UInt8, into mantissa: inout UInt64, exact: inout Bool, exponent: inout Int, fractional: Bool) {
        let value = UInt64(digit - 0x30)
        if exact, mantissa <= (UInt64.max - 9) / 10 {
            mantissa = mantissa * 10 + value
            if fractional { exponent -= 1 }
        } else {
            if value != 0 || !fractional { exact = false }
            if !fractional { exponent += 1 }
        }
    }

    /// 10^0 … 10^22: the powers of ten a double holds exactly.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    @inline(__always)
    private static func exactPowerOfTen(_ exponent: Int) -> Double? {
        exponent < exactPowersOfTen.count ? exactPowersOfTen[exponent] : nil
    }

    // MARK: Strings

    /// The length of the well-formed UTF-8 sequence whose lead byte (at least 0x80) is at
    /// `index` and which ends by `limit`, or nil when it is not well formed: overlong forms,
    /// surrogates and values above U+10FFFF are rejected.
    @inline(__always)
    static func utf8SequenceLength(in input: UnsafeBufferPointer<UInt8>, at index: Int, limit: Int) -> Int? {
        let length: Int
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        switch input[index] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondLow = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondHigh = 0x9F
        case 0xF0: length = 4; secondLow = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondHigh = 0x8F
        default: return nil
        }
        guard index + length <= limit else { return nil }
        let second = input[index + 1]
        guard second >= secondLow, second <= secondHigh else { return nil }
        for following in (index + 2)..<(index + length) where input[following] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }

    /// Reads the escape sequence whose backslash is at `start` inside a string whose content
    /// must end before `scanEnd`; returns the scalar value it stands for and its length in bytes
    /// (2, 6, or 12 for a surrogate pair).
    @inline(__always)
    static func decodeEscape(in input: UnsafeBufferPointer<UInt8>, at start: Int, scanEnd: Int) throws(EscapeFailure) -> (scalar: UInt32, length: Int) {
        guard start + 1 < input.count else { throw .truncated }
        switch input[start + 1] {
        case UInt8(ascii: "\""): return (0x22, 2)
        case UInt8(ascii: "\\"): return (0x5C, 2)
        case UInt8(ascii: "/"): return (0x2F, 2)
        case UInt8(ascii: "b"): return (0x08, 2)
        case UInt8(ascii: "f"): return (0x0C, 2)
        case UInt8(ascii: "n"): return (0x0A, 2)
        case UInt8(ascii: "r"): return (0x0D, 2)
        case UInt8(ascii: "t"): return (0x09, 2)
        case UInt8(ascii: "u"): break
        default: throw .invalidEscape(at: start)
        }
        let high = try readHex4(in: input, at: start + 2, escapeStart: start)
        switch high {
        case 0xD800...0xDBFF:
            let next = start + 6
            guard next + 1 < scanEnd, input[next] == UInt8(ascii: "\\"), input[next + 1] == UInt8(ascii: "u") else {
                throw .missingLowSurrogate(high: high, at: start)
            }
            let low = try readHex4(in: input, at: next + 2, escapeStart: next)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw .notLowSurrogate(high: high, low: low, at: next)
            }
            return (0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00), 12)
        case 0xDC00...0xDFFF:
            throw .loneLowSurrogate(low: high, at: start)
        default:
            return (high, 6)
        }
    }

    @inline(__always)
    private static func readHex4(in input: UnsafeBufferPointer<UInt8>, at start: Int, escapeStart: Int) throws(EscapeFailure) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            let index = start + offset
            guard index < input.count, let digit = hexDigitValue(input[index]) else {
                throw .invalidHexDigits(at: escapeStart)
            }
            value = value << 4 | digit
        }
        return value
    }

    @inline(__always)
    private static func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
