import Testing
@testable import WidgetrySchema

/// Patterns without operators are matched by comparing code points; they must answer exactly as
/// the regex engine does, and anything else must still go to the engine.
@Suite("Schema patterns: plain text")
struct LiteralPatternTests {
    @Test(arguments: [
        ("^\\*\\*\\*", "***note", true), ("^\\*\\*\\*", "** *", false), ("^\\*\\*\\*", "x***", false),
        ("^https://", "https://x", true), ("^abc$", "abc", true), ("^abc$", "abcd", false), ("^abc$", "abc\n", false),
        ("bc$", "abc", true), ("bc$", "bcd", false), ("b", "abc", true), ("aab", "aaab", true), ("aab", "aba", false),
        ("", "", true), ("^$", "", true), ("^$", "a", false), ("é", "café", true), ("e\u{301}", "é", false),
        ("^\\.json$", ".json", true), ("\\/", "a/b", true),
    ])
    func plainPatternsMatchAsTheEngineDoes(pattern: String, text: String, expected: Bool) throws {
        #expect(LiteralPattern(pattern) != nil, "\(pattern) is plain text")
        #expect(try SchemaPattern(pattern).matches(text, budget: 1_000_000) == expected, "\(pattern) on \(text.debugDescription)")
    }

    @Test(arguments: ["^a+", "a|b", "^[^.]+$", "\\d", "a.b", "^\\w$", "(a)", "a{2}", "a?", "\\-", "\\n", "x$y"])
    func patternsWithOperatorsGoToTheEngine(_ pattern: String) {
        #expect(LiteralPattern(pattern) == nil, "\(pattern)")
    }
}
