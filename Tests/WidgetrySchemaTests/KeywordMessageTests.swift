import Testing
import WidgetrySchema

/// Each keyword's violation: its stable code, its words, where in the data and where in the
/// schema it is reported.
@Suite("Schema violations: codes and messages")
struct KeywordMessageTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var schema: String
        var instance: String
        var code: SchemaViolation.Code
        var message: String
        var instanceLocation = ""
        var keywordLocation: String

        var testDescription: String { code.rawValue + ": " + message }
    }

    static let cases: [Case] = [
        Case(schema: #"{"type": "string"}"#, instance: "3", code: .type, message: "expected a string, found an integer",
             keywordLocation: "/type"),
        Case(schema: #"{"type": ["object", "null"]}"#, instance: "[]", code: .type, message: "expected an object or null, found an array",
             keywordLocation: "/type"),
        Case(schema: #"{"type": ["string", "integer", "boolean"]}"#, instance: "1.5", code: .type,
             message: "expected a string, an integer or a boolean, found a number", keywordLocation: "/type"),
        Case(schema: #"{"enum": ["show", "present", "dismiss"]}"#, instance: #""foo""#, code: .enumeration,
             message: #""foo" is not one of "show", "present", "dismiss""#, keywordLocation: "/enum"),
        Case(schema: #"{"const": "show"}"#, instance: #""hide""#, code: .constant, message: #"expected "show", found "hide""#,
             keywordLocation: "/const"),
        Case(schema: #"{"multipleOf": 0.5}"#, instance: "1.25", code: .multipleOf, message: "1.25 is not a multiple of 0.5",
             keywordLocation: "/multipleOf"),
        Case(schema: #"{"minimum": 5}"#, instance: "3", code: .minimum, message: "3 is less than the minimum of 5", keywordLocation: "/minimum"),
        Case(schema: #"{"exclusiveMinimum": 5}"#, instance: "5", code: .exclusiveMinimum,
             message: "5 is not greater than the exclusive minimum of 5", keywordLocation: "/exclusiveMinimum"),
        Case(schema: #"{"maximum": 10}"#, instance: "10.5", code: .maximum, message: "10.5 is greater than the maximum of 10",
             keywordLocation: "/maximum"),
        Case(schema: #"{"exclusiveMaximum": 10}"#, instance: "10", code: .exclusiveMaximum,
             message: "10 is not less than the exclusive maximum of 10", keywordLocation: "/exclusiveMaximum"),
        Case(schema: #"{"minLength": 3}"#, instance: #""ab""#, code: .minLength, message: "expected at least 3 characters, found 2",
             keywordLocation: "/minLength"),
        Case(schema: #"{"maxLength": 1}"#, instance: #""👍🏽""#, code: .maxLength, message: "expected at most 1 character, found 2",
             keywordLocation: "/maxLength"),
        Case(schema: #"{"pattern": "^[a-z]+$"}"#, instance: #""Abc""#, code: .pattern, message: #""Abc" does not match the pattern ^[a-z]+$"#,
             keywordLocation: "/pattern"),
        Case(schema: #"{"minItems": 2}"#, instance: "[1]", code: .minItems, message: "expected at least 2 items, found 1", keywordLocation: "/minItems"),
        Case(schema: #"{"maxItems": 1}"#, instance: "[1, 2]", code: .maxItems, message: "expected at most 1 item, found 2", keywordLocation: "/maxItems"),
        Case(schema: #"{"uniqueItems": true}"#, instance: "[1, 2, 1.0]", code: .uniqueItems, message: "item 2 is equal to item 0; items must be unique",
             instanceLocation: "/2", keywordLocation: "/uniqueItems"),
        Case(schema: #"{"contains": {"type": "string"}}"#, instance: "[1, 2]", code: .contains, message: #"no item matches the "contains" schema"#,
             keywordLocation: "/contains"),
        Case(schema: #"{"contains": {"type": "string"}, "minContains": 2}"#, instance: #"["a", 2]"#, code: .minContains,
             message: #"expected at least 2 items matching the "contains" schema, found 1"#, keywordLocation: "/contains"),
        Case(schema: #"{"contains": {"type": "string"}, "maxContains": 1}"#, instance: #"["a", "b"]"#, code: .maxContains,
             message: #"expected at most 1 item matching the "contains" schema, found 2"#, keywordLocation: "/contains"),
        Case(schema: #"{"minProperties": 1}"#, instance: "{}", code: .minProperties, message: "expected at least 1 property, found 0",
             keywordLocation: "/minProperties"),
        Case(schema: #"{"maxProperties": 1}"#, instance: #"{"a": 1, "b": 2}"#, code: .maxProperties,
             message: "expected at most 1 property, found 2", keywordLocation: "/maxProperties"),
        Case(schema: #"{"required": ["id"]}"#, instance: #"{"name": "x"}"#, code: .required, message: #"missing required property "id""#,
             keywordLocation: "/required"),
        Case(schema: #"{"dependentRequired": {"card": ["billing"]}}"#, instance: #"{"card": 1}"#, code: .dependentRequired,
             message: #"missing property "billing", which is required when "card" is present"#, keywordLocation: "/dependentRequired"),
        Case(schema: #"{"properties": {"color": {}, "id": {}, "type": {}}, "additionalProperties": false}"#, instance: #"{"colour": 1}"#,
             code: .additionalProperty, message: #"property "colour" is not allowed here (allowed: color, id, type)"#,
             instanceLocation: "/colour", keywordLocation: "/additionalProperties"),
        Case(schema: #"{"additionalProperties": false}"#, instance: #"{"a": 1}"#, code: .additionalProperty,
             message: #"property "a" is not allowed here (no properties are allowed)"#, instanceLocation: "/a",
             keywordLocation: "/additionalProperties"),
        Case(schema: #"{"properties": {"a": {}}, "patternProperties": {"^x-": {}}, "additionalProperties": false}"#, instance: #"{"b": 1}"#,
             code: .additionalProperty, message: #"property "b" is not allowed here (allowed: a, names matching ^x-)"#,
             instanceLocation: "/b", keywordLocation: "/additionalProperties"),
        Case(schema: #"{"properties": {"a": false}}"#, instance: #"{"a": 1}"#, code: .falseSchema, message: #"property "a" is not allowed here"#,
             instanceLocation: "/a", keywordLocation: "/properties/a"),
        Case(schema: #"{"propertyNames": {"maxLength": 3}}"#, instance: #"{"long": 1}"#, code: .maxLength,
             message: #"property name "long": expected at most 3 characters, found 4"#, instanceLocation: "/long",
             keywordLocation: "/propertyNames/maxLength"),
        Case(schema: #"{"propertyNames": false}"#, instance: #"{"a": 1}"#, code: .propertyName,
             message: #"property "a" is not allowed here (no property names are allowed)"#, instanceLocation: "/a",
             keywordLocation: "/propertyNames"),
        Case(schema: #"{"prefixItems": [{}, {}], "items": false}"#, instance: "[1, 2, 3]", code: .additionalItem,
             message: "item 2 is not allowed here (at most 2 items)", instanceLocation: "/2", keywordLocation: "/items"),
        Case(schema: #"{"prefixItems": [{"type": "integer"}], "unevaluatedItems": false}"#, instance: "[1, 2]", code: .unevaluatedItem,
             message: "item 1 is not allowed here (no schema describes it)", instanceLocation: "/1", keywordLocation: "/unevaluatedItems"),
        Case(schema: #"{"allOf": [{"properties": {"id": {}}}], "properties": {"type": {}}, "unevaluatedProperties": false}"#,
             instance: #"{"id": 1, "kind": 2}"#, code: .unevaluatedProperty,
             message: #"property "kind" is not allowed here (allowed: id, type)"#, instanceLocation: "/kind",
             keywordLocation: "/unevaluatedProperties"),
        Case(schema: #"{"not": {"type": "null"}}"#, instance: "null", code: .not, message: #"the value must not match the "not" schema"#,
             keywordLocation: "/not"),
        Case(schema: "false", instance: "1", code: .falseSchema, message: "no value is allowed here (the schema is false)", keywordLocation: ""),
        Case(schema: ##"{"items": {"$ref": "#/$defs/positive"}, "$defs": {"positive": {"exclusiveMinimum": 0}}}"##, instance: "[1, -1]",
             code: .exclusiveMinimum, message: "-1 is not greater than the exclusive minimum of 0", instanceLocation: "/1",
             keywordLocation: "/items/$ref/exclusiveMinimum"),
        Case(schema: #"{"if": {"required": ["a"]}, "then": {"required": ["b"]}}"#, instance: #"{"a": 1}"#, code: .required,
             message: #"missing required property "b""#, keywordLocation: "/then/required"),
        Case(schema: #"{"oneOf": [{"type": "integer"}, {"minimum": 0}]}"#, instance: "3", code: .oneOfMultiple,
             message: "matches alternatives 1 and 2 of the 2 in oneOf; exactly one must match", keywordLocation: "/oneOf"),
    ]

    @Test(arguments: cases)
    func violation(_ example: Case) throws {
        let violations = try SchemaTestSupport.violations(example.schema, example.instance)
        #expect(violations.count == 1, "\(violations)")
        let violation = try #require(violations.first)
        #expect(violation.code == example.code)
        #expect(violation.message == example.message)
        #expect(violation.instanceLocation.description == example.instanceLocation)
        #expect(violation.keywordLocation.description == example.keywordLocation)
    }

    @Test func codesAreStableAndDistinct() {
        let raw = SchemaViolation.Code.allCases.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        #expect(raw.allSatisfy { $0.hasPrefix("schema.") })
        #expect(SchemaViolation.Code.additionalProperty.rawValue == "schema.additional-property")
        #expect(SchemaViolation.Code.enumeration.rawValue == "schema.enum")
    }

    @Test func notesSayWhyConditionalRulesApplied() throws {
        let thenViolation = try #require(try SchemaTestSupport.violations(
            #"{"if": {"required": ["a"]}, "then": {"required": ["b"]}}"#, #"{"a": 1}"#).first)
        #expect(thenViolation.notes == [#"applies because the "if" schema matched"#])

        let dependent = try #require(try SchemaTestSupport.violations(
            #"{"dependentSchemas": {"card": {"required": ["billing"]}}}"#, #"{"card": 1}"#).first)
        #expect(dependent.keywordLocation.description == "/dependentSchemas/card/required")
        #expect(dependent.notes == [#"applies because property "card" is present (dependentSchemas)"#])
    }

    @Test func absoluteKeywordLocationIsTheRulesOwnPlace() throws {
        let schema = #"{"$id": "https://example.com/root.json", "properties": {"a": {"$ref": "other.json#/$defs/n"}}}"#
        var registry = SchemaRegistry()
        try registry.register(try SchemaTestSupport.json(#"{"$defs": {"n": {"type": "number"}}}"#).root, uri: "https://example.com/other.json")
        let violation = try #require(try SchemaTestSupport.schema(schema, registry: registry).validate(try SchemaTestSupport.json(#"{"a": "x"}"#)).first)
        #expect(violation.keywordLocation.description == "/properties/a/$ref/type")
        #expect(violation.absoluteKeywordLocation == "https://example.com/other.json#/$defs/n/type")
    }
}
