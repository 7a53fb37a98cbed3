import Testing
import WidgetryJSON

/// Snippets of very long lines (minified JSON, a hostile 100 MB string) read only the bytes
/// around the caret, and show what cutting the whole line would show.
struct LongLineSnippetTests {
    /// The snippet's first line as cutting the whole decoded line gives it.
    private func expectedLine(_ line: String, caret: Int) -> String {
        let scalars = Array(line.unicodeScalars)
        guard scalars.count > SourceText.snippetWidth else { return line }
        let start = max(0, min(caret - SourceText.snippetWidth / 2, scalars.count - SourceText.snippetWidth))
        let end = min(scalars.count, start + SourceText.snippetWidth)
        var text = start > 0 ? "…" : ""
        text.unicodeScalars.append(contentsOf: scalars[start..<end])
        return text + (end < scalars.count ? "…" : "")
    }

    @Test(arguments: [0, 1, 59, 60, 61, 300, 479, 480, 481, 700, 999])
    func aLongLineIsCutAroundTheCaret(caret: Int) {
        // Scalars of one to four bytes, so the byte window and the scalar window differ.
        let pieces = ["a", "é", "€", "😀"]
        let line = (0..<1000).map { pieces[$0 * 7 % 4] }.joined()
        let bytes = Array(("{\n" + line + "\n}").utf8)
        let offset = 2 + line.unicodeScalars.prefix(caret).reduce(0) { $0 + String($1).utf8.count }
        let snippet = SourceText(fileName: nil, bytes: bytes).snippet(at: SourceLocation(offset: offset, line: 2, column: caret + 1))
        #expect(snippet.split(separator: "\n").first.map(String.init) == "2 | " + expectedLine(line, caret: caret))
    }

    @Test func aHundredMegabyteLineGivesAShortSnippet() {
        let bytes = Array(#"{"s": ""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 100 << 20) + Array(#""}"#.utf8)
        let snippet = SourceText(fileName: nil, bytes: bytes).snippet(at: SourceLocation(offset: 50 << 20, line: 1, column: (50 << 20) + 1))
        #expect(snippet == "1 | …" + String(repeating: "a", count: 120) + "…\n  |  " + String(repeating: " ", count: 60) + "^")
    }
}
