import Testing
import WidgetryJSON
import WidgetryTestSupport

/// The reader must accept exactly what the parser accepts, and its tokens must rebuild exactly
/// the parser's tree.
@Suite("JSON stream reader")
struct JSONStreamReaderTests {
    // MARK: Parity with the parser

    static let validInputs: [String] = [
        "null", "true", " false ", "\"hi\"", "0", "-0", "42", "-17", "1.5", "-0.0", "1e2", "1E+2", "25e-1",
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
        "18446744073709551616", "0.1", "2.2250738585072014e-308", "4.9e-324", "1.7976931348623157e308", "1e-400",
        "123456789012345678901234567890", "0.30000000000000004", "3.141592653589793238462643383279",
        "1.00000000000000000000000001", "9007199254740993", "9007199254740993.0", "0e99999", "-0e-99999",
        #""\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u20AC \uD83D\uDE00 \u0000""#,
        "\"héllo 世界 🎉\"",
        #"{"z": 1, "a": 2, "m": {"y": [], "b": {}}}"#,
        "{" + (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}",
        "{\n  \"a\": [10, {\"b c\": \"x\"}],\n  \"é\": \"ü\", \"n\": null\n}",
        #"{"a/b": {"m~n": 1}}"#,
        "{\n  \"list\": [1, 2]\n}",
        #"{"x": [1, 2.5, "s"], "y": null}"#, #"  {"y": null,"x":[1,2.5,"s"]}"#,
        #"{"b": [1, 2.5, true, null], "a": {"x": "y"}, "e": [], "o": {}}"#,
        #"{"k":[{"a":"\u00e9\n","b":-0.5,"c":[[],{}]},9223372036854775807,false]}"#,
        "1e-05", "123456789.125", "-2.5e+20", "5e-324",
        " \t\r\n[ \t\r\n1 \t\r\n, \t\r\n{ \"a\" \t\r\n: \t\r\n2 } ] \n",
        #"{"":1, "\u0000": 2, "a\"b": [""]}"#,
    ]

    @Test(arguments: validInputs)
    func acceptsWhatTheParserAccepts(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard case .success = parserResult(bytes) else {
            Issue.record("the parser rejects a valid input")
            return
        }
        expectParity(bytes)
    }

