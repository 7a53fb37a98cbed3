/// A compiled ICU-syntax regular expression that answers whether a whole string matches, as the
/// predicate operator `MATCHES` does.
///
/// There are two engines. Patterns without backreferences, lookaround, atomic groups or
/// possessive quantifiers — nearly all — compile to an NFA program and match in time linear in the
/// length of the subject: as a DFA over ASCII text, whose states are worked out the first time a
/// subject needs them and kept (up to a limit) for every later match with the same value, and as a
/// Pike VM, a Thompson simulation, elsewhere. Patterns that use those constructs run on a
/// backtracking matcher with ICU's semantics, which counts its steps and throws
/// ``RegexBudgetExceeded`` after ``backtrackingBudget`` of them; the linear engine never throws.
///
/// The syntax is ICU's, matched on Unicode scalars: `\d`, `\w`, `\s` and `\b` are Unicode-aware,
/// `.` stops at line terminators unless the `s` flag is set, `$` also matches before a line
/// terminator that ends the subject, and case-insensitive matching uses simple case folding (so
/// `ß` does not match `ss`, in literals and backreferences alike). Lookbehind lengths count
/// scalars. Class set operations (`[a-z&&[^q]]`), script properties, `\N{…}` and `\X` are not
/// supported. A value may be shared between threads. Compiling is cheap (it parses the pattern and
/// emits the program; the DFA is built while matching), and ``cached(_:options:)`` keeps recently
/// used expressions for patterns that arrive at run time.
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
    public var pattern: String { core.pattern }
    /// The options the pattern was compiled with.
    public var options: Options { core.options }
    /// The most steps one match on the backtracking engine may take before it throws
    /// ``RegexBudgetExceeded``; ``defaultBacktrackingBudget`` unless changed.
    public var backtrackingBudget = RegularExpression.defaultBacktrackingBudget
    /// The compiled pattern, in one object, so that a value is two words and matching need not
    /// retain anything.
    private let core: RegexCore

    /// Compiles `pattern`.
    ///
    /// - Throws: ``RegexSyntaxError`` naming the problem and its UTF-8 offset in the pattern, for
    ///   malformed patterns and for patterns whose program would exceed ``maximumProgramSize``
    ///   instructions.
    public init(_ pattern: String, options: Options = []) throws(RegexSyntaxError) {
        let (tree, size) = try Self.parseAndMeasure(pattern, options: options)
        if tree.needsBacktracking {
            core = RegexCore(
                pattern: pattern, options: options,
                backtrackProgram: RegexBacktrackCompiler.compile(tree, size: size), automaton: .unused()
            )
        } else {
            core = RegexCore(
                pattern: pattern, options: options,
                backtrackProgram: nil, automaton: RegexAutomaton(program: try RegexCompiler.compile(tree, size: size))
            )
        }
    }

    /// Checks `pattern` without compiling it: throws exactly the errors ``init(_:options:)`` would.
    /// A pattern that ``cached(_:options:)`` holds is answered from the cache; any other is parsed
    /// and its program measured, but no program is built.
    public static func validate(_ pattern: String, options: Options = []) throws(RegexSyntaxError) {
        if let known = cachedOutcome(pattern, options: options) {
            _ = try known.get()
            return
        }
        _ = try parseAndMeasure(pattern, options: options)
    }

    /// The part of compiling that can fail: parsing, and counting the instructions.
    private static func parseAndMeasure(_ pattern: String, options: Options) throws(RegexSyntaxError) -> (RegexTree, Int) {
        let tree = try RegexParser.parse(pattern, options: options)
        return (tree, try RegexProgramSize.check(tree))
    }

    /// The largest number of instructions a pattern may compile to; counted repetition such as
    /// `(abc){1000}` multiplies its operand, and larger patterns are rejected as too large.
    public static let maximumProgramSize = 20_000

    /// The default ``backtrackingBudget``.
    public static let defaultBacktrackingBudget = 1_000_000

    /// Whether the pattern runs on the backtracking engine (it uses backreferences, lookaround,
    /// atomic groups or possessive quantifiers), and so may throw ``RegexBudgetExceeded``.
    public var usesBacktracking: Bool {
        core.backtrackProgram != nil
    }

    /// True when the whole of `text` matches (ICU `matches`, what NSPredicate `MATCHES` uses).
    ///
    /// - Throws: ``RegexBudgetExceeded`` when the pattern runs on the backtracking engine and
    ///   ``backtrackingBudget`` steps were not enough to decide; never for other patterns.
    public func matchesWhole(_ text: String) throws(RegexBudgetExceeded) -> Bool {
        let core = core
        guard let backtrackProgram = core.backtrackProgram else {
            return Self.withUTF8(text) { core.automaton.matchesWhole($0) }
        }
        let budget = backtrackingBudget
        let result = Self.withUTF8(text) { buffer -> Bool? in
            try? RegexBacktracker.matchesWhole(backtrackProgram, buffer, budget: budget)
        }
        guard let result else { throw RegexBudgetExceeded(pattern: pattern, budget: budget) }
        return result
    }

    @inline(__always)
    private static func withUTF8<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var contiguousText = text
        return contiguousText.withUTF8(body)
    }
}

/// What a ``RegularExpression`` holds.
private final class RegexCore: Sendable {
    let pattern: String
    let options: RegularExpression.Options
    /// The backtracking engine's program, for patterns that need it.
    let backtrackProgram: RegexBacktrackProgram?
    /// The linear engine, for the other patterns (unused for those that need backtracking).
    let automaton: RegexAutomaton

    init(pattern: String, options: RegularExpression.Options, backtrackProgram: RegexBacktrackProgram?, automaton: consuming RegexAutomaton) {
        self.pattern = pattern
        self.options = options
        self.backtrackProgram = backtrackProgram
        self.automaton = automaton
    }
}

/// A match on the backtracking engine took more steps than its budget allows, so whether the
/// subject matches is unknown — typically a pattern with nested quantifiers on a subject it
/// almost matches.
public struct RegexBudgetExceeded: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pattern that was being matched.
    public var pattern: String
    /// The steps it was allowed.
    public var budget: Int

    public init(pattern: String, budget: Int) {
        self.pattern = pattern
        self.budget = budget
    }

    public var description: String {
        "the regular expression '\(pattern)' needed more than \(budget) backtracking steps"
    }
}
