extension RegexParser {
    /// One member of a bracket class before ranges are formed.
    private enum ClassAtom {
        case scalar(UInt32)
        case scalarClass(RegexScalarClass)
    }

    /// A bracket class such as `[a-z_]`, `[^\d\s]`, `[[:alpha:]]` or a POSIX class `[:alpha:]`;
    /// `index` is just past the `[` at `open`. Nested classes are unions; the set operations
    /// `&&` and `--` are rejected.
    mutating func parseBracketClass(openedAt open: Int) throws(RegexSyntaxError) -> RegexScalarClass {
        try enterNesting(openedAt: open)
        defer { nesting -= 1 }
        if let posixClass = try parsePOSIXClass(openedAt: open) { return posixClass }
        var result = RegexScalarClass()
        let isNegated = peek == "^"
        if isNegated { index += 1 }
        var isFirst = true
        while true {
            skipFreeSpacing()
            guard let scalar = peek else {
                throw error("expected ']' to close '[' at offset \(offset(of: open))", at: index)
            }
            if scalar == "]", !isFirst {
                index += 1
                break
            }
            isFirst = false
            let itemStart = index
            if scalar == "[" {
                index += 1
                result.formUnion(try parseBracketClass(openedAt: itemStart))
                continue
            }
            if scalar == "&" || scalar == "-", self.scalar(at: index + 1) == scalar {
                throw error("class set operations ('&&', '--') are not supported; list the members instead", at: itemStart)
            }
            switch try parseClassAtom(openedAt: open) {
            case .scalarClass(let member):
                result.formUnion(member)
            case .scalar(let lower):
                guard let upper = try parseRangeEnd(openedAt: open) else {
                    result.ranges.insert(lower...lower)
                    continue
                }
                guard lower <= upper else {
                    throw error("the range '\(Self.describe(lower))-\(Self.describe(upper))' is out of order", at: itemStart)
                }
                result.ranges.insert(lower...upper)
            }
        }
        if flags.contains(.caseInsensitive) { result.ranges = result.ranges.caseClosed() }
        result.isNegated = isNegated
        return result
    }

    /// After the first scalar of a possible range: `-` and the scalar that ends the range, or nil
    /// (consuming nothing) when no range follows, as in `[a-]`.
    private mutating func parseRangeEnd(openedAt open: Int) throws(RegexSyntaxError) -> UInt32? {
        let dash = index
        skipFreeSpacing()
        guard peek == "-" else {
            index = dash
            return nil
        }
        index += 1
        skipFreeSpacing()
        guard let next = peek, next != "]" else {
            index = dash
            return nil
        }
        if next == "-" {
            throw error("class set operations ('&&', '--') are not supported; list the members instead", at: index - 1)
        }
        let upperStart = index
        guard case .scalar(let upper) = try parseClassAtom(openedAt: open) else {
            throw error("a range must end in a single character", at: upperStart)
        }
        return upper
    }

    private mutating func parseClassAtom(openedAt open: Int) throws(RegexSyntaxError) -> ClassAtom {
        let start = index
        guard let scalar = advance() else {
            throw error("expected ']' to close '[' at offset \(offset(of: open))", at: index)
        }
        guard scalar == "\\" else { return .scalar(scalar.value) }
        switch try parseEscapeMeaning(startingAt: start) {
        case .scalar(let value):
            return .scalar(value)
        case .scalarClass(let member):
            return .scalarClass(member)
        case .assertion, .lineBreak, .quote, .backreference:
            throw error("'\\\(scalars[start + 1])' is not allowed inside a character class", at: start)
        }
    }

    /// `[:name:]` or `[:^name:]` with `index` just past the `[`; nil, consuming nothing, when the
    /// text does not have that form.
    private mutating func parsePOSIXClass(openedAt open: Int) throws(RegexSyntaxError) -> RegexScalarClass? {
        guard peek == ":" else { return nil }
        var nameStart = index + 1
        let isNegated = scalar(at: nameStart) == "^"
        if isNegated { nameStart += 1 }
        var nameEnd = nameStart
        while let scalar = scalar(at: nameEnd), Self.isPropertyNameScalar(scalar) { nameEnd += 1 }
        guard nameEnd > nameStart, scalar(at: nameEnd) == ":", scalar(at: nameEnd + 1) == "]" else { return nil }
        var name = ""
        name.unicodeScalars.append(contentsOf: scalars[nameStart..<nameEnd])
        guard var result = RegexPropertyNames.scalarClass(named: name, isCaseInsensitive: flags.contains(.caseInsensitive)) else {
            throw error("unknown POSIX class '[:\(name):]'", at: open)
        }
        index = nameEnd + 2
        if isNegated { result.isNegated.toggle() }
        return result
    }

    private static func isPropertyNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "_" || scalar == " " || scalar == "-" || scalar == "="
    }

    /// A scalar as an error message shows it: visible ones as themselves, others as U+XXXX.
    private static func describe(_ value: UInt32) -> String {
        guard let scalar = Unicode.Scalar(value), !scalar.properties.isWhitespace,
              scalar.properties.generalCategory != .control, scalar.properties.generalCategory != .format
        else { return "U+" + String(value, radix: 16, uppercase: true) }
        return String(Character(scalar))
    }
}
