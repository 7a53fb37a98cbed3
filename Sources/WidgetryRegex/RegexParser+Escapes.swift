/// What a backslash escape stands for.
enum RegexEscape {
    case scalar(UInt32)
    case scalarClass(RegexScalarClass)
    case assertion(RegexAssertion)
    /// `\R`.
    case lineBreak
    /// `\Q`, which starts quoting.
    case quote
    /// `\1` or `\k<name>`, by group number.
    case backreference(Int)
}

extension RegexParser {
    /// An escape outside a bracket class; `start` is the index of its backslash.
    mutating func parseEscape(startingAt start: Int) throws(RegexSyntaxError) -> Int? {
        switch try parseEscapeMeaning(startingAt: start) {
        case .scalar(let value):
            return literal(value)
        case .scalarClass(let scalarClass):
            return add(scalarClass)
        case .assertion(let kind):
            return assertion(kind)
        case .lineBreak:
            return lineBreak()
        case .quote:
            isQuoting = true
            endQuoteIfClosed()
            return nil
        case .backreference(let group):
            return append(RegexNode(kind: .backreference, flag: flags.contains(.caseInsensitive), value: UInt32(group)))
        }
    }

    /// `\R`: CR LF, or any one line terminator (a CR only when no LF follows it).
    private mutating func lineBreak() -> Int {
        let crlf = append(.sequence, children: [
            append(RegexNode(kind: .literal, value: RegexScalarTraits.carriageReturn)),
            append(RegexNode(kind: .literal, value: RegexScalarTraits.lineFeed)),
        ])
        let loneCR = append(.sequence, children: [
            append(RegexNode(kind: .literal, value: RegexScalarTraits.carriageReturn)),
            assertion(.notBeforeLineFeed),
        ])
        let other = add(RegexScalarClass(ranges: RegexScalarRanges([0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029])))
        return append(.alternation, children: [crlf, loneCR, other])
    }

    /// `\1` to `\9` and the digits after: like ICU, as many digits as keep the number below the
    /// count of groups opened so far, and at least one. `index` is on the first digit.
    private mutating func parseNumberedBackreference(startingAt start: Int) -> RegexEscape {
        var group = 0
        while let digit = peek, ("0"..."9").contains(digit) {
            group = group * 10 + Int(digit.value - 0x30)
            index += 1
            if group >= captureCount || group > 100_000 { break }
        }
        numberedBackreferences.append((group, start))
        return .backreference(group)
    }

    /// `\k<name>`, with `index` just past the `k`.
    private mutating func parseNamedBackreference(startingAt start: Int) throws(RegexSyntaxError) -> RegexEscape {
        guard peek == "<" else { throw error("expected '<name>' after '\\k'", at: start) }
        index += 1
        let name = try parseGroupName(terminator: ">")
        guard let group = groupNumbers[name] else {
            throw error("'\\k<\(name)>' refers to no group named '\(name)' before it", at: start)
        }
        return .backreference(group)
    }

    private static let digitClass = RegexScalarClass(.generalCategories(RegexUnicodeProperty.categoryBit(.decimalNumber)))
    private static let nonDigitClass = RegexScalarClass(.generalCategories(RegexUnicodeProperty.categoryBit(.decimalNumber)), isNegated: true)
    private static let wordClass = RegexScalarClass(.word)
    private static let nonWordClass = RegexScalarClass(.word, isNegated: true)
    private static let spaceClass = RegexScalarClass(.whiteSpace)
    private static let nonSpaceClass = RegexScalarClass(.whiteSpace, isNegated: true)

