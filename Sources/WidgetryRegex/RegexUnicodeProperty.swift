/// A Unicode property a pattern can test with `\p{…}`, `[:…:]` or a shorthand such as `\w`.
enum RegexUnicodeProperty: Sendable, Hashable {
    /// Scalars whose general category is in the mask (bits from ``categoryBit(_:)``).
    case generalCategories(UInt32)
    case alphabetic
    case whiteSpace
    case lowercase
    case uppercase
    case hexDigit
    /// `\w`: Alphabetic, marks, decimal digits, connector punctuation, ZWNJ and ZWJ.
    case word
    case any
    case ascii
    case assigned
    /// POSIX `blank`: white space other than line and paragraph separators and vertical space.
    case posixBlank
    /// POSIX `graph`: not white space, control, surrogate or unassigned.
    case posixGraph
    /// POSIX `print`: `graph` and `blank`, without controls.
    case posixPrint

    func contains(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        let properties = scalar.properties
        switch self {
        case .generalCategories(let mask):
            return mask & Self.categoryBit(properties.generalCategory) != 0
        case .alphabetic: return properties.isAlphabetic
        case .whiteSpace: return properties.isWhitespace
        case .lowercase: return properties.isLowercase
        case .uppercase: return properties.isUppercase
        case .hexDigit: return properties.isHexDigit
        case .word: return RegexScalarTraits.isWord(value)
        case .any: return true
        case .ascii: return value < 0x80
        case .assigned: return properties.generalCategory != .unassigned
        case .posixBlank:
            return properties.isWhitespace && !(0x0A...0x0D).contains(value) && value != 0x85
                && properties.generalCategory != .lineSeparator && properties.generalCategory != .paragraphSeparator
        case .posixGraph:
            return !properties.isWhitespace
                && Self.categoryBit(properties.generalCategory) & Self.controlSurrogateUnassigned == 0
        case .posixPrint:
            return properties.generalCategory != .control
                && (RegexUnicodeProperty.posixGraph.contains(value) || RegexUnicodeProperty.posixBlank.contains(value))
        }
    }

    /// The ASCII scalars with the property; under `isCaseInsensitive`, those with a case variant
    /// that has it. Built from tables computed once per process.
    func asciiBitmap(isCaseInsensitive: Bool) -> RegexASCIIBitmap {
        let tables = isCaseInsensitive ? Self.foldedASCIITables : Self.asciiTables
        guard case .generalCategories(var mask) = self else { return tables.properties[propertyIndex] }
        var bitmap = RegexASCIIBitmap()
        while mask != 0 {
            bitmap.formUnion(tables.categories[mask.trailingZeroBitCount])
            mask &= mask - 1
        }
        return bitmap
    }

    /// The properties other than general categories, in the order of ``propertyIndex``.
    private static let otherProperties: [RegexUnicodeProperty] = [
        .alphabetic, .whiteSpace, .lowercase, .uppercase, .hexDigit, .word, .any, .ascii, .assigned,
        .posixBlank, .posixGraph, .posixPrint,
    ]

    private var propertyIndex: Int {
        switch self {
        case .generalCategories: -1
        case .alphabetic: 0
        case .whiteSpace: 1
        case .lowercase: 2
        case .uppercase: 3
        case .hexDigit: 4
        case .word: 5
        case .any: 6
        case .ascii: 7
        case .assigned: 8
        case .posixBlank: 9
        case .posixGraph: 10
        case .posixPrint: 11
        }
    }

    /// ASCII bitmaps per general category (by bit index) and per other property.
    private struct ASCIITables: Sendable {
        var categories: [RegexASCIIBitmap]
        var properties: [RegexASCIIBitmap]

        init(isCaseInsensitive: Bool) {
            func variants(_ value: UInt32) -> [UInt32] {
                isCaseInsensitive ? RegexCaseFolding.variants(of: value) ?? [value] : [value]
            }
            categories = (0..<30).map { bit in
                RegexASCIIBitmap { value in
                    variants(value).contains { variant in
                        guard let scalar = Unicode.Scalar(variant) else { return false }
                        return RegexUnicodeProperty.categoryBit(scalar.properties.generalCategory) == 1 << UInt32(bit)
                    }
                }
            }
            properties = RegexUnicodeProperty.otherProperties.map { property in
                RegexASCIIBitmap { value in variants(value).contains { property.contains($0) } }
            }
        }
    }

    private static let asciiTables = ASCIITables(isCaseInsensitive: false)
    private static let foldedASCIITables = ASCIITables(isCaseInsensitive: true)

    private static let controlSurrogateUnassigned =
        categoryBit(.control) | categoryBit(.surrogate) | categoryBit(.unassigned)

    /// One bit per general category.
    static func categoryBit(_ category: Unicode.GeneralCategory) -> UInt32 {
        let index: UInt32
        switch category {
        case .uppercaseLetter: index = 0
        case .lowercaseLetter: index = 1
        case .titlecaseLetter: index = 2
        case .modifierLetter: index = 3
        case .otherLetter: index = 4
        case .nonspacingMark: index = 5
        case .spacingMark: index = 6
        case .enclosingMark: index = 7
        case .decimalNumber: index = 8
        case .letterNumber: index = 9
        case .otherNumber: index = 10
        case .connectorPunctuation: index = 11
        case .dashPunctuation: index = 12
        case .openPunctuation: index = 13
        case .closePunctuation: index = 14
        case .initialPunctuation: index = 15
        case .finalPunctuation: index = 16
        case .otherPunctuation: index = 17
        case .mathSymbol: index = 18
        case .currencySymbol: index = 19
        case .modifierSymbol: index = 20
        case .otherSymbol: index = 21
        case .spaceSeparator: index = 22
        case .lineSeparator: index = 23
        case .paragraphSeparator: index = 24
        case .control: index = 25
        case .format: index = 26
        case .surrogate: index = 27
        case .privateUse: index = 28
        case .unassigned: index = 29
        @unknown default: index = 29
        }
        return 1 << index
    }
}
