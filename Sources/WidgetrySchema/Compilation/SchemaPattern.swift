import WidgetryRegex

/// A `pattern` (or `patternProperties` key) compiled once: an ECMA-262 regular expression that
/// matches a string when it matches anywhere in it, as JSON Schema specifies (patterns are not
/// anchored; write `^…$` to match the whole string).
struct SchemaPattern: Sendable {
    /// The pattern as the schema writes it.
    let source: String
    private let expression: RegularExpression
    /// The pattern as plain text to look for, when it has no operators (`^\*\*\*`,
    /// `^https://`): matched by comparing code points, without the regex engine.
    let literal: LiteralPattern?

    /// The prefix and suffix that turn a whole-string match into a search.
    private static let searchPrefix = "(?s:.*?)(?:"
    private static let searchSuffix = ")(?s:.*)"

    /// Compiles `source`.
    ///
    /// - Throws: ``RegexSyntaxError`` with the offset of the problem in `source`.
    init(_ source: String) throws(RegexSyntaxError) {
        let translation = ECMAScriptPattern.translate(source)
        do {
            // Checked alone first, so that a stray ")" cannot pair up with the search wrapper.
            try RegularExpression.validate(translation.pattern)
        } catch {
            throw RegexSyntaxError(message: error.message, offset: translation.sourceOffset(of: error.offset))
        }
        do {
            expression = try RegularExpression(SchemaPattern.searchPrefix + translation.pattern + SchemaPattern.searchSuffix)
        } catch {
            let offset = max(0, error.offset - SchemaPattern.searchPrefix.utf8.count)
            throw RegexSyntaxError(message: error.message, offset: translation.sourceOffset(of: offset))
        }
        self.source = source
        self.literal = LiteralPattern(source)
    }

    /// Whether the pattern matches somewhere in `text`.
    ///
    /// - Throws: ``RegexBudgetExceeded`` when the pattern needs backtracking and `budget`
    ///   steps did not decide.
    func matches(_ text: String, budget: Int) throws(RegexBudgetExceeded) -> Bool {
        if let literal { return literal.matches(text) }
        var expression = expression
        expression.backtrackingBudget = budget
        return try expression.matchesWhole(text)
    }
}

/// A pattern made of plain characters (syntax characters escaped), anchored at the start with
/// `^` and/or at the end with `$` or not at all: what most patterns in schemas are.
struct LiteralPattern: Sendable, Equatable {
    let scalars: [Unicode.Scalar]
    let anchoredAtStart: Bool
    let anchoredAtEnd: Bool

    /// The characters an ECMA-262 pattern gives a meaning.
    private static let syntaxCharacters = Set("^$\\.*+?()[]{}|".unicodeScalars)

    /// The literal form of `source`, or nil when it uses any operator, class or escape other
    /// than an escaped syntax character (or `/`).
    init?(_ source: String) {
        var rest = Array(source.unicodeScalars)[...]
        anchoredAtStart = rest.first == "^"
        if anchoredAtStart { rest = rest.dropFirst() }
        var scalars: [Unicode.Scalar] = []
        var anchoredAtEnd = false
        while let scalar = rest.popFirst() {
            if scalar == "\\" {
                guard let escaped = rest.popFirst(), LiteralPattern.syntaxCharacters.contains(escaped) || escaped == "/" else { return nil }
                scalars.append(escaped)
            } else if scalar == "$", rest.isEmpty {
                anchoredAtEnd = true
            } else if LiteralPattern.syntaxCharacters.contains(scalar) {
                return nil
            } else {
                scalars.append(scalar)
            }
        }
        self.scalars = scalars
        self.anchoredAtEnd = anchoredAtEnd
    }

    /// Whether the pattern matches somewhere in `text`, comparing code points.
    func matches(_ text: String) -> Bool {
        let view = text.unicodeScalars
        switch (anchoredAtStart, anchoredAtEnd) {
        case (true, true): return view.elementsEqual(scalars)
        case (true, false): return view.starts(with: scalars)
        case (false, true): return view.reversed().starts(with: scalars.reversed())
        case (false, false):
            guard let first = scalars.first else { return true }
            var start = view.startIndex
            while let found = view[start...].firstIndex(of: first) {
                if view[found...].starts(with: scalars) { return true }
                start = view.index(after: found)
            }
            return false
        }
    }
}
