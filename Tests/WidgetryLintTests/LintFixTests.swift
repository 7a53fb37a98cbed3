import Testing
import WidgetryJSON
@testable import WidgetryLint

/// Which findings `lint --fix` changes: only a name one edit from the single name suggested.
struct LintFixTests {
    private func finding(at offset: Int, length: Int, hint: String?) -> Diagnostic {
        Diagnostic(code: "unknown-key-path", severity: .error, file: "S.json", location: SourceLocation(offset: offset, line: 1, column: offset + 1),
                   length: length, pointer: nil, message: "unknown key", hint: hint)
    }

    @Test func onlyAnUnambiguousOneEditSuggestionIsCertain() {
        let text = #"{"sortByFields": "strs", "a": "ttle"}"#
        let source = SourceText(fileName: "S.json", bytes: Array(text.utf8))
        let strs = text.utf8.count - #"strs", "a": "ttle"}"#.utf8.count
        let certain = finding(at: strs, length: 4, hint: #"did you mean "stars"?"#)
        let ambiguous = finding(at: strs, length: 4, hint: #"did you mean "stars" or "stirs"?"#)
        let ttle = text.utf8.count - #""ttle"}"#.utf8.count
        let twoEdits = finding(at: ttle, length: 6, hint: #"did you mean "title2"?"#)
        let listing = finding(at: strs, length: 4, hint: "known keys: stars, title")
        let fixes = LintFix.certain(in: [certain, ambiguous, twoEdits, listing], sources: ["S.json": source])
        #expect(fixes.map(\.replacement) == ["stars"])
        let fixed = LintFix.apply(fixes, to: source.bytes)
        #expect(String(decoding: fixed.bytes, as: UTF8.self) == #"{"sortByFields": "stars", "a": "ttle"}"#)
        let quoted = finding(at: ttle, length: 6, hint: #"did you mean "title"?"#)
        #expect(LintFix.certain(in: [quoted], sources: ["S.json": source]).map(\.range) == [(ttle + 1)..<(ttle + 5)], "a quoted name keeps its quotes")
    }

    /// A fix-it not marked safe is shown, never applied; one marked safe is.
    @Test func onlyASafeFixItIsApplied() {
        let text = #"{"a": "ttle"}"#
        let source = SourceText(fileName: "S.json", bytes: Array(text.utf8))
        var unsafe = finding(at: 7, length: 4, hint: nil)
        unsafe.fixIt = FixIt(range: 7..<11, replacement: "title", isSafe: false)
        #expect(LintFix.certain(in: [unsafe], sources: ["S.json": source]).isEmpty)
        var safe = unsafe
        safe.fixIts = [FixIt(range: 7..<11, replacement: "tile", isSafe: false), FixIt(range: 7..<11, replacement: "title")]
        #expect(LintFix.certain(in: [safe], sources: ["S.json": source]).map(\.replacement) == ["title"])
    }
}