    @Test func byteOrderMarkIsSkipped() {
        expectParity([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        expectParity([0xEF, 0xBB, 0xBF])
        expectParity([0xEF, 0xBB] + Array("[1]".utf8))
    }

    @Test(arguments: JSONParserErrorTests.cases)
    func rejectsWhatTheParserRejects(_ testCase: JSONParserErrorTests.Case) {
        expectParity(testCase.input, options: testCase.options)
    }

    @Test func duplicateKeyPolicies() throws {
        let text = #"{"a": 1, "b": 2, "a": 3}"#
        for policy in [JSONParserOptions.DuplicateKeyPolicy.reject, .keepFirst, .keepLast] {
            expectParity(Array(text.utf8), options: JSONParserOptions(duplicateKeys: policy))
        }
        // With .keepFirst and .keepLast every member is reported, in source order.
        let keys = try tokens(text, options: JSONParserOptions(duplicateKeys: .keepLast))
            .filter { $0.token == .key }.map(\.text)
        #expect(keys == ["a", "b", "a"])
    }

    static let duplicateKeyInputs: [String] = {
        func members(_ count: Int, prefix: String = "k") -> String {
            (0..<count).map { "\"\(prefix)\($0)\": \($0)" }.joined(separator: ",")
        }
        let forty = members(40)
        return [
            #"{"a": 1, "\u0061": 2}"#,
            #"{"é": 1, "e\u0301": 2}"#,
            "{\"é\": 1, \"e\u{301}\": 2}",
            "{\"K\": 1, \"\u{212A}\": 2}",
            "{\"\u{212A}\": 1, \"K\": 2}",
            #"{"": 1, "b": 2, "": 3}"#,
            #"{"K": 1, "\u212A": 2}"#,
            #"{"ab": 1, "a\u0062": 2, "c": 3}"#,
            #"{"ab": 1, "abc": 2, "\uD83D\uDE00": 3, "😀": 4}"#,
            #"{"a": {"a": {"a": 1}, "b": 2}, "b": {"a": 1, "a": 2}}"#,
            #"{"a": 1, "b": {"a": 2}, "a": 3}"#,
            "{" + forty + ", \"k3\": 0}",
            "{" + forty + ", \"k\\u0033\": 0}",
            "{" + forty + ", \"k40\": {\"k1\": 1, \"k1\": 2}}",
            "{" + forty + ", \"k40\": {\"k1\": 1, \"k2\": 2}, \"k41\": 0}",
            "{" + members(40, prefix: "é") + ", \"e\u{301}39\": 0}",
            "[" + String(repeating: "{" + members(20) + "},", count: 3) + "{}]",
        ]
    }()

    @Test(arguments: duplicateKeyInputs)
    func duplicateKeysAreFoundAsTheParserFindsThem(_ text: String) {
        for policy in [JSONParserOptions.DuplicateKeyPolicy.reject, .keepFirst, .keepLast] {
            expectParity(Array(text.utf8), options: JSONParserOptions(duplicateKeys: policy))
        }
    }

    @Test func depthLimitIsHitWhereTheParserHitsIt() {
        for depth in 0...4 {
            let options = JSONParserOptions(maxDepth: depth)
            for text in ["[[[1]]]", "[[{\"a\": []}]]", "{\"a\": [[]]}", "1", "[]", "[[], [[]]]"] {
                expectParity(Array(text.utf8), options: options)
            }
        }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        expectParity(Array(deep.utf8))
        let deepAllowed = String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000)
        expectParity(Array(deepAllowed.utf8), options: JSONParserOptions(maxDepth: 2000))
    }

    @Test func stringLengthLimitIsHitWhereTheParserHitsIt() {
        let contents = ["", "a", "ab", "abcd", "abcde", "abcdef", "abcdefghijklmnop", "abcdefghijklmnopq", "a\u{01}b", #"a\n"#, #"abc\n"#, #"\u00e9"#,
                        #"ab\u00e9"#, #"\uD83D\uDE00"#, "éé", "ééé", "a😀", #"abc\"#]
        for limit in [0, 1, 4, 5, 6, 12] {
            let options = JSONParserOptions(maxStringBytes: limit)
            for content in contents {
                expectParity(Array("[\"\(content)\"]".utf8), options: options)
                expectParity(Array("\"\(content)\"".utf8), options: options)
                expectParity(Array("{\"\(content)\": 1}".utf8), options: options)
            }
        }
    }

    @Test func documentSizeLimitIsHitWhereTheParserHitsIt() {
        for limit in [0, 2, 3, 4] {
            expectParity(Array("[1]".utf8), options: JSONParserOptions(maxDocumentBytes: limit))
        }
    }

    /// Mutations of seed documents, from a fixed seed: the reader accepts exactly what the
    /// parser accepts, rebuilds the parser's tree, and reports failures within the input.
    @Test func fuzzedDocumentsAgreeWithTheParser() {
        let seeds: [String] = [
            #"{"id_str": "p1", "text": "caf\u00e9 \"q\" \\ \/ \b\f\n\r\t \uD83D\uDE00 ok", "n": [0, -0, 9223372036854775807, -9223372036854775808, 9223372036854775808, 1.5e300, -2.5E-3, 1e22, 123456789012345678901234567890], "ok": true, "no": false, "nil": null}"#,
            "[{\"é\": \"世界 🎉 ü\", \"nested\": [[[{\"a\": {\"b\": [1, {\"c\": \"d\"}]}}]]], \"e\": {}}, [], \"\\u20AC\", -0.0, 4.9e-324]",
            "{\n  \"users\": [\n    {\"name\": \"User 1\", \"tags\": [\"a\", \"b\"], \"score\": 12.75},\n    {\"name\": \"Us\\u0065r 2\", \"tags\": [], \"score\": -3}\n  ],\n  \"count\": 2\n}",
            #"[1,2,3,"x",{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k18":18}]"#,
        ]
        let alphabet: [UInt8] = Array("{}[],:\"\\ \n0123456789-+.eEutrfalsn/bx'".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]
        var random = SeededGenerator(seed: 0x5EED_0F_2026)
        var accepted = 0
        var total = 0
        for round in 0..<6_000 {
            var bytes = Array(seeds[round % seeds.count].utf8)
            for _ in 0...random.below(3) {
                let position = random.below(bytes.count + 1)
                switch random.below(10) {
                case 0...2:  // flip a byte
                    if position < bytes.count { bytes[position] = alphabet[random.below(alphabet.count)] }
                case 3: if position < bytes.count { bytes[position] ^= UInt8(1 << random.below(8)) }
                case 4...5: if position < bytes.count { bytes.remove(at: position) }
                case 6...7: bytes.insert(alphabet[random.below(alphabet.count)], at: position)
                case 8: bytes.removeSubrange(position...)
                default:  // repeat a slice, which often repeats keys and nests deeper
                    let length = min(random.below(12), bytes.count - position)
                    bytes.insert(contentsOf: bytes[position..<(position + length)], at: position)
                }
            }
            let options: JSONParserOptions = switch round % 8 {
            case 5: JSONParserOptions(maxDepth: 3)
            case 6: JSONParserOptions(maxStringBytes: 12)
            case 7: JSONParserOptions(duplicateKeys: round % 16 == 7 ? .keepFirst : .keepLast)
            default: JSONParserOptions()
            }
            // The parser checks a string's UTF-8 only once it finds the closing quote, so where a
            // string is both malformed and too long the two may stop at different bytes.
            if expectParity(bytes, options: options, limitOffsets: round % 8 != 6) { accepted += 1 }
            total += 1
        }
        #expect(total >= 5_000)
        // Enough mutants stay valid for the tree comparison to mean something.
        #expect(accepted > 400)
    }

    // MARK: Values

    @Test func stringsDecodeAndCompare() throws {
        let text = #"["plain", "caf\u00e9", "é", "\uD83D\uDE00", "a\"b\\c", "", "\u0000"]"#
        let expected = ["plain", "café", "é", "😀", "a\"b\\c", "", "\u{0}"]
        let strings = try tokens(text).filter { $0.token == .string }
        #expect(strings.map(\.text) == expected)
        let everyStringEqualsItself = strings.allSatisfy(\.equalsItself)
        #expect(everyStringEqualsItself)
        try Array(text.utf8).withUnsafeBufferPointer { buffer throws in
            var reader = JSONStreamReader(buffer)
            #expect(try reader.next() == .beginArray)
            #expect(try reader.next() == .string)
            let plain = ["plain", "plai", "plains"].map { reader.lastStringEquals($0) }
            #expect(plain == [true, false, false])
            #expect(try reader.next() == .string)
            // Bytes, not canonical equivalence: "cafe\u{301}" is another string.
            let decoded = ["café", "cafe", "caf", "café!", "cafe\u{301}"].map { reader.lastStringEquals($0) }
            #expect(decoded == [true, false, false, false, false])
        }
    }

    @Test(arguments: [
        ("9223372036854775807", JSONValue.Kind.integer(Int64.max)),
        ("-9223372036854775808", .integer(Int64.min)),
        ("9223372036854775808", .double(9223372036854775808.0)),
        ("-0", .integer(0)),
        ("-0.0", .double(-0.0)),
        ("9007199254740993", .integer(9007199254740993)),
        ("9007199254740993.0", .double(9007199254740992.0)),
        ("0.30000000000000004", .double(0.30000000000000004)),
        ("1e22", .double(1e22)),
        ("1e23", .double(1e23)),
    ])
    func numbersAreClassifiedAsByTheParser(text: String, expected: JSONValue.Kind) throws {
        let number = try #require(try tokens("[\(text)]").first { $0.token == .number })
        #expect(number.number == expected)
    }

    @Test func tokensAndOffsets() throws {
        let text = "{\"a\": [1, true, null], \"b\": \"x\"} "
        let read = try tokens(text)
        #expect(read.map(\.token) == [.beginObject, .key, .beginArray, .number, .bool(true), .null, .endArray,
                                      .key, .string, .endObject, .endOfDocument])
        #expect(read.map(\.offset) == [0, 1, 6, 7, 10, 16, 20, 23, 28, 31, 33])
        #expect(read.map(\.depth) == [1, 1, 2, 2, 2, 2, 1, 1, 1, 0, 0])
    }

