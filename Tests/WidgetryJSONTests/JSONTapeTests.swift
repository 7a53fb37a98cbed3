import Testing
import WidgetryJSON

/// A tape must accept exactly what the parser accepts and describe exactly the parser's tree.
@Suite("JSON tape")
struct JSONTapeTests {
    @Test(arguments: JSONStreamReaderTests.validInputs)
    func describesTheParsersTree(_ text: String) throws {
        let bytes = Array(text.utf8)
        let parsed = try JSONParser.parse(bytes).root
        let tape = try JSONTape(bytes)
        let rebuilt = value(tape, tape.root)
        #expect(rebuilt == parsed)
        #expect(keyOrder(rebuilt) == keyOrder(parsed))
    }

    @Test(arguments: JSONParserErrorTests.cases)
    func refusesWhatTheParserRefuses(_ testCase: JSONParserErrorTests.Case) {
        let parses = (try? JSONParser.parse(testCase.input, options: testCase.options)) != nil
        let tapes = (try? JSONTape(testCase.input, options: testCase.options)) != nil
        #expect(parses == tapes)
    }

    @Test func containersKnowTheirSizeAndEnd() throws {
        let tape = try JSONTape(Array(#"{"a": [1, [2, 3], {"b": null}], "c": "d"}"#.utf8))
        #expect(tape.kind(of: tape.root) == .object)
        #expect(tape.count(of: tape.root) == 2)
        let array = try #require(tape.member("a", of: tape.root))
        #expect(tape.kind(of: array) == .array)
        #expect(tape.count(of: array) == 3)
        let c = try #require(tape.member("c", of: tape.root))
        #expect(tape.after(array) == c - 1, "after the array comes the key \"c\"")
        #expect(tape.stringMember("c", of: tape.root) == "d")
        #expect(tape.stringMember("a", of: tape.root) == nil, "not a string")
        #expect(tape.member("a", of: array) == nil, "not an object")
    }

    @Test func stringsKeepTheirBytesAndDecodeOnDemand() throws {
        let tape = try JSONTape(Array(#"["plain", "é", "tab\there", "\u00e9"]"#.utf8))
        let items = children(tape, tape.root)
        #expect(tape.stringIsPlain(at: items[0]) && tape.stringIsVerbatim(at: items[0]))
        #expect(!tape.stringIsPlain(at: items[1]) && tape.stringIsVerbatim(at: items[1]))
        #expect(!tape.stringIsVerbatim(at: items[2]))
        #expect(tape.string(at: items[2]) == "tab\there")
        // Code points, not canonical equivalence: "é" precomposed is not "e" + U+0301.
        #expect(tape.string(at: items[3], hasScalarsOf: "\u{E9}"))
        #expect(!tape.string(at: items[3], hasScalarsOf: "e\u{301}"))
        #expect(tape.string(at: items[1], hasScalarsOf: "é"))
    }

    @Test func keysCompareAsSwiftStrings() throws {
        // The Kelvin sign is canonically equivalent to "K", as the parser's objects compare keys.
        let tape = try JSONTape(Array("{\"\u{212A}\": 1, \"e\u{301}\": 2}".utf8))
        #expect(tape.member("K", of: tape.root) != nil)
        #expect(tape.member("\u{E9}", of: tape.root) != nil)
        #expect(tape.member("k", of: tape.root) == nil)
    }

    @Test func numbersAreReadAsTheParserReadsThem() throws {
        let tape = try JSONTape(Array("[-9223372036854775808, 1.5, 9223372036854775808]".utf8))
        let items = children(tape, tape.root)
        #expect(tape.number(at: items[0]) == .integer(.min))
        #expect(tape.number(at: items[1]) == .double(1.5))
        #expect(tape.number(at: items[2]) == .double(9223372036854775808))
        #expect(tape.number(at: tape.root) == nil)
    }

    // MARK: Helpers

    private func children(_ tape: JSONTape, _ index: JSONTape.Index) -> [JSONTape.Index] {
        var child = tape.firstChild(of: index)
        var result: [JSONTape.Index] = []
        for _ in 0..<tape.count(of: index) {
            result.append(child)
            child = tape.after(child)
        }
        return result
    }

    /// The value at `index`, rebuilt as the parser would have built it (without locations).
    private func value(_ tape: JSONTape, _ index: JSONTape.Index) -> JSONValue {
        switch tape.kind(of: index) {
        case .null: return JSONValue(.null)
        case .true: return JSONValue(.bool(true))
        case .false: return JSONValue(.bool(false))
        case .integer, .double: return JSONValue(tape.number(at: index)!)
        case .string, .key: return JSONValue(.string(tape.string(at: index)))
        case .array: return JSONValue(.array(children(tape, index).map { value(tape, $0) }))
        case .object:
            var object = JSONObject()
            var key = tape.firstChild(of: index)
            for _ in 0..<tape.count(of: index) {
                object[tape.string(at: key)] = value(tape, key + 1)
                key = tape.after(key + 1)
            }
            return JSONValue(.object(object))
        }
    }

    /// Every object's keys in document order, depth first (the tree's `==` ignores order).
    private func keyOrder(_ value: JSONValue) -> [String] {
        switch value.kind {
        case .object(let object): object.members.flatMap { [$0.key] + keyOrder($0.value) }
        case .array(let items): items.flatMap(keyOrder)
        default: []
        }
    }
}
