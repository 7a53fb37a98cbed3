import Testing
import WidgetryExpressions
import WidgetryJSON

/// Evaluation and key-value errors reach a person as diagnostics: a stable code, the part of
/// the text that failed when there is one, words and a hint.
struct ErrorDiagnosticTests {
    @Test func anEvaluationErrorConvertsWithItsCodeAndRange() throws {
        let text = "count > $limit"
        let error = try #require(throws: EvaluationError.self) { try Predicate(format: text).evaluate(with: .null) }
        let range = try #require(error.range)
        let diagnostic = try #require(error.diagnostics.first)
        #expect(error.diagnostics.count == 1)
        #expect(diagnostic.code == "eval.unbound-variable")
        #expect(diagnostic.file == "<expression>")
        #expect(diagnostic.location == SourceLocation(offset: range.lowerBound, line: 1, column: range.lowerBound + 1))
        #expect(diagnostic.location?.offset == 8)
        #expect(diagnostic.length == range.count)
        #expect(diagnostic.message == error.message)
        #expect(diagnostic.hint != nil)
    }

    @Test func everyEvaluationCodeHasAHint() {
        for code in EvaluationError.Code.allCases {
            let diagnostic = EvaluationError(code, "failed").diagnostics[0]
            #expect(diagnostic.code.description == code.rawValue)
            #expect(diagnostic.hint != nil && diagnostic.location == nil)
        }
    }

    @Test(arguments: [
        (KeyValueError.Reason.unknownKey, "screen.unknown-attribute"),
        (.readOnly, "screen.invalid-value"),
        (.typeMismatch(expected: "a boolean", found: "null"), "screen.invalid-value"),
    ])
    func aKeyValueErrorConvertsWithTheScreenCodes(reason: KeyValueError.Reason, code: String) throws {
        let error = KeyValueError(key: "on", typeName: "UISwitch", reason: reason)
        let diagnostic = try #require(error.diagnostics.first)
        #expect(error.diagnostics.count == 1)
        #expect(diagnostic.code.description == code)
        #expect(diagnostic.message == error.description)
        #expect(diagnostic.hint != nil)
        #expect(diagnostic.location == nil)
    }
}