    /// Reads the escape whose backslash is at `start`; `index` is just past the backslash.
    mutating func parseEscapeMeaning(startingAt start: Int) throws(RegexSyntaxError) -> RegexEscape {
        guard let scalar = advance() else {
            throw error("the pattern ends with a lone '\\'", at: start)
        }
        switch scalar {
        case "a": return .scalar(0x07)
        case "e": return .scalar(0x1B)
        case "f": return .scalar(0x0C)
        case "n": return .scalar(0x0A)
        case "r": return .scalar(0x0D)
        case "t": return .scalar(0x09)
        case "c":
            guard let control = advance() else { throw error("expected a character after '\\c'", at: start) }
            return .scalar(control.value & 0x1F)
        case "0": return .scalar(try parseOctal(startingAt: start))
        case "x": return .scalar(try parseHexEscape(startingAt: start))
        case "u": return .scalar(try parseHexDigits(4...4, startingAt: start))
        case "U": return .scalar(try parseHexDigits(8...8, startingAt: start))
        case "d": return .scalarClass(Self.digitClass)
        case "D": return .scalarClass(Self.nonDigitClass)
        case "w": return .scalarClass(Self.wordClass)
        case "W": return .scalarClass(Self.nonWordClass)
        case "s": return .scalarClass(Self.spaceClass)
        case "S": return .scalarClass(Self.nonSpaceClass)
        case "h", "H":
            var horizontal = RegexScalarClass(.generalCategories(RegexUnicodeProperty.categoryBit(.spaceSeparator)))
            horizontal.ranges.insert(0x09...0x09)
            horizontal.isNegated = scalar == "H"
            return .scalarClass(horizontal)
        case "v", "V":
            return .scalarClass(RegexScalarClass(ranges: RegexScalarTraits.lineTerminators, isNegated: scalar == "V"))
        case "p", "P":
            return .scalarClass(try parsePropertyEscape(startingAt: start, isNegated: scalar == "P"))
        case "b": return .assertion(.wordBoundary)
        case "B": return .assertion(.notWordBoundary)
        case "A", "G": return .assertion(.startOfInput)
        case "z": return .assertion(.endOfInput)
        case "Z": return .assertion(.endOfInputOrBeforeFinalLineTerminator)
        case "R": return .lineBreak
        case "Q": return .quote
        case "1"..."9":
            index -= 1
            return parseNumberedBackreference(startingAt: start)
        case "k":
            return try parseNamedBackreference(startingAt: start)
        case "X":
            throw error("'\\X' (grapheme clusters) is not supported", at: start)
        case "N":
            throw error("'\\N{…}' (characters by name) is not supported", at: start)
        case "a"..."z", "A"..."Z":
            throw error("unknown escape '\\\(scalar)'", at: start)
        default:
            return .scalar(scalar.value)
        }
    }

    /// `\0` and one to three octal digits, as many as keep the value at most `\0377`.
    private mutating func parseOctal(startingAt start: Int) throws(RegexSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        var digitCount = 0
        while digitCount < 3, let digit = peek, ("0"..."7").contains(digit), value * 8 + digit.value - 0x30 <= 0o377 {
            value = value * 8 + digit.value - 0x30
            digitCount += 1
            index += 1
        }
        guard digitCount > 0 else { throw error("expected an octal digit after '\\0'", at: start) }
        return value
    }

    /// `\xh`, `\xhh` or `\x{h…}` (one to six hex digits).
    private mutating func parseHexEscape(startingAt start: Int) throws(RegexSyntaxError) -> UInt32 {
        guard peek == "{" else { return try parseHexDigits(1...2, startingAt: start) }
        index += 1
        var value: UInt32 = 0
        var digitCount = 0
        while let scalar = peek, let digit = Self.hexValue(scalar) {
            value = digitCount < 6 ? value * 16 + digit : value
            digitCount += 1
            index += 1
        }
        guard (1...6).contains(digitCount), peek == "}" else {
            throw error("expected one to six hex digits and '}' after '\\x{'", at: start)
        }
        index += 1
        return try validScalar(value, startingAt: start)
    }

    /// As many hex digits as `digitCounts` allows, at least its lower bound.
    private mutating func parseHexDigits(_ digitCounts: ClosedRange<Int>, startingAt start: Int) throws(RegexSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        var digitCount = 0
        while digitCount < digitCounts.upperBound, let scalar = peek, let digit = Self.hexValue(scalar) {
            value = value * 16 + digit
            digitCount += 1
            index += 1
        }
        guard digitCount >= digitCounts.lowerBound else {
            let expected = digitCounts.count == 1 ? "\(digitCounts.lowerBound)" : "\(digitCounts.lowerBound) or \(digitCounts.upperBound)"
            throw error("expected \(expected) hex digits after '\\\(scalars[start + 1])'", at: start)
        }
        return try validScalar(value, startingAt: start)
    }

    private func validScalar(_ value: UInt32, startingAt start: Int) throws(RegexSyntaxError) -> UInt32 {
        guard Unicode.Scalar(value) != nil else {
            throw error("U+\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar value", at: start)
        }
        return value
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    /// `\p{name}` or `\P{name}`.
    private mutating func parsePropertyEscape(startingAt start: Int, isNegated: Bool) throws(RegexSyntaxError) -> RegexScalarClass {
        guard peek == "{" else { throw error("expected '{' after '\\p' or '\\P'", at: start) }
        index += 1
        var name = ""
        while true {
            guard let scalar = advance() else { throw error("expected '}' to end the property name", at: start) }
            if scalar == "}" { break }
            name.unicodeScalars.append(scalar)
        }
        let isCaseInsensitive = flags.contains(.caseInsensitive)
        guard var property = RegexPropertyNames.scalarClass(named: name, isCaseInsensitive: isCaseInsensitive) else {
            throw error("unknown Unicode property '\(name)'", at: start)
        }
        if isNegated { property.isNegated.toggle() }
        return property
    }
}
