import Testing
import WidgetryJSON

/// A missing comma is reported where it goes (just after the value before it, whatever lies
/// between), a trailing comma at the comma itself, each with a hint and the fix-it that
/// mends the document: applying it makes the text parse, or fail further on.
@Suite("JSON parser: commas")
struct JSONSeparatorErrorTests {
    /// The error `text` fails with.
    static func failure(_ text: String) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(text, fileName: "S.json")
            return nil
        } catch {
            return error
        }
    }

    /// `text` with `fixIt` applied.
    static func applying(_ fixIt: Diagnostic.FixIt, to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in fixIt.edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aMissingCommaBetweenMembersIsPlacedAfterTheValueOnItsOwnLine() throws {
        let text = "{\n  \"name\": \"demo\"\n  \"version\": \"1.0\"\n}"
        let error = try #require(Self.failure(text))
        #expect(error.code == .missingComma)
        #expect(error.location == SourceLocation(offset: 18, line: 2, column: 17))
        #expect(error.pointer.description == "/name")
        #expect(error.hint == "add a ',' after the value of \"name\"; the next member starts at 3:3")
        #expect(error.fixIt == .insert(",", at: 18))
        #expect(error.snippet == "2 |   \"name\": \"demo\"\n  | " + String(repeating: " ", count: 16) + "^")
        let fixIt = try #require(error.fixIt)
        #expect(throws: Never.self) { try JSONParser.parse(Self.applying(fixIt, to: text)) }
    }

    @Test func aMissingCommaAfterAContainerOrALiteralIsPlacedAfterIt() throws {
        let object = try #require(Self.failure("{\"a\": {\"b\": [1, 2]}  \"c\": null}"))
        #expect(object.location.column == 20)
        #expect(object.pointer.description == "/a")
        let array = try #require(Self.failure("[\n  {\"id\": 1}\n\n  {\"id\": 2},\n  true false\n]"))
        #expect(array.code == .missingComma)
        #expect(array.location == SourceLocation(offset: 13, line: 2, column: 12))
        #expect(array.pointer.description == "/0")
        #expect(array.hint == "add a ',' after this element; the next one starts at 4:3")
        let arrayFix = try #require(array.fixIt)
        let mended = Self.applying(arrayFix, to: "[\n  {\"id\": 1}\n\n  {\"id\": 2},\n  true false\n]")
        let next = try #require(Self.failure(mended))
        #expect(next.code == .missingComma)
        #expect(next.location == SourceLocation(offset: 35, line: 5, column: 7))
        #expect(next.pointer.description == "/2")
    }

    @Test func columnsCountScalarsOnTheValuesLineAndSkipAByteOrderMark() throws {
        let error = try #require(Self.failure("\u{FEFF}{\"é\": \"ü\"\n\"b\": 1}"))
        #expect(error.location.line == 1)
        #expect(error.location.column == 10)
        #expect(error.fixIt == .insert(",", at: 14))
    }

    @Test func aTrailingCommaIsPlacedAtTheCommaOnItsLine() throws {
        let text = "{\n  \"version\": \"1.0\",\n  \"list\": [1, 2,\n  ],\n}"
        let inArray = try #require(Self.failure(text))
        #expect(inArray.code == .trailingComma)
        #expect(inArray.location == SourceLocation(offset: 37, line: 3, column: 16))
        #expect(inArray.message == "trailing comma after the last element, before ']'")
        #expect(inArray.hint == "remove this ','; JSON allows no comma after the last element")
        #expect(inArray.fixIt == .remove(37..<38))
        let first = Self.applying(try #require(inArray.fixIt), to: text)
        let inObject = try #require(Self.failure(first))
        #expect(inObject.code == .trailingComma)
        #expect(inObject.location.line == 4)
        #expect(inObject.location.column == 4)
        #expect(inObject.message == "trailing comma after the last member, before '}'")
        let mended = Self.applying(try #require(inObject.fixIt), to: first)
        #expect(throws: Never.self) { try JSONParser.parse(mended) }
    }

    @Test func theFixItTravelsIntoTheDiagnostic() throws {
        let error = try #require(Self.failure("[1 2]"))
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.code == "json.missing-comma")
        #expect(diagnostic.fixIt == .insert(",", at: 2))
        #expect(diagnostic.hint == error.hint)
    }
}
