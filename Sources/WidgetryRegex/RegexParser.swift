/// Reads an ICU-syntax pattern into a ``RegexTree``, applying inline flags as it goes.
///
/// This file holds the structure (alternation, sequences, groups, quantifiers); escapes and
/// bracket classes are read in the extensions beside it. Every loop consumes at least one scalar.
/// Parsing is meant to be cheap: the pattern's scalars are decoded into temporary (usually stack)
/// memory, the nodes go into one array, and UTF-8 offsets are worked out only for errors.
struct RegexParser {
    let scalars: UnsafeBufferPointer<Unicode.Scalar>
    /// Whether every scalar is ASCII, so that scalar indices are UTF-8 offsets.
    private let isASCII: Bool
    var index = 0
    var flags: RegularExpression.Options
    /// Inside `\Q … \E`, where every scalar is a literal.
    var isQuoting = false
    var nodes: [RegexNode] = []
    /// The scalar classes the tree refers to by index.
    var classes: [RegexScalarClass] = []
    /// The class of `.` without and with the `s` flag, once one has been added.
    private var dotClassIndices: (Int?, Int?) = (nil, nil)
    /// How deep groups and bracket classes are nested where the parser is. It is bounded, so a
    /// pattern cannot exhaust the stack of the parser or of the passes over its tree.
    var nesting = 0
    static let maxNesting = 256
    /// Capture groups opened so far.
    var captureCount = 0
    var groupNumbers: [String: Int] = [:]
    /// Numbered backreferences and where they start, checked against the final group count.
    var numberedBackreferences: [(group: Int, index: Int)] = []
    /// A scalar index and its UTF-8 offset, from which ``offset(of:)`` counts on in non-ASCII
    /// patterns, so that recording the offset of every quantifier stays linear.
    private var lastOffset = (position: 0, offset: 0)

