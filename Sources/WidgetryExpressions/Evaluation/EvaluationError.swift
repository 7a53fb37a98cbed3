public import WidgetryJSON

/// A predicate or expression that parsed but could not be evaluated on the data it met:
/// arithmetic on a string, `BEGINSWITH` on a number, a variable with no value.
public struct EvaluationError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        case typeMismatch = "eval.type-mismatch"
        case unboundVariable = "eval.unbound-variable"
        case divisionByZero = "eval.division-by-zero"
        case invalidArgument = "eval.invalid-argument"
        /// A `MATCHES` pattern that needs backtracking used up its step budget.
        case regexBudget = "eval.regex-budget"
        /// An index outside an array or a string (`scores[100]`, `substringFromIndex:`), where
        /// Apple raises NSRangeException.
        case indexOutOfRange = "eval.index-out-of-range"
        /// A number outside what it is turned into: a date past the four-digit years
        /// (`CAST(1e300, 'NSDate')`), a count or an index no machine integer holds
        /// (README, "Numbers").
        case outOfRange = "eval.out-of-range"
    }

    public var code: Code
    public var message: String
    /// UTF-8 byte range, in the predicate or expression text, of the part that failed.
    public var range: Range<Int>?

    public init(_ code: Code, _ message: String, range: Range<Int>? = nil) {
        self.code = code
        self.message = message
        self.range = range
    }

    public var description: String { "\(message) [\(code.rawValue)]" }

    static func typeMismatch(_ message: String) -> EvaluationError {
        EvaluationError(.typeMismatch, message)
    }

    /// The same error, placed at `range` unless it already has a place.
    func located(_ range: Range<Int>) -> EvaluationError {
        var copy = self
        if copy.range == nil { copy.range = range }
        return copy
    }
}

extension EvaluationError {
    /// The error as a finding about `text` in `file`, underlining the part that failed when it
    /// is known.
    public func diagnostic(file: String, text: String) -> Diagnostic {
        Diagnostic(code: code.rawValue, severity: .error, file: file,
                   location: range.map { PredicateText.location(ofOffset: $0.lowerBound, in: text) },
                   length: range.map { PredicateText.scalarCount(of: $0, in: text) } ?? 1, pointer: nil, message: message)
    }
}

extension EvaluationError: DiagnosticConvertible {
    /// How to fix it, when there is something useful to say.
    public var hint: String? {
        switch code {
        case .typeMismatch: "convert the value first (CAST, or a function that takes it), or compare it with a value of its kind"
        case .unboundVariable: "give the variable a value (eval's --var name=JSON), or write the value in its place"
        case .divisionByZero: "guard the division with a TERNARY on the divisor"
        case .invalidArgument: "check the function's arguments in docs/EXPRESSIONS.md"
        case .regexBudget: "simplify the pattern: nested or ambiguous repetitions need backtracking"
        case .indexOutOfRange: "check the count first, or use a collection operator (@first, @last)"
        case .outOfRange: "keep the number within what it is turned into"
        }
    }

    /// The error as a finding in `<expression>`: the text it failed in is not kept, so the part
    /// that failed is placed at its byte offset on the first line (``diagnostic(file:text:)``
    /// places it in the text, as `widgetry eval` prints it).
    public var diagnostics: [Diagnostic] {
        let start = range.map { SourceLocation(offset: $0.lowerBound, line: 1, column: $0.lowerBound + 1) }
        return [Diagnostic(code: DiagnosticCode(code.rawValue), severity: .error,
                           place: DiagnosticLocation(file: "<expression>", start: start, length: range.map(\.count) ?? 1),
                           message: message, hint: hint)]
    }
}
