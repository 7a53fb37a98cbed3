import Testing
import WidgetryExpressions

@Suite("Predicate lexer")
struct LexerTests {
    private func kinds(_ text: String) throws -> [Token.Kind] {
        try Lexer.tokenize(text).map(\.kind).dropLast()
    }

    @Test func comparisonWithKeyPathAndString() throws {
        #expect(try kinds("author.name BEGINSWITH[c] 'user 1'") == [
            .identifier("author"), .punctuation(.dot), .identifier("name"), .keyword(.beginsWith),
            .punctuation(.leftBracket), .identifier("c"), .punctuation(.rightBracket), .string("user 1"),
        ])
    }

    @Test func keywordsIgnoreCaseAndHashEscapes() throws {
        #expect(try kinds("a and B Or not c") == [
            .identifier("a"), .keyword(.and), .identifier("B"), .keyword(.or), .keyword(.not), .identifier("c"),
        ])
        #expect(try kinds("#size == 1") == [.identifier("size"), .operator(.equal), .integer(1)])
        #expect(try kinds("SELF") == [.keyword(.self)])
    }

    @Test(arguments: [
        ("=", Operator.equal), ("==", .equal), ("!=", .notEqual), ("<>", .notEqual), ("<=", .lessOrEqual), ("=<", .lessOrEqual),
        (">=", .greaterOrEqual), ("=>", .greaterOrEqual), ("<", .less), (">", .greater), ("&&", .and), ("||", .or),
        ("!", .not), ("**", .power), ("*", .times), ("+", .plus), ("-", .minus), ("/", .divide), (":=", .assign),
    ])
    func everyOperatorSpelling(text: String, expected: Operator) throws {
        #expect(try kinds("a \(text) b") == [.identifier("a"), .operator(expected), .identifier("b")])
    }

    @Test(arguments: [
        ("42", Token.Kind.integer(42)), ("0x1F", .integer(31)), ("0o17", .integer(15)), ("0b101", .integer(5)),
        ("1.5", .double(1.5)), ("2e3", .double(2000)), ("2.5E-1", .double(0.25)), ("0", .integer(0)),
    ])
    func numbers(text: String, expected: Token.Kind) throws {
        #expect(try kinds(text) == [expected])
    }

    @Test func stringEscapes() throws {
        #expect(try kinds(#"'a\'b' "c\"d" 'e\\f\n\t' '\u00e9\x41\101'"#) == [
            .string("a'b"), .string("c\"d"), .string("e\\f\n\t"), .string("éAA"),
        ])
    }

    @Test func variablesFormatArgumentsAndCollectionOperators() throws {
        #expect(try kinds("%K == %@ AND posts.@count > $min") == [
            .formatArgument("K"), .operator(.equal), .formatArgument("@"), .keyword(.and), .identifier("posts"),
            .punctuation(.dot), .collectionOperator("count"), .operator(.greater), .variable("min"),
        ])
    }

    @Test func rangesAreByteOffsets() throws {
        let tokens = try Lexer.tokenize("né == 'x'")
        #expect(tokens.map(\.range) == [0..<3, 4..<6, 7..<10, 10..<10])
    }

    @Test(arguments: [
        ("'abc", PredicateSyntaxError.Code.unterminatedString, 0),
        ("a == 'x\\q'", .invalidEscape, 7),
        ("'\\u12'", .invalidEscape, 1),
        ("'\\uD800'", .invalidEscape, 1),
        ("0x", .invalidNumber, 0),
        ("0b102", .invalidNumber, 0),
        ("12abc", .invalidNumber, 2),
        ("$ == 1", .invalidVariable, 0),
        ("a ? b", .unexpectedCharacter, 2),
        ("%x", .unexpectedCharacter, 0),
        ("@ 1", .unexpectedCharacter, 0),
        ("# 1", .unexpectedCharacter, 0),
        ("1e999", .invalidNumber, 0),
    ])
    func malformedInput(text: String, code: PredicateSyntaxError.Code, offset: Int) {
        do {
            _ = try Lexer.tokenize(text)
            Issue.record("'\(text)' was accepted")
        } catch {
            #expect(error.code == code)
            #expect(error.range.lowerBound == offset)
        }
    }

    @Test(arguments: Keyword.allCases)
    func everyKeywordIsRecognisedInAnyCase(keyword: Keyword) throws {
        let word = keyword.rawValue
        for spelling in [word, word.lowercased(), word.prefix(1) + word.dropFirst().lowercased()] {
            #expect(try kinds(String(spelling)) == [.keyword(keyword)])
        }
        #expect(try kinds("#" + word.lowercased()) == [.identifier(word.lowercased())])
        #expect(try kinds(word + "x") == [.identifier(word + "x")])
    }
}
