import Testing
import WidgetryDiagnostics
import WidgetryLanguageServerProtocol

/// An open document under the client's changes, and positions in UTF-16 code units converted to
/// the project's locations (byte offsets, columns of scalars) and back, out-of-range ones
/// included.
@Suite struct TextDocumentTests {
    private func document(_ text: String) -> TextDocument {
        TextDocument(uri: "file:///S.json", languageId: "json", version: 1, text: text)
    }

    private func position(_ line: Int, _ character: Int) -> Position {
        Position(line: line, character: character)
    }

    private func range(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) -> LSPRange {
        LSPRange(start: position(startLine, startCharacter), end: position(endLine, endCharacter))
    }

    @Test func countsCharactersInUTF16CodeUnits() {
        // "é" is one unit in two bytes, "😀" two units in four bytes.
        let document = document("aé😀b\n😀")
        #expect(document.offset(of: position(0, 1)) == 1)
        #expect(document.offset(of: position(0, 2)) == 3)
        #expect(document.offset(of: position(0, 4)) == 7)
        #expect(document.offset(of: position(0, 5)) == 8)
        #expect(document.offset(of: position(1, 2)) == 13)
        #expect(document.position(atOffset: 7) == position(0, 4))
        #expect(document.position(atOffset: 9) == position(1, 0))
        #expect(document.position(atOffset: 13) == position(1, 2))
    }

    @Test func convertsToAndFromTheProjectsLocations() {
        let text = "{\n  \"title\": \"Café 😀\",\n  \"x\": 1\n}"
        let document = document(text)
        // `1` on the third line: column 8 in scalars, character 7 in UTF-16, byte 33.
        let offset = Array(text.utf8).firstIndex(of: UInt8(ascii: "1"))!
        let location = SourceLocation(offset: offset, line: 3, column: 8)
        #expect(document.position(of: location) == position(2, 7))
        #expect(document.sourceLocation(of: position(2, 7)) == location)
        // After the emoji: the scalar column is one less than the UTF-16 character.
        let quote = document.sourceLocation(of: position(1, 20))
        #expect(quote.line == 2)
        #expect(quote.column == 20)
        #expect(document.position(of: quote) == position(1, 20))
        let place = DiagnosticLocation(file: "S.json", start: SourceLocation(offset: 14, line: 2, column: 13), length: 8, pointer: "/title")
        #expect(document.range(of: place) == range(1, 12, 1, 21))
        #expect(document.range(of: DiagnosticLocation(file: "S.json", start: nil)) == range(0, 0, 0, 0))
    }

    @Test func appliesIncrementalAndFullChangesInOrder() {
        var document = document("{\r\n  \"a\": 1\r\n}")
        document.apply([
            TextDocumentContentChangeEvent(range: range(1, 3, 1, 4), text: "bé"),
            TextDocumentContentChangeEvent(range: range(1, 8, 1, 9), text: "[\n    2\n  ]"),
            TextDocumentContentChangeEvent(range: range(0, 1, 0, 1), text: "😀"),
        ], version: 2)
        #expect(document.text == "{😀\r\n  \"bé\": [\n    2\n  ]\r\n}")
        #expect(document.version == 2)
        #expect(document.lineCount == 5)
        document.apply([TextDocumentContentChangeEvent(text: "{}")], version: 3)
        #expect(document.text == "{}")
        #expect(document.lineCount == 1)
    }

    @Test func clampsPositionsOutOfRangeInsteadOfTrapping() {
        var document = document("ab\n😀\r\nc")
        #expect(document.offset(of: position(0, 99)) == 2)
        #expect(document.offset(of: position(99, 0)) == document.bytes.count)
        #expect(document.offset(of: position(-1, -5)) == 0)
        #expect(document.offset(of: position(1, -5)) == 3)
        // Inside the surrogate pair: the start of the emoji.
        #expect(document.offset(of: position(1, 1)) == 3)
        #expect(document.position(atOffset: 5) == position(1, 0))
        #expect(document.position(atOffset: 8) == position(1, 2))
        #expect(document.position(atOffset: -3) == position(0, 0))
        #expect(document.position(atOffset: 1000) == position(2, 1))
        #expect(!document.contains(position(0, 3)))
        #expect(!document.contains(position(1, 1)))
        #expect(!document.contains(position(3, 0)))
        #expect(document.contains(position(1, 2)))
        #expect(document.contains(position(2, 1)))
        let far = DiagnosticLocation(file: "S.json", start: SourceLocation(offset: 500, line: 40, column: 2), length: 9)
        #expect(document.range(of: far) == range(2, 1, 2, 1))
        // A change whose range runs backwards or off the end edits what it can reach.
        document.apply([TextDocumentContentChangeEvent(range: range(5, 0, 0, 1), text: "X")], version: 2)
        #expect(document.text == "aX")
        document.apply([TextDocumentContentChangeEvent(range: range(0, 100, 100, 100), text: "!")], version: 3)
        #expect(document.text == "aX!")
    }

    @Test func editsADocumentOfSeveralMegabytes() {
        let line = String(repeating: "x", count: 99) + "\n"
        var document = document(String(repeating: line, count: 40_000))
        #expect(document.bytes.count == 4_000_000)
        document.apply([TextDocumentContentChangeEvent(range: range(39_999, 0, 39_999, 99), text: "😀")], version: 2)
        #expect(document.position(atOffset: document.bytes.count - 1) == position(39_999, 2))
        #expect(document.lineCount == 40_001)
    }
}
