/// A compiled ICU-syntax regular expression that answers whether a whole string matches, as the
/// predicate operator `MATCHES` does.
///
/// Matching takes time linear in the length of the subject: the pattern is compiled to an NFA
/// program, which runs as a DFA over ASCII text (its states are explored when the expression is
/// compiled, up to a budget) and as a Pike VM, a Thompson simulation, elsewhere. Constructs that
/// need backtracking — backreferences, lookaround, atomic groups and possessive quantifiers — are
/// rejected when the pattern is compiled.
///
/// The syntax is ICU's, matched on Unicode scalars: `\d`, `\w`, `\s` and `\b` are Unicode-aware,
/// `.` stops at line terminators unless the `s` flag is set, `$` also matches before a line
/// terminator that ends the subject, and case-insensitive matching uses simple case folding (so
/// `ß` does not match `ss`). Class set operations (`[a-z&&[^q]]`), script properties, `\N{…}` and
/// `\X` are not supported. A value is immutable and may be shared between threads; compiling is
/// the expensive part (tens of microseconds), so keep compiled expressions for reuse.
public struct RegularExpression: Sendable {
    /// Flags that change how a pattern is read; each can also be set inline, as in `(?i)`.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8

        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// Letters match their simple case variants (`(?i)`).
        public static let caseInsensitive = Options(rawValue: 1 << 0)
        /// `.` also matches line terminators (`(?s)`).
        public static let dotMatchesLineSeparators = Options(rawValue: 1 << 1)
        /// `^` and `$` match at the start and end of every line (`(?m)`).
        public static let anchorsMatchLines = Options(rawValue: 1 << 2)
        /// White space in the pattern is ignored and `#` starts a comment that runs to the end of
        /// the line (`(?x)`).
        public static let allowCommentsAndWhitespace = Options(rawValue: 1 << 3)
    }

    /// The pattern as written.
    public let pattern: String
    /// The options the pattern was compiled with.
    public let options: Options
    private let program: RegexProgram
    private let automaton: RegexAutomaton

    /// Compiles `pattern`.
    ///
    /// - Throws: ``RegexSyntaxError`` naming the problem and its UTF-8 offset in the pattern, for
    ///   malformed patterns, for constructs that cannot run in linear time, and for patterns whose
    ///   program would exceed ``maximumProgramSize`` instructions.
    public init(_ pattern: String, options: Options = []) throws(RegexSyntaxError) {
        let tree = try RegexParser.parse(pattern, options: options)
        program = try RegexCompiler.compile(tree, limit: Self.maximumProgramSize)
        automaton = RegexAutomaton(program: program)
        self.pattern = pattern
        self.options = options
    }

    /// The largest number of NFA instructions a pattern may compile to; counted repetition such as
    /// `(abc){1000}` multiplies its operand, and larger patterns are rejected as too large.
    public static let maximumProgramSize = 20_000

    /// True when the whole of `text` matches (ICU `matches`, what NSPredicate `MATCHES` uses).
    public func matchesWhole(_ text: String) -> Bool {
        if let result = text.utf8.withContiguousStorageIfAvailable({ automaton.matchesWhole($0, program: program) }) {
            return result
        }
        var contiguousText = text
        return contiguousText.withUTF8 { automaton.matchesWhole($0, program: program) }
    }
}
