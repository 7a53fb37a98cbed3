/// Reads an ICU-syntax pattern into a ``RegexNode`` tree, applying inline flags as it goes.
///
/// This file holds the structure (alternation, sequences, groups, quantifiers); escapes and
/// bracket classes are read in the extensions beside it. Every loop consumes at least one scalar.
struct RegexParser {
    let scalars: [Unicode.Scalar]
    /// The UTF-8 offset of each scalar, and one more entry for the end of the pattern.
    let offsets: [Int]
    var index = 0
    var flags: RegularExpression.Options
    /// Inside `\Q … \E`, where every scalar is a literal.
    var isQuoting = false
    var groupNames: Set<String> = []

    static func parse(_ pattern: String, options: RegularExpression.Options) throws(RegexSyntaxError) -> RegexNode {
        var parser = RegexParser(pattern: pattern, flags: options)
        let tree = try parser.parseAlternation()
        if parser.index < parser.scalars.count {
            throw parser.error("unmatched ')'", at: parser.index)
        }
        return tree
    }

    private init(pattern: String, flags: RegularExpression.Options) {
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        var offset = 0
        for scalar in pattern.unicodeScalars {
            scalars.append(scalar)
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)
        self.scalars = scalars
        self.offsets = offsets
        self.flags = flags
    }

    // MARK: Scanning

    var peek: Unicode.Scalar? { scalar(at: index) }

    func scalar(at position: Int) -> Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    mutating func advance() -> Unicode.Scalar? {
        guard let scalar = peek else { return nil }
        index += 1
        return scalar
    }

    func error(_ message: String, at position: Int) -> RegexSyntaxError {
        RegexSyntaxError(message: message, offset: offsets[min(position, scalars.count)])
    }

    /// Skips what matches nothing between atoms and quantifiers: `(?#…)` comments, and in
    /// free-spacing mode white space and `#` comments.
    mutating func skipIgnorable() throws(RegexSyntaxError) {
        guard !isQuoting else { return }
        while true {
            skipFreeSpacing()
            guard peek == "(", scalar(at: index + 1) == "?", scalar(at: index + 2) == "#" else { return }
            let open = index
            index += 3
            var isClosed = false
            while !isClosed, let scalar = advance() { isClosed = scalar == ")" }
            guard isClosed else {
                throw error("expected ')' to end the comment '(?#' at offset \(offsets[open])", at: index)
            }
        }
    }

    /// In free-spacing mode (`x`), skips white space and `#` comments that run to the end of the line.
    mutating func skipFreeSpacing() {
        guard flags.contains(.allowCommentsAndWhitespace), !isQuoting else { return }
        while let scalar = peek {
            if Self.isPatternWhiteSpace(scalar) {
                index += 1
            } else if scalar == "#" {
                while let next = peek, !RegexScalarTraits.isLineTerminator(next.value) { index += 1 }
            } else {
                return
            }
        }
    }

