import WidgetryRegex

/// One comparison operator with its options, ready to test pairs of values.
///
/// The rules (Apple's, as Widgetry follows them):
/// - `==`/`!=` never fail: numbers compare across kinds, a string never equals a number, strings
///   compare by canonical equivalence (or folded, with `[c]`/`[d]`, or scalar by scalar, `[n]`).
/// - `<`, `<=`, `>`, `>=`, `BETWEEN` order numbers, strings or dates; null gives false; other
///   mixes are ``EvaluationError/Code/typeMismatch``.
/// - `BEGINSWITH`, `ENDSWITH`, `LIKE`, `MATCHES` and `CONTAINS` on a string need strings; null gives
///   false; other values are a type mismatch.
/// - `CONTAINS` with a collection on the left and `IN` with one on the right test membership
///   (dictionaries by their values); `IN` with a string on the right is a substring test.
final class ComparisonEvaluator: Sendable {
    let comparison: ComparisonOperator
    /// The operator on two integers, when it is an ordering or an equality.
    private let integerComparison: IntegerComparison?
    let folding: StringFolding
    /// The right side folded once, when it is a constant string.
    let foldedConstant: [UInt8]?
    /// The compiled pattern of `MATCHES` with a constant right side.
    let constantRegex: RegularExpression?
    private let regexOptions: RegularExpression.Options

    init(_ comparison: ComparisonOperator, options: ComparisonOptions, constantRight: Value?) {
        self.comparison = comparison
        integerComparison = IntegerComparison(comparison)
        self.folding = StringFolding(options)
        regexOptions = options.contains(.caseInsensitive) ? .caseInsensitive : []
        if case .string(let constant) = constantRight {
            foldedConstant = StringFolding(options).fold(constant)
            let pattern = options.contains(.diacriticInsensitive) ? StringFolding([.diacriticInsensitive]).foldedString(constant) : constant
            constantRegex = comparison == .matches ? try? RegularExpression.cached(pattern, options: regexOptions) : nil
        } else {
            foldedConstant = nil
            constantRegex = nil
        }
    }

    func test(_ left: Value, _ right: Value) throws(EvaluationError) -> Bool {
        // The commonest case, an integer compared with an integer, without the general dispatch.
        if let integerComparison, case .int(let a) = left, case .int(let b) = right {
            return integerComparison.test(a, b)
        }
        switch comparison {
        case .equal: return equals(left, right, rightIsConstant: true)
        case .notEqual: return !equals(left, right, rightIsConstant: true)
        case .less: return try Ordering.compare(left, right, folding: folding) == .ascending
        case .lessOrEqual: return try Ordering.compare(left, right, folding: folding).map { $0 != .descending } ?? false
        case .greater: return try Ordering.compare(left, right, folding: folding) == .descending
        case .greaterOrEqual: return try Ordering.compare(left, right, folding: folding).map { $0 != .ascending } ?? false
        case .between: return try between(left, right)
        case .beginsWith, .endsWith, .like, .matches:
            return try stringTest(left, right)
        case .contains:
            switch left {
            case .null: return false
            case .array(let elements), .set(let elements): return elements.contains { equals($0, right, rightIsConstant: true) }
            case .dictionary(let dictionary): return dictionary.values.contains { equals($0, right, rightIsConstant: true) }
            default: return try stringTest(left, right)
            }
        case .in:
            switch right {
            case .null: return false
            case .array(let elements), .set(let elements): return elements.contains { equals(left, $0, rightIsConstant: false) }
            case .dictionary(let dictionary): return dictionary.values.contains { equals(left, $0, rightIsConstant: false) }
            case .string(let haystack):
                guard case .string(let needle) = left else {
                    if left.isNull { return false }
                    throw .typeMismatch("IN with a string on the right needs a string on the left, not a \(left.typeName)")
                }
                let folded = folding.fold(needle)
                return folding.withFolded(haystack) { StringOperations.contains($0, folded) }
            default:
                throw .typeMismatch("IN needs a collection or a string on the right, not a \(right.typeName)")
            }
        }
    }

