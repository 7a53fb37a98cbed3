import Testing
import WidgetryJSON
import WidgetrySchema

/// The tape check compares names on bytes where that is exact and as strings where it is not;
/// each case here must get the evaluator's answer, decided on the tape.
@Suite("Schema check on a tape")
struct TapeCheckTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var schema: String
        var instance: String
        var testDescription: String { "\(schema) ← \(instance)" }
    }

    static let cases: [Case] = [
        // Keys with escapes, and keys equal only up to canonical equivalence (the Kelvin sign and
        // "K", "é" precomposed and decomposed), as the parsed tree's objects compare them.
        ("{\"properties\": {\"a\": {\"type\": \"integer\"}}}", [#"{"a": 1}"#, #"{"a": "x"}"#, #"{"\u0061": "x"}"#, #"{"b": "x"}"#]),
        ("{\"properties\": {\"K\": {\"type\": \"integer\"}}}", ["{\"\u{212A}\": \"x\"}", "{\"\u{212A}\": 1}"]),
        ("{\"properties\": {\"\u{212A}\": {\"type\": \"integer\"}}}", [#"{"K": "x"}"#, #"{"K": 1}"#]),
        ("{\"properties\": {\"\u{E9}\": false}}", ["{\"e\u{301}\": 1}", "{\"e\": 1}"]),
        ("{\"required\": [\"K\", \"b\"]}", ["{\"\u{212A}\": 1, \"b\": 2}", #"{"K": 1}"#, #"{"\u004b": 1, "\u0062": 0}"#, "[]"]),
        ("{\"required\": [\"\u{E9}\"]}", ["{\"e\u{301}\": 1}", #"{"e": 1}"#]),
        ("{\"additionalProperties\": false, \"properties\": {\"a\": true}, \"patternProperties\": {\"^x-\": true}}",
         [#"{"a": 1, "x-1": 2}"#, #"{"b": 1}"#, #"{"\u0078-y": 1}"#, #"{"é": 1}"#, #"{"x-é": 1}"#, #"{"y-x-": 1}"#]),
        ("{\"patternProperties\": {\"end$\": {\"type\": \"string\"}, \"mid\": {\"minLength\": 2}, \"^\\\\*\\\\*\\\\*\": false}}",
         [#"{"the end": "s"}"#, #"{"the end": 1}"#, #"{"a mid b": "x"}"#, #"{"a mid b": "xy"}"#, #"{"***": 1}"#, #"{"\u002a**": 1}"#,
          #"{"é mid": "é"}"#]),
        ("{\"patternProperties\": {\"^[a-c]+$\": {\"type\": \"null\"}}}", [#"{"abc": null}"#, #"{"abc": 1}"#, #"{"abd": 1}"#]),
        ("{\"enum\": [\"on\", \"off\", \"\u{E9}\"]}", [#""on""#, #""\u006fn""#, #""o""#, "\"\u{E9}\"", "\"e\u{301}\"", "1", "null"]),
        ("{\"enum\": [1, \"1\", [1], {\"a\": 1.0}]}", ["1.0", #""1""#, "[1.0]", #"{"a": 1}"#, #"{"a": 2}"#, "2"]),
        ("{\"minLength\": 2, \"maxLength\": 3}", [#""é""#, #""éé""#, #""\u00e9\u00e9""#, #""😀😀😀😀""#, #""ab""#, "12"]),
        ("{\"type\": \"integer\", \"minimum\": 1, \"exclusiveMaximum\": 9007199254740993}",
         ["1.0", "0.5", "9007199254740992", "9007199254740993", "2.5"]),
        ("{\"items\": {\"oneOf\": [{\"type\": \"string\"}, {\"type\": \"integer\"}, {\"minimum\": 0}]}, \"minItems\": 1}",
         [#"["a", -1]"#, "[1]", "[]", "[null]"]),
        ("{\"$defs\": {\"n\": {\"type\": \"object\", \"additionalProperties\": {\"$ref\": \"#/$defs/n\"}}}, \"$ref\": \"#/$defs/n\"}",
         [#"{"a": {"b": {}}}"#, #"{"a": {"b": 1}}"#]),
    ].flatMap { schema, instances in instances.map { Case(schema: schema, instance: $0) } }

    @Test(arguments: cases)
    func decidesAsTheEvaluatorDoes(_ testCase: Case) throws {
        let schema = try SchemaTestSupport.schema(testCase.schema)
        let instance = try SchemaTestSupport.json(testCase.instance)
        let onTape = schema.isValid(try JSONTape(Array(testCase.instance.utf8)))
        #expect(onTape == (try schema.isValid(instance.root)))
    }

    @Test func leavesWhatItDoesNotDecideToTheEvaluator() throws {
        let unique = try SchemaTestSupport.schema(#"{"uniqueItems": true}"#)
        #expect(unique.isValid(try JSONTape(Array("[1, 2]".utf8))) == nil)
        let unevaluated = try SchemaTestSupport.schema(#"{"unevaluatedProperties": false}"#)
        #expect(unevaluated.isValid(try JSONTape(Array("{}".utf8))) == nil)
        let loop = try SchemaTestSupport.schema(##"{"$defs": {"a": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##)
        #expect(loop.isValid(try JSONTape(Array("1".utf8))) == nil)
        #expect(throws: SchemaError.self) { try loop.validate(JSONValue(.integer(1))) }
    }
}
