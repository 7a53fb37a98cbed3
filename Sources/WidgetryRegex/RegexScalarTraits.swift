/// Scalar tests the anchors and word boundaries depend on.
package enum RegexScalarTraits {
    static let lineFeed: UInt32 = 0x0A
    static let carriageReturn: UInt32 = 0x0D

    /// LF, VT, FF, CR, NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR, as ICU counts them.
    static func isLineTerminator(_ value: UInt32) -> Bool {
        (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }

    /// The line terminators as a set, which `.` excludes without the `s` flag.
    static let lineTerminators: RegexScalarRanges = RegexScalarRanges([0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029])

    /// A `\w` scalar: Alphabetic, a mark, a decimal digit, connector punctuation, ZWNJ or ZWJ.
    package static func isWord(_ value: UInt32) -> Bool {
        if value < 0x80 {
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || value == 0x5F
        }
        guard let scalar = Unicode.Scalar(value) else { return false }
        if scalar.properties.isAlphabetic || value == 0x200C || value == 0x200D { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }

    /// Grapheme extenders and format characters, which word boundaries look through.
    static func isExtendOrFormat(_ value: UInt32) -> Bool {
        guard value >= 0x80, let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .format
    }
}
