/// The property names `\p{…}` and `[:…:]` accept: general categories by short or long name
/// (`Lu`, `Uppercase_Letter`, optionally as `gc=Lu` or `General_Category=Lu`), a few binary
/// properties (`Alphabetic`, `White_Space`, `Lowercase`, `Uppercase`, `Hex_Digit`, `Any`, `ASCII`,
/// `Assigned`) and the POSIX names (`alpha`, `digit`, `alnum`, `punct`, `space`, `blank`, `cntrl`,
/// `graph`, `print`, `lower`, `upper`, `xdigit`, `word`). Names ignore case, spaces, `_` and `-`.
enum RegexPropertyNames {
    /// The class `name` stands for, or nil when the name is unknown.
    static func scalarClass(named name: String, isCaseInsensitive: Bool) -> RegexScalarClass? {
        let loose = String(name.lowercased().filter { $0 != " " && $0 != "_" && $0 != "-" })
        if let equals = loose.firstIndex(of: "=") {
            let propertyName = loose[..<equals]
            guard propertyName == "gc" || propertyName == "generalcategory",
                  let mask = categoryMasks[String(loose[loose.index(after: equals)...])]
            else { return nil }
            return RegexScalarClass(.generalCategories(mask), isCaseInsensitive: isCaseInsensitive)
        }
        if let mask = categoryMasks[loose] {
            return RegexScalarClass(.generalCategories(mask), isCaseInsensitive: isCaseInsensitive)
        }
        guard let properties = otherProperties[loose] else { return nil }
        var result = RegexScalarClass()
        for property in properties {
            result.formUnion(RegexScalarClass(property, isCaseInsensitive: isCaseInsensitive))
        }
        return result
    }

    private static func mask(_ categories: Unicode.GeneralCategory...) -> UInt32 {
        categories.reduce(0) { $0 | RegexUnicodeProperty.categoryBit($1) }
    }

    private static let letter = mask(.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter)
    private static let markMask = mask(.nonspacingMark, .spacingMark, .enclosingMark)
    private static let number = mask(.decimalNumber, .letterNumber, .otherNumber)
    private static let punctuation = mask(
        .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
        .initialPunctuation, .finalPunctuation, .otherPunctuation
    )
    private static let symbol = mask(.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol)
    private static let separator = mask(.spaceSeparator, .lineSeparator, .paragraphSeparator)
    private static let other = mask(.control, .format, .surrogate, .privateUse, .unassigned)

    private static let categoryMasks: [String: UInt32] = [
        "l": letter, "letter": letter,
        "lc": mask(.uppercaseLetter, .lowercaseLetter, .titlecaseLetter), "casedletter": mask(.uppercaseLetter, .lowercaseLetter, .titlecaseLetter),
        "lu": mask(.uppercaseLetter), "uppercaseletter": mask(.uppercaseLetter),
        "ll": mask(.lowercaseLetter), "lowercaseletter": mask(.lowercaseLetter),
        "lt": mask(.titlecaseLetter), "titlecaseletter": mask(.titlecaseLetter),
        "lm": mask(.modifierLetter), "modifierletter": mask(.modifierLetter),
        "lo": mask(.otherLetter), "otherletter": mask(.otherLetter),
        "m": markMask, "mark": markMask, "combiningmark": markMask,
        "mn": mask(.nonspacingMark), "nonspacingmark": mask(.nonspacingMark),
        "mc": mask(.spacingMark), "spacingmark": mask(.spacingMark),
        "me": mask(.enclosingMark), "enclosingmark": mask(.enclosingMark),
        "n": number, "number": number,
        "nd": mask(.decimalNumber), "decimalnumber": mask(.decimalNumber), "digit": mask(.decimalNumber),
        "nl": mask(.letterNumber), "letternumber": mask(.letterNumber),
        "no": mask(.otherNumber), "othernumber": mask(.otherNumber),
        "p": punctuation, "punctuation": punctuation, "punct": punctuation,
        "pc": mask(.connectorPunctuation), "connectorpunctuation": mask(.connectorPunctuation),
        "pd": mask(.dashPunctuation), "dashpunctuation": mask(.dashPunctuation),
        "ps": mask(.openPunctuation), "openpunctuation": mask(.openPunctuation),
        "pe": mask(.closePunctuation), "closepunctuation": mask(.closePunctuation),
        "pi": mask(.initialPunctuation), "initialpunctuation": mask(.initialPunctuation),
        "pf": mask(.finalPunctuation), "finalpunctuation": mask(.finalPunctuation),
        "po": mask(.otherPunctuation), "otherpunctuation": mask(.otherPunctuation),
        "s": symbol, "symbol": symbol,
        "sm": mask(.mathSymbol), "mathsymbol": mask(.mathSymbol),
        "sc": mask(.currencySymbol), "currencysymbol": mask(.currencySymbol),
        "sk": mask(.modifierSymbol), "modifiersymbol": mask(.modifierSymbol),
        "so": mask(.otherSymbol), "othersymbol": mask(.otherSymbol),
        "z": separator, "separator": separator,
        "zs": mask(.spaceSeparator), "spaceseparator": mask(.spaceSeparator),
        "zl": mask(.lineSeparator), "lineseparator": mask(.lineSeparator),
        "zp": mask(.paragraphSeparator), "paragraphseparator": mask(.paragraphSeparator),
        "c": other, "other": other,
        "cc": mask(.control), "control": mask(.control), "cntrl": mask(.control),
        "cf": mask(.format), "format": mask(.format),
        "cs": mask(.surrogate), "surrogate": mask(.surrogate),
        "co": mask(.privateUse), "privateuse": mask(.privateUse),
        "cn": mask(.unassigned), "unassigned": mask(.unassigned),
    ]

    private static let otherProperties: [String: [RegexUnicodeProperty]] = [
        "alphabetic": [.alphabetic], "alpha": [.alphabetic],
        "whitespace": [.whiteSpace], "wspace": [.whiteSpace], "space": [.whiteSpace],
        "lowercase": [.lowercase], "lower": [.lowercase],
        "uppercase": [.uppercase], "upper": [.uppercase],
        "hexdigit": [.hexDigit], "hex": [.hexDigit],
        "xdigit": [.generalCategories(mask(.decimalNumber)), .hexDigit],
        "alnum": [.alphabetic, .generalCategories(mask(.decimalNumber))],
        "blank": [.posixBlank], "graph": [.posixGraph], "print": [.posixPrint], "word": [.word],
        "any": [.any], "ascii": [.ascii], "assigned": [.assigned],
    ]
}
