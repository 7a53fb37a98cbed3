/// The `NSCharacterSet` class properties `stringByTrimmingCharactersInSet:` can name, written as
/// a string argument: `FUNCTION(name, 'stringByTrimmingCharactersInSet:', 'whitespaceCharacterSet')`.
///
/// Each holds what Apple's class reference says it holds, by Unicode general category.
/// `whitespaceAndNewlineCharacterSet` also holds the tab, as `whitespaceCharacterSet` does (its
/// reference lists Z*, U+000A–U+000D and U+0085, but it is the union of the other two sets).
enum NamedCharacterSet: String, CaseIterable, Sendable {
    case whitespace = "whitespaceCharacterSet"
    case whitespaceAndNewline = "whitespaceAndNewlineCharacterSet"
    case newline = "newlineCharacterSet"
    case decimalDigit = "decimalDigitCharacterSet"
    case punctuation = "punctuationCharacterSet"
    case alphanumeric = "alphanumericCharacterSet"
    case letter = "letterCharacterSet"
    case uppercaseLetter = "uppercaseLetterCharacterSet"
    case lowercaseLetter = "lowercaseLetterCharacterSet"
    case symbol = "symbolCharacterSet"
    case control = "controlCharacterSet"

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        switch self {
        case .whitespace:
            return category == .spaceSeparator || scalar == "\t"
        case .whitespaceAndNewline:
            return NamedCharacterSet.whitespace.contains(scalar) || NamedCharacterSet.newline.contains(scalar)
                || category == .lineSeparator || category == .paragraphSeparator
        case .newline:
            return ("\u{0A}"..."\u{0D}").contains(scalar) || scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}"
        case .decimalDigit:
            return category == .decimalNumber
        case .punctuation:
            return [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                    .finalPunctuation, .otherPunctuation].contains(category)
        case .alphanumeric:
            return Self.isLetterOrMark(category) || [.decimalNumber, .letterNumber, .otherNumber].contains(category)
        case .letter:
            return Self.isLetterOrMark(category)
        case .uppercaseLetter:
            return category == .uppercaseLetter || category == .titlecaseLetter
        case .lowercaseLetter:
            return category == .lowercaseLetter
        case .symbol:
            return [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol].contains(category)
        case .control:
            return category == .control || category == .format
        }
    }

    private static func isLetterOrMark(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
