import Testing
import WidgetryJSON
@testable import WidgetryLint

/// Which findings `lint --fix` changes: only those with a safe fix-it, such as a name one edit
/// from the single name it surely means.
struct LintFixTests {
    private func finding(at offset: Int, length: Int, hint: String?) -> Diagnostic {
        Diagnostic(code: "unknown-key-path", severity: .error, file: "S.json", location: SourceLocation(offset: offset, line: 1, column: offset + 1),
                   length: length, pointer: nil, message: "unknown key", hint: hint)
    }

    /// A misspelt name gets a safe fix-it only for the one name one edit away it surely means, and
    /// only where the source writes it without escapes; a hint is never read back.
    @Test func onlyAnUnambiguousOneEditSuggestionIsCertain() {
        let text = #"{"sortByFields": "strs", "a": "ttle", "b": "t\u0069tl"}"#
        let source = SourceText(fileName: "S.json", bytes: Array(text.utf8))
        let strs = text.utf8.count - #""strs", "a": "ttle", "b": "t\u0069tl"}"#.utf8.count
        let ttle = text.utf8.count - #""ttle", "b": "t\u0069tl"}"#.utf8.count
        let escaped = text.utf8.count - #""t\u0069tl"}"#.utf8.count
        var certain = finding(at: strs, length: 6, hint: #"did you mean "stars"?"#)
        certain.fixIts = FixIt.renaming("strs", among: ["stars", "title"], quotedAt: strs).map { [$0] } ?? []
        var ambiguous = finding(at: strs, length: 6, hint: #"did you mean "stars" or "stirs"?"#)
        ambiguous.fixIts = FixIt.renaming("strs", among: ["stars", "stirs"], quotedAt: strs).map { [$0] } ?? []
        var twoEdits = finding(at: ttle, length: 6, hint: #"did you mean "title2"?"#)
        twoEdits.fixIts = FixIt.renaming("ttle", among: ["title2"], quotedAt: ttle).map { [$0] } ?? []
        let hintOnly = finding(at: ttle, length: 6, hint: #"did you mean "title"?"#)
        var written = finding(at: escaped, length: 11, hint: #"did you mean "title"?"#)
        written.fixIts = FixIt.renaming("titl", among: ["title"], quotedAt: escaped).map { [$0] } ?? []
        #expect(ambiguous.fixIts.isEmpty && twoEdits.fixIts.isEmpty)
        let fixes = LintFix.certain(in: [certain, ambiguous, twoEdits, hintOnly, written], sources: ["S.json": source])
        #expect(fixes.map(\.replacement) == ["stars"], "a hint alone, or a name written with an escape, is not fixed")
        #expect(fixes.map(\.range) == [(strs + 1)..<(strs + 5)], "a quoted name keeps its quotes")
        let fixed = LintFix.apply(fixes, to: source.bytes)
        #expect(String(decoding: fixed.bytes, as: UTF8.self) == #"{"sortByFields": "stars", "a": "ttle", "b": "t\u0069tl"}"#)
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
