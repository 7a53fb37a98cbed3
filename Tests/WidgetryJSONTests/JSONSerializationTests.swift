import Testing
import WidgetryJSON

@Suite("JSON writing")
struct JSONSerializationTests {
    @Test func compactAndPretty() throws {
        let value = try JSONParser.parse(#"{"b": [1, 2.5, true, null], "a": {"x": "y"}, "e": [], "o": {}}"#).root
        #expect(value.serialized() == #"{"b":[1,2.5,true,null],"a":{"x":"y"},"e":[],"o":{}}"#)
        #expect(value.serialized(.canonical) == """
            {
              "a": {
                "x": "y"
              },
              "b": [
                1,
                2.5,
                true,
                null
              ],
              "e": [],
              "o": {}
            }
            """)
    }

    @Test func stringsAreEscaped() {
        let value: JSONValue = "q\" b\\ n\n t\t c\u{01} é 😀"
        #expect(value.serialized() == #""q\" b\\ n\n t\t c\u0001 é 😀""#)
    }

    @Test(arguments: ["0.1", "1e-05", "123456789.125", "-2.5e+20", "5e-324"])
    func doublesRoundTrip(text: String) throws {
        let value = try JSONParser.parse(text).root
        let again = try JSONParser.parse(value.serialized()).root
        #expect(again == value)
    }

    @Test func parseWriteParseIsStable() throws {
        let text = #"{"k":[{"a":"\u00e9\n","b":-0.5,"c":[[],{}]},9223372036854775807,false]}"#
        let once = try JSONParser.parse(text).root.serialized()
        let twice = try JSONParser.parse(once).root.serialized()
        #expect(once == twice)
    }
}

@Suite("JSON editing")
struct JSONEditingTests {
    @Test func settingMembersAddsReplacesAndRemoves() {
        var value: JSONValue = ["a": 1]
        value["b"] = "x"
        value["a"] = 2
        #expect(value.serialized() == #"{"a":2,"b":"x"}"#)
        value["a"] = nil
        #expect(value.serialized() == #"{"b":"x"}"#)
        var array: JSONValue = [1]
        array["a"] = 1
        #expect(array.serialized() == "[1]")
    }
}