    static func parse(_ pattern: String, options: RegularExpression.Options) throws(RegexSyntaxError) -> RegexTree {
        let capacity = pattern.utf8.count
        return try withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: capacity) { buffer throws(RegexSyntaxError) in
            var count = 0
            for scalar in pattern.unicodeScalars {
                buffer.initializeElement(at: count, to: scalar)
                count += 1
            }
            var parser = RegexParser(
                scalars: UnsafeBufferPointer(rebasing: buffer[..<count]), isASCII: count == capacity, flags: options
            )
            return try parser.parsePattern()
        }
    }

    private init(scalars: UnsafeBufferPointer<Unicode.Scalar>, isASCII: Bool, flags: RegularExpression.Options) {
        self.scalars = scalars
        self.isASCII = isASCII
        self.flags = flags
        nodes.reserveCapacity(scalars.count + scalars.count / 2 + 2)
    }

    private mutating func parsePattern() throws(RegexSyntaxError) -> RegexTree {
        let root = try parseAlternation()
        if index < scalars.count {
            throw error("unmatched ')'", at: index)
        }
        for reference in numberedBackreferences where reference.group > captureCount {
            throw error("the backreference '\\\(reference.group)' refers to a group the pattern does not have", at: reference.index)
        }
        return RegexTree(nodes: nodes, root: root, classes: classes, captureCount: captureCount)
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

    /// The UTF-8 offset of scalar `position` (or of the end, past the last scalar).
    func offset(of position: Int) -> Int {
        let position = min(position, scalars.count)
        if isASCII { return position }
        let known = position >= lastOffset.position ? lastOffset : (position: 0, offset: 0)
        var offset = known.offset
        for scalar in scalars[known.position..<position] { offset += UTF8.width(scalar) }
        return offset
    }

    func error(_ message: String, at position: Int) -> RegexSyntaxError {
        RegexSyntaxError(message: message, offset: offset(of: position))
    }

    /// Skips what matches nothing between atoms and quantifiers: `(?#…)` comments, and in
    /// free-spacing mode white space and `#` comments.
    @inline(__always)
    mutating func skipIgnorable() throws(RegexSyntaxError) {
        guard !isQuoting, flags.contains(.allowCommentsAndWhitespace) || peek == "(" else { return }
        try skipComments()
    }

    private mutating func skipComments() throws(RegexSyntaxError) {
        while true {
            skipFreeSpacing()
            guard peek == "(", scalar(at: index + 1) == "?", scalar(at: index + 2) == "#" else { return }
            let open = index
            index += 3
            var isClosed = false
            while !isClosed, let scalar = advance() { isClosed = scalar == ")" }
            guard isClosed else {
                throw error("expected ')' to end the comment '(?#' at offset \(offset(of: open))", at: index)
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

    // MARK: Nodes

    /// Adds `node`, whose children are already in place, with its sizes; its index.
    mutating func append(_ node: RegexNode) -> Int {
        var node = node
        var childSizes = (linear: 0, backtracking: 0)
        var childCount = 0
        var child = Int(node.firstChild)
        while child >= 0 {
            // sums stay far below overflow: each size is at most just above the limit, and there are
            // fewer children than scalars in the pattern
            childSizes.linear += Int(nodes[child].linearSize)
            childSizes.backtracking += Int(nodes[child].backtrackingSize)
            childCount += 1
            child = Int(nodes[child].next)
        }
        (node.linearSize, node.backtrackingSize) = RegexProgramSize.sizes(of: node, childSizes: childSizes, childCount: childCount)
        nodes.append(node)
        return nodes.count - 1
    }

    /// A node with children `children`, linked in order.
    mutating func append(_ kind: RegexNode.Kind, children: [Int]) -> Int {
        for (position, child) in children.enumerated().dropFirst() {
            nodes[children[position - 1]].next = Int32(child)
        }
        return append(RegexNode(kind: kind, firstChild: Int32(children.first ?? -1)))
    }

    /// One literal scalar, with its case variants under the `i` flag.
    mutating func literal(_ value: UInt32) -> Int {
        if flags.contains(.caseInsensitive) {
            if value < 0x80, let scalarClass = Self.caseInsensitiveASCII[Int(value)] { return add(scalarClass) }
            if let variants = RegexCaseFolding.variants(of: value) {
                return add(RegexScalarClass(ranges: RegexScalarRanges(variants)))
            }
        }
        return append(RegexNode(kind: .literal, value: value))
    }

    /// The case-insensitive class of each ASCII scalar that has case variants, built once.
    private static let caseInsensitiveASCII: [RegexScalarClass?] = (0..<0x80).map { value in
        RegexCaseFolding.variants(of: UInt32(value)).map { RegexScalarClass(ranges: RegexScalarRanges($0)) }
    }

    /// A node that matches one scalar of `scalarClass`.
    mutating func add(_ scalarClass: RegexScalarClass) -> Int {
        if classes.capacity == 0 { classes.reserveCapacity(8) }
        classes.append(scalarClass)
        return append(RegexNode(kind: .scalar, value: UInt32(classes.count - 1)))
    }

    mutating func assertion(_ assertion: RegexAssertion) -> Int {
        append(RegexNode(kind: .assertion, value: UInt32(assertion.rawValue)))
    }

    /// `.`: anything but a line terminator, or anything at all with the `s` flag.
    private mutating func dot() -> Int {
        let isDotAll = flags.contains(.dotMatchesLineSeparators)
        if let classIndex = isDotAll ? dotClassIndices.1 : dotClassIndices.0 {
            return append(RegexNode(kind: .scalar, value: UInt32(classIndex)))
        }
        let node = add(RegexScalarClass(ranges: isDotAll ? RegexScalarRanges() : RegexScalarTraits.lineTerminators, isNegated: true))
        if isDotAll { dotClassIndices.1 = classes.count - 1 } else { dotClassIndices.0 = classes.count - 1 }
        return node
    }

    // MARK: Structure

    mutating func parseAlternation() throws(RegexSyntaxError) -> Int {
        let first = try parseSequence()
        guard !isQuoting, peek == "|" else { return first }
        var last = first
        while !isQuoting, peek == "|" {
            index += 1
            let branch = try parseSequence()
            nodes[last].next = Int32(branch)
            last = branch
        }
        return append(RegexNode(kind: .alternation, firstChild: Int32(first)))
    }

    private mutating func parseSequence() throws(RegexSyntaxError) -> Int {
        var first = -1
        var last = -1
        while true {
            let item: Int
            if let literal = plainLiteral() {
                item = literal
            } else {
                try skipIgnorable()
                guard let next = peek, isQuoting || (next != "|" && next != ")") else { break }
                let atomStart = index
                guard let atom = try parseAtom() else { continue }
                if nodes[atom].kind == .assertion, scalars[atomStart] == "\\" {
                    // like ICU, `\b`, `\A`, `\z` and the other escaped assertions cannot be repeated
                    try rejectQuantifier()
                    item = atom
                } else {
                    item = try parseQuantifier(after: atom)
                }
            }
            if last >= 0 { nodes[last].next = Int32(item) } else { first = item }
            last = item
        }
        if first < 0 { return append(RegexNode(kind: .empty)) }
        if first == last { return first }
        return append(RegexNode(kind: .sequence, firstChild: Int32(first)))
    }

    /// The commonest atom, read quickly: a scalar that stands for itself with no quantifier after
    /// it (and, in free-spacing mode, no white space either), consumed; nil, consuming nothing, for
    /// anything else.
    @inline(__always)
    private mutating func plainLiteral() -> Int? {
        guard !isQuoting, let scalar = peek, !Self.isSpecial(scalar),
              !flags.contains(.allowCommentsAndWhitespace)
        else { return nil }
        if let next = self.scalar(at: index + 1), Self.isSpecialAfterAtom(next) { return nil }
        index += 1
        return literal(scalar.value)
    }

    /// The scalars with a meaning of their own where an atom can start.
    @inline(__always)
    private static func isSpecial(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\\", "(", ")", "[", ".", "^", "$", "|", "*", "+", "?", "{", "}": true
        default: false
        }
    }

    /// The scalars that may change the meaning of the atom before them: quantifiers, and a
    /// comment that a quantifier may follow.
    @inline(__always)
    private static func isSpecialAfterAtom(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "*", "+", "?", "{", "(": true
        default: false
        }
    }

    /// One atom, or nil for text that only changes the parser's state (`(?i)`, `\Q`).
    private mutating func parseAtom() throws(RegexSyntaxError) -> Int? {
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
            return add(try parseBracketClass(openedAt: start))
        case ".":
            return dot()
        case "^":
            return assertion(flags.contains(.anchorsMatchLines) ? .startOfLine : .startOfInput)
        case "$":
            return assertion(flags.contains(.anchorsMatchLines) ? .endOfLine : .endOfInputOrBeforeFinalLineTerminator)
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

    private mutating func parseQuantifier(after atom: Int) throws(RegexSyntaxError) -> Int {
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
        var behavior = RegexQuantifierBehavior.greedy
        if peek == "?" {
            index += 1
            behavior = .lazy
        } else if peek == "+" {
            index += 1
            behavior = .possessive
        }
        try rejectQuantifier()
        let quantifierOffset = offset(of: start)
        if !isASCII { lastOffset = (start, quantifierOffset) }
        return append(RegexNode(
            kind: .repetition, behavior: behavior, minimum: Int32(minimum), maximum: Int32(maximum ?? -1),
            offset: Int32(quantifierOffset), firstChild: Int32(atom)
        ))
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
        index += 1
        skipFreeSpacing()
        guard let minimum = parseCount() else { throw malformedInterval(at: open) }
        skipFreeSpacing()
        var maximum: Int? = minimum
        if peek == "," {
            index += 1
            skipFreeSpacing()
            maximum = parseCount()
            skipFreeSpacing()
        }
        guard peek == "}" else { throw malformedInterval(at: open) }
        if let maximum, maximum < minimum {
            throw error("repetition {\(minimum),\(maximum)} has a minimum above its maximum", at: open)
        }
        if max(minimum, maximum ?? 0) > RegularExpression.maximumProgramSize {
            throw error("pattern too large: a repetition count above \(RegularExpression.maximumProgramSize)", at: open)
        }
        return (minimum, maximum)
    }

    private func malformedInterval(at open: Int) -> RegexSyntaxError {
        error("expected a repetition count such as {2}, {2,} or {2,5} after '{'", at: open)
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
    private mutating func parseGroup(openedAt open: Int) throws(RegexSyntaxError) -> Int? {
        let enclosingFlags = flags
        var group: RegexNode?
        if peek == "?" {
            index += 1
            switch peek {
            case ":":
                index += 1
            case "<" where scalar(at: index + 1) == "=" || scalar(at: index + 1) == "!":
                group = RegexNode(kind: .lookbehind, flag: scalar(at: index + 1) == "!")
                index += 2
            case "<":
                index += 1
                let nameStart = index
                let name = try parseGroupName(terminator: ">")
                guard groupNumbers[name] == nil else {
                    throw error("the group name '\(name)' is used twice", at: nameStart)
                }
                captureCount += 1
                groupNumbers[name] = captureCount
                group = RegexNode(kind: .capture, value: UInt32(captureCount))
            case "=", "!":
                group = RegexNode(kind: .lookahead, flag: peek == "!")
                index += 1
            case ">":
                group = RegexNode(kind: .atomic)
                index += 1
            default:
                let (newFlags, isScoped) = try parseInlineFlags(openedAt: open)
                flags = newFlags
                guard isScoped else { return nil }
            }
        } else {
            captureCount += 1
            group = RegexNode(kind: .capture, value: UInt32(captureCount))
        }
        try enterNesting(openedAt: open)
        defer { nesting -= 1 }
        let body = try parseAlternation()
        guard peek == ")" else {
            throw error("expected ')' to close '(' at offset \(offset(of: open))", at: index)
        }
        index += 1
        flags = enclosingFlags
        guard var group else { return body }
        group.firstChild = Int32(body)
        switch group.kind {
        case .lookbehind:
            guard let (minimum, maximum) = lengthBounds(of: body), let maximum else {
                throw error(
                    "lookbehind must match a bounded number of characters: no '*', '+', '{n,}' or backreference inside it",
                    at: open
                )
            }
            group.minimum = Int32(minimum)
            group.maximum = Int32(maximum)
        default:
            break
        }
        return append(group)
    }

    /// The fewest and most scalars node `index` can match (nil maximum: unbounded); nil when the
    /// length cannot be known from the pattern, as with a backreference. Lengths saturate at
    /// `Int32.max`.
    private func lengthBounds(of index: Int) -> (Int, Int?)? {
        let node = nodes[index]
        let cap = Int(Int32.max)
        switch node.kind {
        case .empty, .assertion, .lookahead, .lookbehind:
            return (0, 0)
        case .literal, .scalar:
            return (1, 1)
        case .backreference:
            return nil
        case .capture, .atomic:
            return lengthBounds(of: Int(node.firstChild))
        case .sequence:
            var total: (Int, Int?) = (0, 0)
            var item = Int(node.firstChild)
            while item >= 0 {
                guard let bounds = lengthBounds(of: item) else { return nil }
                total.0 = min(total.0 + bounds.0, cap)
                total.1 = total.1.flatMap { sum in bounds.1.map { min(sum + $0, cap) } }
                item = Int(nodes[item].next)
            }
            return total
        case .alternation:
            var result: (Int, Int?)?
            var branch = Int(node.firstChild)
            while branch >= 0 {
                guard let bounds = lengthBounds(of: branch) else { return nil }
                if let current = result {
                    let upper: Int? = current.1.flatMap { a in bounds.1.map { max(a, $0) } }
                    result = (min(current.0, bounds.0), upper)
                } else {
                    result = bounds
                }
                branch = Int(nodes[branch].next)
            }
            return result ?? (0, 0)
        case .repetition:
            guard let bounds = lengthBounds(of: Int(node.firstChild)) else { return nil }
            let lower = min(bounds.0 * Int(node.minimum), cap)
            if bounds.1 == 0 { return (lower, 0) }
            return (lower, node.maximumCount.flatMap { count in bounds.1.map { min(count * $0, cap) } })
        }
    }

    /// A group name (ASCII letters and digits, starting with a letter) and its terminator.
    /// Counts a group or bracket class opened at `open`; past ``maxNesting`` the pattern is refused.
    mutating func enterNesting(openedAt open: Int) throws(RegexSyntaxError) {
        guard nesting < Self.maxNesting else {
            throw error("groups and bracket classes are nested more than \(Self.maxNesting) deep", at: open)
        }
        nesting += 1
    }

    mutating func parseGroupName(terminator: Unicode.Scalar) throws(RegexSyntaxError) -> String {
        let start = index
        var name = ""
        while let scalar = peek, Self.isASCIILetter(scalar) || (!name.isEmpty && ("0"..."9").contains(scalar)) {
            name.unicodeScalars.append(scalar)
            index += 1
        }
        guard !name.isEmpty, peek == terminator else {
            throw error("expected a group name (ASCII letters and digits, starting with a letter) and '\(terminator)'", at: start)
        }
        index += 1
        return name
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
        throw error("expected ')' to close '(' at offset \(offset(of: open))", at: index)
    }
}
