import Testing
import WidgetryJSON

/// Each malformed input must fail with the right code at the exact line and column.
@Suite("JSON parser: errors")
struct JSONParserErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let input: [UInt8]
        let code: JSONParseError.Code
        let line: Int
        let column: Int
        let message: String?
        var options = JSONParserOptions()

        init(_ text: String, _ code: JSONParseError.Code, _ line: Int, _ column: Int, _ message: String? = nil,
             options: JSONParserOptions = JSONParserOptions()) {
            self.input = Array(text.utf8)
            self.code = code
            self.line = line
            self.column = column
            self.message = message
            self.options = options
        }

        init(bytes: [UInt8], _ code: JSONParseError.Code, _ line: Int, _ column: Int) {
            self.input = bytes
            self.code = code
            self.line = line
            self.column = column
            self.message = nil
        }

        var testDescription: String { String(decoding: input.prefix(40), as: UTF8.self) }
    }

    static let cases: [Case] = [
        Case("", .emptyDocument, 1, 1),
        Case("  \n ", .emptyDocument, 2, 2),
        Case("{\n  \"a\": 1\n  \"b\": 2\n}", .missingComma, 2, 9, "missing ',' after object member, before '\"'"),
        Case("[1 2]", .missingComma, 1, 3, "missing ',' after array element, before '2'"),
        Case("{\"a\": 1 :}", .unexpectedCharacter, 1, 9, "expected ',' or '}' after object member, found ':'"),
        Case("[1 :]", .unexpectedCharacter, 1, 4, "expected ',' or ']' after array element, found ':'"),
        Case("[1,]", .trailingComma, 1, 3),
        Case("{\"a\":1,}", .trailingComma, 1, 7),
        Case("{\"a\" 1}", .unexpectedCharacter, 1, 6, "expected ':' after object key 'a', found '1'"),
        Case("{a: 1}", .unexpectedCharacter, 1, 2, "expected a string key, found 'a'"),
        Case("{'a': 1}", .unexpectedCharacter, 1, 2),
        Case("['x']", .unexpectedCharacter, 1, 2, "expected a value, found '''"),
        Case("[1] [2]", .trailingContent, 1, 5),
        Case("[1", .unexpectedEndOfInput, 1, 3),
        Case("{\"a\": [1, {", .unexpectedEndOfInput, 1, 12),
        Case("[tru]", .invalidLiteral, 1, 2, "invalid literal; expected 'true'"),
        Case("nul", .invalidLiteral, 1, 1),
        Case("[True]", .unexpectedCharacter, 1, 2),
        Case("01", .invalidNumber, 1, 1, "leading zeros are not allowed in numbers"),
        Case("-", .invalidNumber, 1, 2, "expected a digit after '-'"),
        Case("-a", .invalidNumber, 1, 2),
        Case("1.", .invalidNumber, 1, 3, "expected a digit after '.'"),
        Case("1.e5", .invalidNumber, 1, 3),
        Case("1e", .invalidNumber, 1, 3, "expected a digit in the exponent"),
        Case("1e+", .invalidNumber, 1, 4),
        Case("+1", .unexpectedCharacter, 1, 1),
        Case(".5", .unexpectedCharacter, 1, 1),
        Case("1e400", .numberOutOfRange, 1, 1),
        Case("[-1e99999]", .numberOutOfRange, 1, 2),
        Case("\"abc", .unexpectedEndOfInput, 1, 1, "unterminated string"),
        Case("\"a\\", .unexpectedEndOfInput, 1, 1),
        Case("\"a\nb\"", .controlCharacterInString, 1, 3),
        Case("\"é\tx\"", .controlCharacterInString, 1, 3),
        Case("\"\\x\"", .invalidEscape, 1, 2, "invalid escape sequence '\\x' in string"),
        Case("\"\\u12G4\"", .invalidEscape, 1, 2),
        Case("\"\\u12\"", .invalidEscape, 1, 2),
        Case("\"ab\\uD800\"", .unpairedSurrogate, 1, 4),
        Case("\"\\uD800\\u0041\"", .unpairedSurrogate, 1, 8),
        Case("\"\\uDC00\"", .unpairedSurrogate, 1, 2),
        Case("{\"a\": 1,\n \"a\": 2}", .duplicateKey, 2, 2, "duplicate key 'a' (first defined at 1:2)"),
        Case("// c\n1", .unexpectedCharacter, 1, 1),
        Case("[[[1]]]", .depthLimitExceeded, 1, 3, options: JSONParserOptions(maxDepth: 2)),
        Case("[\"abcdef\"]", .stringTooLong, 1, 2, options: JSONParserOptions(maxStringBytes: 5)),
        Case("[\"abcde\", 1]", .documentTooLarge, 1, 1, options: JSONParserOptions(maxDocumentBytes: 5)),
        Case(bytes: Array("[\"a".utf8) + [0xFF] + Array("\"]".utf8), .invalidUTF8, 1, 4),
        Case(bytes: Array("\"".utf8) + [0xC0, 0xAF] + Array("\"".utf8), .invalidUTF8, 1, 2),
        Case(bytes: Array("\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"".utf8), .invalidUTF8, 1, 2),
        Case(bytes: Array("\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"".utf8), .invalidUTF8, 1, 2),
        Case(bytes: Array("\"é".utf8) + [0xE2, 0x82] + Array("\"".utf8), .invalidUTF8, 1, 3),
        Case(bytes: [0xFF], .unexpectedCharacter, 1, 1),
    ]

    @Test(arguments: cases)
    func failsAtTheRightPlace(_ testCase: Case) {
        do {
            _ = try JSONParser.parse(testCase.input, fileName: "bad.json", options: testCase.options)
            Issue.record("expected \(testCase.code.rawValue), but the input parsed")
        } catch {
            #expect(error.code == testCase.code)
            #expect(error.location.line == testCase.line)
            #expect(error.location.column == testCase.column)
            if let message = testCase.message {
                #expect(error.message == message)
            }
            #expect(error.fileName == "bad.json")
        }
    }

    @Test func descriptionNamesFileLocationAndCode() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse("{\"a\": 1 \"b\": 2}", fileName: "Feed.json") }
        do {
            _ = try JSONParser.parse("{\n  \"a\": 1\n      \"b\": 2}", fileName: "Feed.json")
            Issue.record("missing comma accepted")
        } catch {
            #expect(error.description == "Feed.json:2:9: missing ',' after object member, before '\"' [json.missing-comma]")
            #expect(error.pointer.description == "/a")
        }
    }

    @Test func errorsCarryThePointerOfTheValueBeingRead() {
        do {
            _ = try JSONParser.parse(#"{"screens": {"Feed": {"objects": [1, tru]}}}"#)
            Issue.record("invalid literal accepted")
        } catch {
            #expect(error.pointer.description == "/screens/Feed/objects/1")
        }
    }

    @Test func duplicateKeyNamesBothPlaces() {
        do {
            _ = try JSONParser.parse("{\n \"k\": 1,\n \"k\": 2\n}")
            Issue.record("duplicate accepted")
        } catch {
            #expect(error.location == SourceLocation(offset: 12, line: 3, column: 2))
            #expect(error.relatedLocation == SourceLocation(offset: 3, line: 2, column: 2))
            #expect(error.pointer.description == "/k")
        }
    }

    @Test func hundredThousandDeepArrayDoesNotOverflowTheStack() {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        do {
            _ = try JSONParser.parse(text)
            Issue.record("depth limit not enforced")
        } catch {
            #expect(error.code == .depthLimitExceeded)
            #expect(error.location.column == 513)
        }
    }

    @Test func snippetPointsAtTheColumn() {
        let source = SourceText(fileName: "f.json", bytes: Array("{\n  \"näme\": tru\n}".utf8))
        let snippet = source.snippet(at: SourceLocation(offset: 13, line: 2, column: 11), length: 3)
        #expect(snippet == "2 |   \"näme\": tru\n  |           ^~~")
    }
}