    @Test func errorsAreStickyAndWithinTheInput() throws {
        let bytes = Array("[1, 2".utf8)
        try bytes.withUnsafeBufferPointer { buffer throws in
            var reader = JSONStreamReader(buffer)
            #expect(try reader.next() == .beginArray)
            #expect(try reader.next() == .number)
            #expect(try reader.next() == .number)
            #expect(throws: JSONStreamError(offset: 5)) { try reader.next() }
            #expect(throws: JSONStreamError(offset: 5)) { try reader.next() }
            #expect(throws: JSONStreamError(offset: 5)) { try reader.skipValue() }
        }
    }

    // MARK: Skipping

    @Test func skipValueWhereAKeyComesNextSkipsTheWholeMember() throws {
        try Array(#"{"a": {"b": 1}, "c": 2}"#.utf8).withUnsafeBufferPointer { buffer throws in
            var reader = JSONStreamReader(buffer)
            #expect(try reader.next() == .beginObject)
            #expect(try reader.skipValue())
            #expect(try reader.next() == .key)
            #expect(reader.stringValue == "c")
            #expect(try reader.next() == .number)
            #expect(try !reader.skipValue(), "the object ends: its } is read")
            #expect(try reader.next() == .endOfDocument)
        }
    }

    @Test func skipValueSkipsNestedValuesWhole() throws {
        let text = #"{"a": {"b": [1, {"c": "d"}], "e": "x"}, "f": 2, "g": [[1, 2], {"x": 1}, 3], "h": "s"}"#
        try Array(text.utf8).withUnsafeBufferPointer { buffer throws in
            var reader = JSONStreamReader(buffer)
            #expect(try reader.next() == .beginObject)
            #expect(try reader.next() == .key)
            #expect(try reader.skipValue())
            #expect(try reader.next() == .key)
            #expect(reader.stringValue == "f")
            #expect(try reader.skipValue())
            #expect(try reader.next() == .key)
            #expect(try reader.next() == .beginArray)
            #expect(try reader.skipValue())
            #expect(try reader.skipValue())
            #expect(try reader.skipValue())
            #expect(try !reader.skipValue())
            #expect(try reader.next() == .endArray)
            #expect(try reader.next() == .key)
            let isH = reader.lastStringEquals("h")
            #expect(isH)
            #expect(try reader.skipValue())
            #expect(try reader.next() == .endObject)
            #expect(try !reader.skipValue())
            #expect(try reader.next() == .endOfDocument)
        }
        try Array("[]".utf8).withUnsafeBufferPointer { buffer throws in
            var reader = JSONStreamReader(buffer)
            #expect(try reader.next() == .beginArray)
            #expect(try !reader.skipValue())
            #expect(try reader.next() == .endArray)
        }
    }

