import WidgetryExpressions
import WidgetryJSON

extension ScreenSites.PredicateSite {
    /// A finding of `rule` about the UTF-8 byte range `range` of the text, placed at its exact
    /// character inside the JSON string; with `name`, the misspelt name written there, and the
    /// fix-it to the one name among `candidates` it surely means when there is one.
    func finding(_ rule: LintRuleDescription, file: String, range: Range<Int>, message: String, hint: String?,
                 misspelt name: String? = nil, among candidates: [String] = []) -> Diagnostic {
        let span = place?.span(of: range)
        return Diagnostic(code: rule.id, severity: rule.severity, file: file, location: span?.location ?? location, length: span?.length ?? 1,
                          pointer: pointer, message: message, hint: hint, fixIt: name.flatMap { place?.renaming($0, at: range, among: candidates) })
    }
}

extension PredicateSyntaxError {
    /// Whether the text calls a function the catalogue does not allow (a `FUNCTION` selector or
    /// a built-in name): `function-not-allowed` reports these, `predicate-syntax` the rest (an
    /// unknown collection operator, `@foo`, is a syntax error).
    var isFunctionNotAllowed: Bool {
        guard code == .unknownFunction else { return false }
        let bytes = Array(text.utf8)
        guard range.lowerBound >= 0, range.lowerBound < bytes.count else { return false }
        return bytes[range.lowerBound] != UInt8(ascii: "@")
    }
}
