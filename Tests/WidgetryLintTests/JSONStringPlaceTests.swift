import Testing
import WidgetryJSON
@testable import WidgetryLint

/// Offsets in the decoded text of a JSON string map to the exact character in the file, through
/// escapes and multi-byte characters.
struct JSONStringPlaceTests {
    /// The place of the string at key `p` of the marked JSON, and the marker's `line:column`.
    private func place(_ marked: String) throws -> (place: JSONStringPlace, text: String, expected: String?) {
        let json = MarkedText(marked)
        let document = try JSONParser.parse(json.text)
        let value = try #require(document.root["p"])
        let place = try #require(JSONStringPlace(value, in: document.source))
        return (place, try #require(value.stringValue), json.places["1️⃣"])
    }

    private func where_(_ place: JSONStringPlace, _ offset: Int) -> String {
        let location = place.location(ofTextOffset: offset)
        return "\(location.line):\(location.column)"
    }

    /// The UTF-8 offset of the first `needle` in `text`.
    private func offset(of needle: String, in text: String) throws -> Int {
        let range = try #require(text.range(of: needle))
        return text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    }

    @Test func plainText() throws {
        let (place, text, expected) = try place(#"{"p": "content == 1️⃣)"}"#)
        #expect(where_(place, try offset(of: ")", in: text)) == expected)
    }

    @Test func escapedQuotesAndUnicodeEscapesBeforeTheOffset() throws {
        let (place, text, expected) = try place(#"{"p": "name == \"Ann\" AND city == 'caf\u00e9' 1️⃣)"}"#)
        #expect(text == #"name == "Ann" AND city == 'café' )"#)
        #expect(where_(place, try offset(of: ")", in: text)) == expected)
    }

    @Test func surrogatePairsAndOtherEscapes() throws {
        let (place, text, expected) = try place(#"{"p": "a\n\t\\ \ud83d\ude00 \/ 1️⃣x"}"#)
        #expect(where_(place, try offset(of: "x", in: text)) == expected)
    }

    @Test func multiByteCharactersCountAsOneColumn() throws {
        let (place, text, expected) = try place(#"{"p": "é 😀 == 1️⃣y"}"#)
        #expect(where_(place, try offset(of: "y", in: text)) == expected)
    }

    @Test func anOffsetInsideAnEscapeIsItsBackslash() throws {
        let (place, text, expected) = try place(#"{"p": "caf1️⃣\u00e9"}"#)
        let start = try offset(of: "é", in: text)
        #expect(where_(place, start) == expected)
        #expect(where_(place, start + 1) == expected)
    }

    @Test func theEndOfTheTextIsTheClosingQuote() throws {
        let (place, text, expected) = try place(#"{"p": "a == \"b\"1️⃣"}"#)
        #expect(where_(place, text.utf8.count) == expected)
        #expect(where_(place, text.utf8.count + 10) == expected)
    }

    @Test func laterLinesKeepTheirNumbers() throws {
        let (place, text, expected) = try place("{\n  \"q\": 1,\n  \"p\": \"\\\"x\\\" 1️⃣!\"\n}")
        #expect(where_(place, try offset(of: "!", in: text)) == expected)
    }

    @Test func spansCountSourceScalars() throws {
        let (place, text, _) = try place(#"{"p": "a \u00e9b c"}"#)
        let start = try offset(of: "é", in: text)
        let span = place.span(of: start..<(start + 3))
        #expect(span.length == 7)
        #expect(span.location.column == 10)
    }

    @Test func onlyStringsHavePlaces() throws {
        let document = try JSONParser.parse(#"{"p": 3}"#)
        #expect(JSONStringPlace(try #require(document.root["p"]), in: document.source) == nil)
    }
}