    /// Equality with the options; `rightIsConstant` says the right side is this comparison's
    /// constant, whose folded form is ready.
    func equals(_ left: Value, _ right: Value, rightIsConstant: Bool) -> Bool {
        guard case .string(let a) = left, case .string(let b) = right else { return left == right }
        if folding.isPlain { return a == b }
        let other = (rightIsConstant ? foldedConstant : nil) ?? folding.fold(b)
        return folding.withFolded(a) { StringOperations.equals($0, other) }
    }

    private func between(_ value: Value, _ bounds: Value) throws(EvaluationError) -> Bool {
        if bounds.isNull { return false }
        guard let limits = bounds.elements, limits.count == 2 else {
            throw EvaluationError(.invalidArgument, "BETWEEN needs two bounds, {low, high}; found a \(bounds.typeName)")
        }
        guard let lower = try Ordering.compare(value, limits[0], folding: folding),
              let upper = try Ordering.compare(value, limits[1], folding: folding) else { return false }
        return lower != .ascending && upper != .descending
    }

    /// Both sides as strings; nil when either is null.
    private func strings(_ left: Value, _ right: Value) throws(EvaluationError) -> (String, String)? {
        switch (left, right) {
        case (.string(let a), .string(let b)): return (a, b)
        case (.null, _), (_, .null): return nil
        default:
            let culprit = left.stringValue == nil ? left : right
            throw .typeMismatch("\(comparison.rawValue) needs strings, found a \(culprit.typeName)")
        }
    }

    /// A string operator (`BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `LIKE`, `MATCHES`) on two strings.
    private func stringTest(_ left: Value, _ right: Value) throws(EvaluationError) -> Bool {
        // With a constant right side, its folded form is ready and only the left side is read.
        if comparison != .matches, case .string(let text) = left, let foldedConstant {
            return folded(text, matches: foldedConstant)
        }
        guard let (text, pattern) = try strings(left, right) else { return false }
        if comparison == .matches { return try matches(text, pattern) }
        return folded(text, matches: folding.fold(pattern))
    }

    /// `text`, folded by the options, against the folded `pattern`.
    func folded(_ text: String, matches pattern: [UInt8]) -> Bool {
        foldedTest(text, pattern)
    }

    /// `text`, folded by the options, against ``foldedConstant``, which must be set. Reads the
    /// constant itself, so that a caller retains nothing for the call.
    @inline(never)
    func foldedMatchesConstant(_ text: String) -> Bool {
        foldedTest(text, foldedConstant!)
    }

    @inline(__always)
    private func foldedTest(_ text: String, _ pattern: [UInt8]) -> Bool {
        folding.withFolded(text) { bytes in
            switch comparison {
            case .beginsWith: StringOperations.hasPrefix(bytes, pattern)
            case .endsWith: StringOperations.hasSuffix(bytes, pattern)
            case .contains: StringOperations.contains(bytes, pattern)
            default: StringOperations.like(bytes, pattern)
            }
        }
    }

    private func matches(_ text: String, _ pattern: String) throws(EvaluationError) -> Bool {
        if let constantRegex { return try matches(text, constantRegex) }
        let source = folding.foldsDiacritics ? StringFolding([.diacriticInsensitive]).foldedString(pattern) : pattern
        let regex: RegularExpression
        do {
            regex = try RegularExpression.cached(source, options: regexOptions)
        } catch {
            throw EvaluationError(.invalidArgument, "invalid regular expression: \(error.message)")
        }
        return try matches(text, regex)
    }

    /// `MATCHES` of `text` against ``constantRegex``, which must be set. Reads the pattern
    /// itself, so that a caller retains nothing for the call.
    @inline(never)
    func matchesConstant(_ text: String) throws(EvaluationError) -> Bool {
        try matches(text, constantRegex!)
    }

    /// `MATCHES` of `text`, without diacritics with `[d]`, against the compiled pattern.
    func matches(_ text: String, _ regex: RegularExpression) throws(EvaluationError) -> Bool {
        let subject = folding.foldsDiacritics ? StringFolding([.diacriticInsensitive]).foldedString(text) : text
        do {
            return try regex.matchesWhole(subject)
        } catch {
            throw EvaluationError(
                .regexBudget,
                "MATCHES gave up: the pattern '\(error.pattern)' needed more than \(error.budget) backtracking steps on this text"
            )
        }
    }
}

extension StringFolding {
    /// The folded text as a string.
    func foldedString(_ string: String) -> String {
        String(decoding: fold(string), as: UTF8.self)
    }
}