    private static func isPatternWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0x200E, 0x200F, 0x2028, 0x2029: true
        default: false
        }
    }

    /// One literal scalar, with its case variants under the `i` flag.
    func literal(_ value: UInt32) -> RegexNode {
        .scalar(RegexScalarClass(literal: value, isCaseInsensitive: flags.contains(.caseInsensitive)))
    }

    // MARK: Structure

    mutating func parseAlternation() throws(RegexSyntaxError) -> RegexNode {
        var branches = [try parseSequence()]
        while !isQuoting, peek == "|" {
            index += 1
            branches.append(try parseSequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseSequence() throws(RegexSyntaxError) -> RegexNode {
        var items: [RegexNode] = []
        while true {
            try skipIgnorable()
            guard let next = peek, isQuoting || (next != "|" && next != ")") else { break }
            let atomStart = index
            guard let atom = try parseAtom() else { continue }
            if case .assertion = atom, scalars[atomStart] == "\\" {
                // like ICU, `\b`, `\A`, `\z` and the other escaped assertions cannot be repeated
                try rejectQuantifier()
                items.append(atom)
            } else {
                items.append(try parseQuantifier(after: atom))
            }
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .sequence(items)
        }
    }

    /// One atom, or nil for text that only changes the parser's state (`(?i)`, `\Q`).
    private mutating func parseAtom() throws(RegexSyntaxError) -> RegexNode? {
        let start = index
        guard let scalar = advance() else { return nil }
        if isQuoting {
            endQuoteIfClosed()
            return literal(scalar.value)
        }
        switch scalar {
        case "(":
            return try parseGroup(openedAt: start)
        case "[":
            return .scalar(try parseBracketClass(openedAt: start))
        case ".":
            let excluded = flags.contains(.dotMatchesLineSeparators) ? RegexScalarRanges() : RegexScalarTraits.lineTerminators
            return .scalar(RegexScalarClass(ranges: excluded, isNegated: true))
        case "^":
            return .assertion(flags.contains(.anchorsMatchLines) ? .startOfLine : .startOfInput)
        case "$":
            return .assertion(flags.contains(.anchorsMatchLines) ? .endOfLine : .endOfInputOrBeforeFinalLineTerminator)
        case "\\":
            return try parseEscape(startingAt: start)
        case "*", "+", "?", "{":
            throw error("nothing to repeat", at: start)
        case "}":
            throw error("a literal '}' must be escaped as '\\}'", at: start)
        default:
            return literal(scalar.value)
        }
    }

    /// Leaves `\Q … \E` quoting when `\E` comes next.
    mutating func endQuoteIfClosed() {
        if isQuoting, peek == "\\", scalar(at: index + 1) == "E" {
            index += 2
            isQuoting = false
        }
    }

    // MARK: Quantifiers

    private mutating func parseQuantifier(after atom: RegexNode) throws(RegexSyntaxError) -> RegexNode {
        guard !isQuoting else { return atom }
        try skipIgnorable()
        let start = index
        let minimum: Int
        let maximum: Int?
        switch peek {
        case "*": (minimum, maximum) = (0, nil)
        case "+": (minimum, maximum) = (1, nil)
        case "?": (minimum, maximum) = (0, 1)
        case "{": (minimum, maximum) = try parseInterval()
        default: return atom
        }
        index += 1  // past the quantifier, or the interval's '}'
        try skipIgnorable()
        if peek == "?" {
            index += 1  // lazy: a whole-string match accepts the same strings as greedy
        } else if peek == "+" {
            throw error("possessive quantifiers are not supported: MATCHES runs in linear time without backtracking", at: index)
        }
        try rejectQuantifier()
        return .repetition(atom, minimum: minimum, maximum: maximum, offset: offsets[start])
    }

    /// Throws "nothing to repeat" when a quantifier comes next.
    private mutating func rejectQuantifier() throws(RegexSyntaxError) {
        try skipIgnorable()
        if let next = peek, next == "*" || next == "+" || next == "?" || next == "{" {
            throw error("nothing to repeat", at: index)
        }
    }

    /// `{n}`, `{n,}` or `{n,m}`; leaves `index` on the closing `}`.
    private mutating func parseInterval() throws(RegexSyntaxError) -> (Int, Int?) {
        let open = index
        let malformed = error("expected a repetition count such as {2}, {2,} or {2,5} after '{'", at: open)
        index += 1
        skipFreeSpacing()
        guard let minimum = parseCount() else { throw malformed }
        skipFreeSpacing()
        var maximum: Int? = minimum
        if peek == "," {
            index += 1
            skipFreeSpacing()
            maximum = parseCount()
            skipFreeSpacing()
        }
        guard peek == "}" else { throw malformed }
        if let maximum, maximum < minimum {
            throw error("repetition {\(minimum),\(maximum)} has a minimum above its maximum", at: open)
        }
        if max(minimum, maximum ?? 0) > RegularExpression.maximumProgramSize {
            throw error("pattern too large: a repetition count above \(RegularExpression.maximumProgramSize)", at: open)
        }
        return (minimum, maximum)
    }

    /// Decimal digits as a number (saturating well above any accepted count), or nil when none.
    private mutating func parseCount() -> Int? {
        var value: Int?
        while let scalar = peek, ("0"..."9").contains(scalar) {
            value = min((value ?? 0) * 10 + Int(scalar.value - 0x30), Int(Int32.max))
            index += 1
        }
        return value
    }

    // MARK: Groups

    /// A group after its `(`; nil for `(?flags)`, which matches nothing.
    private mutating func parseGroup(openedAt open: Int) throws(RegexSyntaxError) -> RegexNode? {
        let enclosingFlags = flags
        if peek == "?" {
            index += 1
            switch peek {
            case ":":
                index += 1
            case "<" where scalar(at: index + 1) == "=" || scalar(at: index + 1) == "!":
                throw error("lookbehind is not supported: MATCHES runs in linear time", at: open)
            case "<":
                index += 1
                try parseGroupName(openedAt: open)
            case "=", "!":
                throw error("lookahead is not supported: MATCHES runs in linear time", at: open)
            case ">":
                throw error("atomic groups are not supported: MATCHES runs in linear time without backtracking", at: open)
            default:
                let (newFlags, isScoped) = try parseInlineFlags(openedAt: open)
                flags = newFlags
                guard isScoped else { return nil }
            }
        }
        let body = try parseAlternation()
        guard peek == ")" else {
            throw error("expected ')' to close '(' at offset \(offsets[open])", at: index)
        }
        index += 1
        flags = enclosingFlags
        return body
    }

    /// `name>` of `(?<name>`: ASCII letters and digits, starting with a letter, used once.
    private mutating func parseGroupName(openedAt open: Int) throws(RegexSyntaxError) {
        let start = index
        var name = ""
        while let scalar = peek, Self.isASCIILetter(scalar) || (!name.isEmpty && ("0"..."9").contains(scalar)) {
            name.unicodeScalars.append(scalar)
            index += 1
        }
        guard !name.isEmpty, peek == ">" else {
            throw error("expected a group name (ASCII letters and digits, starting with a letter) and '>'", at: start)
        }
        index += 1
        guard groupNames.insert(name).inserted else {
            throw error("the group name '\(name)' is used twice", at: start)
        }
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// The flags after `(?`: letters from `imsx`, optionally `-` and more letters to turn flags
    /// off, then `)` (the flags hold to the end of the enclosing group) or `:` (they hold inside
    /// this group, `isScoped`).
    private mutating func parseInlineFlags(
        openedAt open: Int
    ) throws(RegexSyntaxError) -> (flags: RegularExpression.Options, isScoped: Bool) {
        var result = flags
        var isTurningOn = true
        while let scalar = peek {
            let flag: RegularExpression.Options
            switch scalar {
            case "i": flag = .caseInsensitive
            case "s": flag = .dotMatchesLineSeparators
            case "m": flag = .anchorsMatchLines
            case "x": flag = .allowCommentsAndWhitespace
            case "-" where isTurningOn:
                isTurningOn = false
                index += 1
                continue
            case ")" where index > open + 2, ":":
                index += 1
                return (result, scalar == ":")
            default:
                throw error(
                    index == open + 2 ? "unknown group syntax '(?\(scalar)'" : "unknown inline flag '\(scalar)'",
                    at: index
                )
            }
            if isTurningOn { result.insert(flag) } else { result.remove(flag) }
            index += 1
        }
        throw error("expected ')' to close '(' at offset \(offsets[open])", at: index)
    }
}
