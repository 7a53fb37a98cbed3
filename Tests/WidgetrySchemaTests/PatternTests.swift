import Testing
import WidgetryJSON
@testable import WidgetrySchema

/// Patterns are ECMA-262 regular expressions that match anywhere in a string.
@Suite("Schema patterns")
struct PatternTests {
    private func matches(_ pattern: String, _ text: String) throws -> Bool {
        try SchemaPattern(pattern).matches(text, budget: 1_000_000)
    }

    @Test(arguments: [
        ("a+", "xxaxx", true), ("^a", "ba", false), ("^a", "ab", true), ("b$", "ab", true), ("b$", "ab\n", false),
        ("", "anything", true), ("colou?r", "my colour", true), ("^\\d+$", "123", true), ("^\\d+$", "١٢٣", false),
        ("^\\w+$", "café", false), ("^\\w+$", "cafe_1", true), ("^\\W$", "é", true), ("^\\s$", "\u{FEFF}", true),
        ("^\\S$", "\u{0B}", false), ("^\\cC$", "\u{03}", true), ("^[\\d]$", "5", true), ("^[^\\d]$", "5", false),
        ("^[\\D]$", "a", true), ("[]", "a", false), ("^[^]$", "\n", true), ("^[a[]+$", "a[a", true),
        ("^\\p{Letter}cole$", "école", true), ("^\\u{1F600}$", "😀", true), ("[\\b]", "\u{08}", true), ("a|b", "xbx", true),
    ])
    func searchSemanticsAndECMAScriptClasses(pattern: String, text: String, expected: Bool) throws {
        #expect(try matches(pattern, text) == expected, "\(pattern) on \(text.debugDescription)")
    }

    @Test func syntaxErrorsPointIntoTheOriginalPattern() throws {
        // `\d` becomes `[0-9]` for the engine; the offset still counts in what the schema wrote.
        let error = try #require(try SchemaTestSupport.compileError(#"{"pattern": "\\d\\d[a-"}"#))
        #expect(error.code == .invalidPattern)
        let offset = try #require(error.message.split(separator: " ").last.flatMap { Int($0) })
        #expect((4...7).contains(offset), "\(error.message)")
        // A stray ")" must not pair with anything added to search the whole string.
        #expect(try SchemaTestSupport.compileError(#"{"pattern": "a)(b"}"#)?.code == .invalidPattern)
    }

    @Test func patternPropertiesSelectMembersByNameAnywhere() throws {
        let schema = try SchemaTestSupport.schema(#"{"patternProperties": {"^x-": {"type": "string"}, "id": {"type": "integer"}}}"#)
        #expect(try schema.isValid(["x-a": "s", "userid": 3, "other": true]))
        let violations = try schema.validate(["x-a": 1, "userid": "3"])
        #expect(violations.map(\.keywordLocation.description) == ["/patternProperties/^x-/type", "/patternProperties/id/type"])
    }
}
