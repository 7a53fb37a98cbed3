/// What the matcher remembers about the scalars before a position.
struct RegexPrecedingContext: OptionSet, Sendable, Hashable {
    let rawValue: UInt8

    /// Nothing precedes: the position is the start of the subject.
    static let atStart = RegexPrecedingContext(rawValue: 1 << 0)
    /// The previous scalar is a line terminator (for `^` with the `m` flag).
    static let lineTerminator = RegexPrecedingContext(rawValue: 1 << 1)
    /// The previous scalar is CR (for `$` with the `m` flag).
    static let carriageReturn = RegexPrecedingContext(rawValue: 1 << 2)
    /// The last scalar that is neither a grapheme extender nor a format character is a word scalar.
    static let wordScalar = RegexPrecedingContext(rawValue: 1 << 3)

    /// The facts that `assertions` look at.
    static func tracked(by assertions: RegexAssertionSet) -> RegexPrecedingContext {
        var tracked: RegexPrecedingContext = []
        if assertions.contains(RegexAssertion.startOfLine.bit) { tracked.insert(.lineTerminator) }
        if assertions.contains(RegexAssertion.endOfLine.bit) { tracked.insert(.carriageReturn) }
        if !assertions.isDisjoint(with: [RegexAssertion.wordBoundary.bit, RegexAssertion.notWordBoundary.bit]) {
            tracked.insert(.wordScalar)
        }
        return tracked
    }

    /// The context after `value`, keeping only the `tracked` facts so that equal contexts compare equal.
    @inline(__always)
    func advanced(past value: UInt32, tracking tracked: RegexPrecedingContext) -> RegexPrecedingContext {
        guard !tracked.isEmpty else { return [] }
        var next: RegexPrecedingContext = []
        if tracked.contains(.lineTerminator), RegexScalarTraits.isLineTerminator(value) { next.insert(.lineTerminator) }
        if tracked.contains(.carriageReturn), value == RegexScalarTraits.carriageReturn { next.insert(.carriageReturn) }
        if tracked.contains(.wordScalar) {
            let isWord = RegexScalarTraits.isExtendOrFormat(value) ? contains(.wordScalar) : RegexScalarTraits.isWord(value)
            if isWord { next.insert(.wordScalar) }
        }
        return next
    }
}

/// One position in the subject, as the assertions see it.
struct RegexPosition {
    /// Stands for "no scalar": the position is the end of the subject.
    static let endOfText = UInt32.max

    var preceding: RegexPrecedingContext
    /// The scalar that starts at this position, or ``endOfText``.
    var current: UInt32
    /// The position is just before a line terminator (or CR LF) that ends the subject.
    var isBeforeFinalLineTerminator: Bool

    func satisfies(_ assertion: RegexAssertion) -> Bool {
        let isAtEnd = current == Self.endOfText
        switch assertion {
        case .startOfInput:
            return preceding.contains(.atStart)
        case .endOfInput:
            return isAtEnd
        case .endOfInputOrBeforeFinalLineTerminator:
            return isAtEnd || isBeforeFinalLineTerminator
        case .startOfLine:
            return preceding.contains(.atStart) || (preceding.contains(.lineTerminator) && !isAtEnd)
        case .endOfLine:
            return isAtEnd || (RegexScalarTraits.isLineTerminator(current)
                && !(current == RegexScalarTraits.lineFeed && preceding.contains(.carriageReturn)))
        case .wordBoundary:
            return isWordBoundary
        case .notWordBoundary:
            return !isWordBoundary
        case .notBeforeLineFeed:
            return current != RegexScalarTraits.lineFeed
        }
    }

    /// ICU's rule: never before a grapheme extender or format character; otherwise a word scalar on
    /// exactly one side.
    private var isWordBoundary: Bool {
        if current == Self.endOfText { return preceding.contains(.wordScalar) }
        if RegexScalarTraits.isExtendOrFormat(current) { return false }
        return RegexScalarTraits.isWord(current) != preceding.contains(.wordScalar)
    }
}
