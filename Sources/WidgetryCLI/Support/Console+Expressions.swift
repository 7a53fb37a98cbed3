import WidgetryExpressions
import WidgetryStore

extension Console {
    /// `<predicate>:1:8: error: message [code]`, the text with a caret, and the hint.
    func reportSyntaxError(_ error: PredicateSyntaxError, kind: String) {
        let location = error.location
        writeError("<\(kind)>:\(location.line):\(location.column): \(styled("error:", code: "1;31")) \(error.message) [\(error.code.rawValue)]\n")
        writeError(indented(error.snippet) + "\n")
        if let hint = error.hint { writeError("  hint: \(hint)\n") }
    }

    /// An evaluation error, with the part of the text that failed underlined when it is known.
    func reportEvaluationError(_ error: EvaluationError, text: String, kind: String) {
        guard let range = error.range else {
            self.error("\(error.message) [\(error.code.rawValue)]")
            return
        }
        let location = PredicateText.location(ofOffset: range.lowerBound, in: text)
        writeError("<\(kind)>:\(location.line):\(location.column): \(styled("error:", code: "1;31")) \(error.message) [\(error.code.rawValue)]\n")
        writeError(indented(PredicateText.snippet(range, in: text)) + "\n")
    }

    /// `file:line:column: error: message [code]`, then the pointer, the entity and the hint.
    func reportModelError(_ error: ModelError) {
        var place = error.file
        if let location = error.location { place += ":\(location.line):\(location.column)" }
        writeError("\(place): \(styled("error:", code: "1;31")) \(error.message) [\(error.code.rawValue)]\n")
        if let pointer = error.pointer, !pointer.description.isEmpty { writeError("  at: \(pointer)\n") }
        if let hint = error.hint { writeError("  hint: \(hint)\n") }
    }

    private func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
