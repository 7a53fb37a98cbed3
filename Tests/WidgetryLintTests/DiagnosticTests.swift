import Testing
import WidgetryJSON
import WidgetryLint

struct DiagnosticTests {
    @Test func findingsSortByFileThenPositionThenRule() {
        func finding(_ file: String, _ offset: Int?, _ rule: String) -> Diagnostic {
            Diagnostic(code: rule, severity: .error, file: file, location: offset.map { SourceLocation(offset: $0, line: 1, column: $0 + 1) },
                       pointer: nil, message: "m")
        }
        let sorted = [finding("b.json", 3, "x"), finding("a.json", 9, "y"), finding("a.json", 9, "a"), finding("a.json", nil, "z")].sorted()
        #expect(sorted.map { "\($0.file)@\($0.location?.offset ?? -1)/\($0.code)" } == ["a.json@-1/z", "a.json@9/a", "a.json@9/y", "b.json@3/x"])
        #expect(Diagnostic.Severity.warning < .error)
    }
}
