import WidgetryExpressions

/// A `pattern` (or `patternProperties` key) compiled once: an ECMA-262 regular expression that
/// matches a string when it matches anywhere in it, as JSON Schema specifies (patterns are not
/// anchored; write `^…$` to match the whole string).
struct SchemaPattern: Sendable {
    /// The pattern as the schema writes it.
    let source: String
    private let expression: RegularExpression

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
    }

    /// Whether the pattern matches somewhere in `text`.
    ///
    /// - Throws: ``RegexBudgetExceeded`` when the pattern needs backtracking and `budget`
    ///   steps did not decide.
    func matches(_ text: String, budget: Int) throws(RegexBudgetExceeded) -> Bool {
        var expression = expression
        expression.backtrackingBudget = budget
        return try expression.matchesWhole(text)
    }
}
