import Testing
import WidgetryJSON

@Suite("JSON parser: values")
struct JSONParserValueTests {
    private func parse(_ text: String, options: JSONParserOptions = JSONParserOptions()) throws -> JSONValue {
        try JSONParser.parse(text, fileName: "t.json", options: options).root
    }

    @Test func scalars() throws {
        #expect(try parse("null").kind == .null)
        #expect(try parse("true").kind == .bool(true))
        #expect(try parse(" false ").kind == .bool(false))
        #expect(try parse("\"hi\"").kind == .string("hi"))
        #expect(try parse("0").kind == .integer(0))
        #expect(try parse("-0").kind == .integer(0))
        #expect(try parse("42").kind == .integer(42))
        #expect(try parse("-17").kind == .integer(-17))
        #expect(try parse("1.5").kind == .double(1.5))
        #expect(try parse("-0.0").kind == .double(-0.0))
        #expect(try parse("1e2").kind == .double(100))
        #expect(try parse("1E+2").kind == .double(100))
        #expect(try parse("25e-1").kind == .double(2.5))
    }

    @Test(arguments: [
        ("9223372036854775807", JSONValue.Kind.integer(Int64.max)),
        ("-9223372036854775808", .integer(Int64.min)),
        ("9223372036854775808", .double(9223372036854775808.0)),
        ("-9223372036854775809", .double(-9223372036854775809.0)),
        ("18446744073709551616", .double(18446744073709551616.0)),
        ("0.1", .double(0.1)),
        ("2.2250738585072014e-308", .double(2.2250738585072014e-308)),
        ("4.9e-324", .double(Double.leastNonzeroMagnitude)),
        ("1.7976931348623157e308", .double(1.7976931348623157e308)),
        ("1e-400", .double(0)),
        ("123456789012345678901234567890", .double(123456789012345678901234567890.0)),
        ("0.30000000000000004", .double(0.30000000000000004)),
        ("3.141592653589793238462643383279", .double(3.141592653589793)),
        ("1.00000000000000000000000001", .double(1.0)),
        ("9007199254740993", .integer(9007199254740993)),
        ("9007199254740993.0", .double(9007199254740992.0)),
    ])
    func numbersAtTheEdges(text: String, expected: JSONValue.Kind) throws {
        #expect(try parse(text).kind == expected)
    }

