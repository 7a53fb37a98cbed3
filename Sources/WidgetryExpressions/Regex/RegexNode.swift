/// The syntax tree of a parsed pattern. Inline flags are already applied: case-insensitive
/// literals are sets of case variants, `.` and the anchors have their final meaning.
indirect enum RegexNode: Sendable {
    /// Matches the empty string.
    case empty
    /// Matches one scalar that belongs to the class.
    case scalar(RegexScalarClass)
    /// Matches the empty string where the condition holds.
    case assertion(RegexAssertion)
    case sequence([RegexNode])
    case alternation([RegexNode])
    /// `minimum` to `maximum` (nil: unbounded) repetitions; `offset` is where the quantifier is
    /// written, for errors about the size of the expansion.
    case repetition(RegexNode, minimum: Int, maximum: Int?, offset: Int)
}

/// A zero-width condition on the position between two scalars.
enum RegexAssertion: Sendable, Hashable {
    /// `\A`, `\G`, and `^` without the `m` flag.
    case startOfInput
    /// `\z`.
    case endOfInput
    /// `\Z`, and `$` without the `m` flag: the end, or just before a line terminator (or CR LF)
    /// that ends the input.
    case endOfInputOrBeforeFinalLineTerminator
    /// `^` with the `m` flag: the start, or after a line terminator that is not the last scalar.
    case startOfLine
    /// `$` with the `m` flag: the end, or before a line terminator (but not between CR and LF).
    case endOfLine
    /// `\b`: a word scalar on exactly one side; combining marks and format characters belong to
    /// the scalar before them.
    case wordBoundary
    /// `\B`.
    case notWordBoundary
    /// Part of `\R`: CR is a line break on its own only when no LF follows it.
    case notBeforeLineFeed
}
