import Testing
import WidgetryDiagnostics
import WidgetryRegex

/// A pattern that does not compile reaches a person as a diagnostic: `regex.syntax`, placed at
/// the problem in the pattern, with words and a hint.
@Suite struct RegexSyntaxDiagnosticTests {
    private func error(_ pattern: String) throws -> RegexSyntaxError {
        try #require(throws: RegexSyntaxError.self) { _ = try RegularExpression(pattern) }
    }

    @Test func convertsWithItsCodeAndPlace() throws {
        let error = try error("ab)")
        let diagnostic = try #require(error.diagnostics.first)
        #expect(error.diagnostics.count == 1)
        #expect(diagnostic.code == "regex.syntax")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.file == "<pattern>")
        #expect(diagnostic.location == SourceLocation(offset: error.offset, line: 1, column: error.offset + 1))
        #expect(diagnostic.message == "invalid regular expression: \(error.message)")
        #expect(diagnostic.hint != nil)
    }

    @Test func countsColumnsInThePatternItCameFrom() throws {
        let pattern = "é\n)"
        let error = try error(pattern)
        let diagnostic = error.diagnostic(file: "Screen.json", pattern: pattern)
        #expect(diagnostic.file == "Screen.json")
        #expect(diagnostic.location.map { [$0.line, $0.column] } == [2, 1])
        #expect(diagnostic.code == "regex.syntax")
    }
}