    @Test(arguments: [
        (#"{"a": 1} "#, true), (#"{"a": 1} x"#, false), (#"{"a": [1, 01]}"#, false), (#"{"a": {"k": 1, "k": 2}}"#, false),
        (#"[{"a": "\uD800"}]"#, false), (#"[1, [2, [3, "\u00e9"]]]"#, true), (#"[1, [2, [3, 1e999]]]"#, false),
        ("[[[[1]]]]", true), ("[[[[[1]]]]]", false), (#"["abcdefghijklmnop"]"#, false), ("", false),
    ])
    func skippingTheRootValidatesItAsTheParserDoes(text: String, valid: Bool) throws {
        let options = JSONParserOptions(maxDepth: 4, maxStringBytes: 12)
        #expect(parserResult(Array(text.utf8), options: options).isSuccess == valid)
        let skipped = Array(text.utf8).withUnsafeBufferPointer { buffer -> Bool in
            var reader = JSONStreamReader(buffer, options: options)
            do {
                #expect(try reader.skipValue())
                return try reader.next() == .endOfDocument
            } catch {
                return false
            }
        }
        #expect(skipped == valid)
    }

    @Test func skippingMembersAgreesWithTheParserOnFuzzedInput() {
        let seed = #"{"a": {"b": [1, {"c": "d\u00e9"}], "e": "x"}, "f": 2, "g": [[1, 2], {"x": 1, "y": [true]}, 3], "h": "s"}"#
        var random = SeededGenerator(seed: 42)
        for _ in 0..<1_000 {
            var bytes = Array(seed.utf8)
            let position = random.below(bytes.count)
            let replacements = Array("{}[],:\"\\ 1x".utf8)
            bytes[position] = replacements[random.below(replacements.count)]
            let parsed = parserResult(bytes)
            let skipped = bytes.withUnsafeBufferPointer { buffer -> Bool in
                var reader = JSONStreamReader(buffer)
                do throws(JSONStreamError) {
                    var count = 0
                    while true {
                        switch try reader.next() {
                        case .key:
                            count += 1
                            if count % 2 == 1 { try reader.skipValue() }
                        case .beginArray:
                            try reader.skipValue()
                        case .endOfDocument:
                            return true
                        default:
                            break
                        }
                    }
                } catch {
                    #expect(error.offset <= bytes.count)
                    return false
                }
            }
            #expect(skipped == parsed.isSuccess, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }
}

// MARK: - Helpers

/// Parses with the parser and with the reader, and checks that they agree: both accept and
/// the reader's tokens rebuild the parser's tree, or both reject and the reader's offset is
/// within the input. Returns whether the input was accepted.
@discardableResult
private func expectParity(
    _ bytes: [UInt8], options: JSONParserOptions = JSONParserOptions(), limitOffsets: Bool = true,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Bool {
    let parsed = parserResult(bytes, options: options)
    let read = readerResult(bytes, options: options)
    let text = String(decoding: bytes.prefix(200), as: UTF8.self)
    switch (parsed, read) {
    case (.success(let tree), .success(let rebuilt)):
        #expect(rebuilt == tree, "\(text)", sourceLocation: sourceLocation)
        #expect(rebuilt.serialized() == tree.serialized(), "\(text)", sourceLocation: sourceLocation)
        return true
    case (.failure(let parseError), .failure(let readError)):
        #expect(readError.offset <= bytes.count, "\(text)", sourceLocation: sourceLocation)
        // Limits are reported where the parser reports them.
        if limitOffsets, [.depthLimitExceeded, .stringTooLong, .documentTooLarge, .duplicateKey].contains(parseError.code) {
            #expect(readError.offset == parseError.location.offset, "\(text)", sourceLocation: sourceLocation)
        }
    case (.success, .failure(let readError)):
        Issue.record("the parser accepts, the reader rejects at \(readError.offset): \(text)", sourceLocation: sourceLocation)
    case (.failure(let parseError), .success):
        Issue.record("the reader accepts, the parser rejects (\(parseError)): \(text)", sourceLocation: sourceLocation)
    }
    return false
}

private func parserResult(_ bytes: [UInt8], options: JSONParserOptions = JSONParserOptions()) -> Result<JSONValue, JSONParseError> {
    Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(bytes, options: options).root }
}

/// The value the reader's tokens describe, built without recursion and with the options'
/// duplicate-key policy applied as the parser applies it.
private func readerResult(_ bytes: [UInt8], options: JSONParserOptions) -> Result<JSONValue, JSONStreamError> {
    enum Open {
        case array([JSONValue])
        case object(JSONObject, key: String)
    }
    return bytes.withUnsafeBufferPointer { buffer in
        var reader = JSONStreamReader(buffer, options: options)
        var stack: [Open] = []
        var root: JSONValue?
        do throws(JSONStreamError) {
            while true {
                var value: JSONValue
                let token = try reader.next()
                switch token {
                case .beginObject:
                    stack.append(.object(JSONObject(), key: ""))
                    continue
                case .beginArray:
                    stack.append(.array([]))
                    continue
                case .key:
                    guard case .object(let object, _) = stack.removeLast() else { preconditionFailure("key outside an object") }
                    let equalsItself = reader.lastStringEquals(reader.stringValue)
                    #expect(equalsItself)
                    stack.append(.object(object, key: reader.stringValue))
                    continue
                case .endObject:
                    guard case .object(let object, _) = stack.removeLast() else { preconditionFailure("unbalanced") }
                    value = JSONValue(.object(object))
                case .endArray:
                    guard case .array(let elements) = stack.removeLast() else { preconditionFailure("unbalanced") }
                    value = JSONValue(.array(elements))
                case .string:
                    let equalsItself = reader.lastStringEquals(reader.stringValue)
                    #expect(equalsItself)
                    value = JSONValue(.string(reader.stringValue))
                case .number: value = JSONValue(reader.numberValue)
                case .bool(let flag): value = JSONValue(.bool(flag))
                case .null: value = JSONValue(.null)
                case .endOfDocument:
                    #expect(stack.isEmpty && reader.depth == 0)
                    #expect(try reader.next() == .endOfDocument)
                    return .success(root!)
                }
                #expect(reader.depth == stack.count)
                switch stack.popLast() {
                case nil: root = value
                case .array(var elements)?:
                    elements.append(value)
                    stack.append(.array(elements))
                case .object(var object, let key)?:
                    if object[key] == nil || options.duplicateKeys != .keepFirst {
                        object[key] = value
                    }
                    stack.append(.object(object, key: key))
                }
            }
        } catch {
            return .failure(error)
        }
    }
}

private struct ReadToken {
    let token: JSONStreamReader.Token
    let offset: Int
    let depth: Int
    let text: String
    let equalsItself: Bool
    let number: JSONValue.Kind?
}

private func tokens(_ text: String, options: JSONParserOptions = JSONParserOptions()) throws -> [ReadToken] {
    try Array(text.utf8).withUnsafeBufferPointer { buffer throws in
        var reader = JSONStreamReader(buffer, options: options)
        var read: [ReadToken] = []
        while true {
            let token = try reader.next()
            let isText = token == .key || token == .string
            read.append(ReadToken(token: token, offset: reader.tokenOffset, depth: reader.depth,
                                  text: isText ? reader.stringValue : "",
                                  equalsItself: isText && reader.lastStringEquals(reader.stringValue),
                                  number: token == .number ? reader.numberValue : nil))
            if token == .endOfDocument { return read }
        }
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
