import Foundation

/// Turns strings into the UTF-8 bytes that string comparisons compare, according to the
/// comparison options: canonical composition (NFC) unless `[n]`, case folding for `[c]`,
/// diacritic removal for `[d]`. Every string operator is a byte operation on folded strings,
/// so all of them treat options the same way.
///
/// ASCII text needs no normalisation, so it is used in place, without a copy; case folding of
/// ASCII happens byte by byte during the comparison (``FoldedBytes/lowersASCII``).
struct StringFolding: Sendable {
    let foldsCase: Bool
    let foldsDiacritics: Bool
    /// `[n]`: compare scalars as written, without canonical composition.
    let keepsScalars: Bool

    init(_ options: ComparisonOptions) {
        foldsCase = options.contains(.caseInsensitive)
        foldsDiacritics = options.contains(.diacriticInsensitive)
        keepsScalars = options.contains(.normalized)
    }

    /// True when folding changes nothing beyond canonical equivalence (no `c`, `d` or `n`).
    var isPlain: Bool { !foldsCase && !foldsDiacritics && !keepsScalars }

    /// The fully folded bytes of a string (ASCII lowered when folding case).
    func fold(_ string: String) -> [UInt8] {
        var string = string
        return string.withUTF8 { bytes in
            if StringFolding.isASCII(bytes) {
                return foldsCase ? bytes.map(StringFolding.lowerASCII) : Array(bytes)
            }
            return Array(foldNonASCII(String(decoding: bytes, as: UTF8.self)).utf8)
        }
    }

    /// Calls `body` with the folded bytes of `string`, copying only when the text is not ASCII.
    /// Always inlined: a closure specialized instead would retain everything `body` captures.
    @inline(__always)
    func withFolded<Result>(_ string: String, _ body: (FoldedBytes) -> Result) -> Result {
        let inPlace = string.utf8.withContiguousStorageIfAvailable { bytes -> Result? in
            guard StringFolding.isASCII(bytes) else { return nil }
            return body(FoldedBytes(bytes: bytes, lowersASCII: foldsCase))
        }
        if let result = inPlace ?? nil { return result }
        let folded = fold(string)
        return folded.withUnsafeBufferPointer { body(FoldedBytes(bytes: $0, lowersASCII: false)) }
    }

    private func foldNonASCII(_ string: String) -> String {
        var options: String.CompareOptions = []
        if foldsCase { options.insert(.caseInsensitive) }
        if foldsDiacritics { options.insert(.diacriticInsensitive) }
        var folded = options.isEmpty ? string : string.folding(options: options, locale: nil)
        if !keepsScalars { folded = folded.precomposedStringWithCanonicalMapping }
        return folded
    }

    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        // Eight bytes at a time while there are eight.
        while index + 8 <= count {
            let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    @inline(__always)
    static func lowerASCII(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}

/// Folded text as bytes; when ``lowersASCII`` is set, ASCII capitals still have to be lowered as
/// they are read.
struct FoldedBytes {
    let bytes: UnsafeBufferPointer<UInt8>
    let lowersASCII: Bool

    var count: Int { bytes.count }

    @inline(__always)
    subscript(index: Int) -> UInt8 {
        lowersASCII ? StringFolding.lowerASCII(bytes[index]) : bytes[index]
    }
}