    @Test func everyEscape() throws {
        let value = try parse(#""\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u20AC \uD83D\uDE00 \u0000""#)
        #expect(value.stringValue == "\" \\ / \u{08} \u{0C} \n \r \t A é € 😀 \u{0}")
    }

    @Test func rawUnicodeIsKept() throws {
        #expect(try parse("\"héllo 世界 🎉\"").stringValue == "héllo 世界 🎉")
    }

    @Test func objectsKeepDocumentOrder() throws {
        let value = try parse(#"{"z": 1, "a": 2, "m": {"y": [], "b": {}}}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
        #expect(value["m"]?.objectValue?.keys == ["y", "b"])
        #expect(value["m"]?["y"]?.arrayValue?.isEmpty == true)
    }

    @Test func largeObjectsLookUpThroughTheIndex() throws {
        let members = (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        let value = try parse("{\(members)}")
        #expect(value["k0"]?.integerValue == 0)
        #expect(value["k99"]?.integerValue == 99)
        #expect(value["k100"] == nil)
        #expect(value.objectValue?.keys.last == "k99")
    }

    @Test func locationsAndPointers() throws {
        let text = """
            {
              "a": [10, {"b c": "x"}],
              "é": "ü", "n": null
            }
            """
        let root = try parse(text)
        #expect(root.location == SourceLocation(offset: 0, line: 1, column: 1))
        let array = try #require(root["a"])
        #expect(array.location?.line == 2)
        #expect(array.location?.column == 8)
        #expect(array.pointer.description == "/a")
        let ten = try #require(array[0])
        #expect(ten.location?.column == 9)
        #expect(ten.pointer.description == "/a/0")
        let inner = try #require(array[1]?["b c"])
        #expect(inner.pointer.description == "/a/1/b c")
        #expect(inner.location?.column == 21)
        // Columns count scalars: "é" is two bytes but one column.
        let umlaut = try #require(root["é"])
        #expect(umlaut.location?.line == 3)
        #expect(umlaut.location?.column == 8)
        let null = try #require(root["n"])
        #expect(null.location?.column == 18)
        #expect(root.objectValue?.member("n")?.keyLocation?.column == 13)
    }

    @Test func pointerEscapingRoundTrips() throws {
        let root = try parse(#"{"a/b": {"m~n": 1}}"#)
        let value = try #require(root["a/b"]?["m~n"])
        #expect(value.pointer.description == "/a~1b/m~0n")
        let parsed = try #require(JSONPointer(parsing: "/a~1b/m~0n"))
        #expect(parsed == value.pointer)
        #expect(root.value(at: parsed)?.integerValue == 1)
        #expect(JSONPointer(parsing: "a") == nil)
        #expect(JSONPointer(parsing: "/~2") == nil)
        #expect(JSONPointer(parsing: "")! == .root)
    }

    @Test func documentFindsLocationsByPointer() throws {
        let document = try JSONParser.parse("{\n  \"list\": [1, 2]\n}", fileName: "d.json")
        #expect(document.location(of: JSONPointer(parsing: "/list/1")!)?.column == 15)
        // A missing step is reported at its nearest existing ancestor.
        #expect(document.location(of: JSONPointer(parsing: "/list/9/x")!)?.column == 11)
        #expect(document.keyLocation(of: JSONPointer(parsing: "/list")!)?.column == 3)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let document = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        #expect(document.root.arrayValue?.count == 1)
        #expect(document.root.location?.column == 1)
    }

    /// A container starts with room for as many values as the last one at its depth held; one
    /// that needs far less is trimmed, so a small container after a large one holds little.
    @Test func aSmallContainerAfterALargeOneIsTrimmedToItsSize() throws {
        let large = (0..<1000).map(String.init).joined(separator: ",")
        let members = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        let root = try parse("[[\(large)], [7], {\"o\": {\(members)}}, {\"o\": {\"k0\": 1}}]")
        let arrays = try #require(root.arrayValue)
        #expect(arrays[0].arrayValue?.count == 1000)
        let small = try #require(arrays[1].arrayValue)
        #expect(small.map(\.integerValue) == [7])
        #expect(small.capacity <= 2 * small.count + 4, "capacity \(small.capacity)")
        #expect(arrays[2]["o"]?.objectValue?.count == 40)
        let object = try #require(arrays[3]["o"]?.objectValue)
        #expect(object.keys == ["k0"])
        #expect(object.members.capacity <= 2 * object.count + 4, "capacity \(object.members.capacity)")
    }

    @Test func duplicateKeyPolicies() throws {
        let text = #"{"a": 1, "b": 2, "a": 3}"#
        let first = try parse(text, options: JSONParserOptions(duplicateKeys: .keepFirst))
        #expect(first["a"]?.integerValue == 1)
        let last = try parse(text, options: JSONParserOptions(duplicateKeys: .keepLast))
        #expect(last["a"]?.integerValue == 3)
        #expect(last.objectValue?.keys == ["a", "b"])
    }

    @Test func deepNestingWithinTheLimitParses() throws {
        let depth = 2000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try parse(text, options: JSONParserOptions(maxDepth: depth))
        var levels = 1
        while let inner = value[0] {
            value = inner
            levels += 1
        }
        #expect(levels == depth)
    }

    @Test func equalityIgnoresLocationsAndMemberOrder() throws {
        let a = try parse(#"{"x": [1, 2.5, "s"], "y": null}"#)
        let b = try parse(#"  {"y": null,"x":[1,2.5,"s"]}"#)
        #expect(a == b)
        let c: JSONValue = ["x": [1, 2.5, "s"], "y": nil]
        #expect(a == c)
        #expect(try parse("1") != parse("1.0"))
    }
}
