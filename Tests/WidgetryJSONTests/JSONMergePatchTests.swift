import Testing
import WidgetryJSON

/// RFC 7386's examples (appendix A), and locations kept.
struct JSONMergePatchTests {
    @Test(arguments: [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
        (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
        (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
        (#"{"a":"foo"}"#, "null", "null"),
        (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
        (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ])
    func theSpecificationsExamples(target: String, patch: String, expected: String) throws {
        let merged = try JSONParser.parse(target).root.merging(try JSONParser.parse(patch).root)
        #expect(merged == (try JSONParser.parse(expected).root))
    }

    @Test func keptValuesKeepTheirLocations() throws {
        let target = try JSONParser.parse("{\n  \"a\": 1,\n  \"b\": 2\n}").root
        let merged = target.merging(try JSONParser.parse(#"{"b": 3}"#).root)
        #expect(merged["a"]?.location?.line == 2)
        #expect(merged["b"]?.integerValue == 3)
    }
}
