import Testing
import WidgetryJSON
import WidgetrySchema

/// Violations are placed in the file the data came from (line, column, JSON Pointer), carry
/// hints, print as one readable block, and come in a stable order.
@Suite("Schema violations: located output")
struct LocatedOutputTests {
    static let schema = ##"""
        {
          "type": "object",
          "required": ["id", "views"],
          "properties": {
            "id": {"type": "string"},
            "views": {"type": "array", "items": {"$ref": "#/$defs/view"}}
          },
          "additionalProperties": false,
          "$defs": {
            "view": {
              "type": "object",
              "required": ["type"],
              "properties": {"type": {"enum": ["show", "present", "dismiss"]}, "color": {"type": "string"}},
              "additionalProperties": false
            }
          }
        }
        """##

    static let file = """
        {
          "views": [
            {"type": "show", "colour": "red"},
            {"type": "presnet"},
            {}
          ],
          "title": 3
        }
        """

    private func violations() throws -> [SchemaViolation] {
        let document = try JSONParser.parse(Self.file, fileName: "Screen.json")
        return try SchemaTestSupport.schema(Self.schema).validate(document)
    }

    @Test func everyViolationIsPlacedInTheFile() throws {
        let found = try violations()
        let placed = found.map { "\($0.file):\($0.location.map(\.description) ?? "-") \($0.instanceLocation) [\($0.code.rawValue)]" }
        #expect(placed == [
            "Screen.json:1:1  [schema.required]",
            "Screen.json:3:22 /views/0/colour [schema.additional-property]",
            "Screen.json:4:14 /views/1/type [schema.enum]",
            "Screen.json:5:5 /views/2 [schema.required]",
            "Screen.json:7:3 /title [schema.additional-property]",
        ])
    }

    @Test func aMissingPropertyIsReportedAtTheObjectThatLacksIt() throws {
        let missing = try violations().filter { $0.code == .required }
        #expect(missing.map(\.message) == [#"missing required property "id""#, #"missing required property "type""#])
        #expect(missing.map(\.instanceLocation.description) == ["", "/views/2"])
        #expect(missing.map(\.keywordLocation.description) == ["/required", "/properties/views/items/$ref/required"])
    }

    @Test func anUnknownPropertyGetsADidYouMeanHint() throws {
        let unknown = try #require(try violations().first { $0.instanceLocation.description == "/views/0/colour" })
        #expect(unknown.message == #"property "colour" is not allowed here (allowed: color, type)"#)
        #expect(unknown.hint == #"did you mean "color"?"#)
        let unrelated = try #require(try violations().first { $0.instanceLocation.description == "/title" })
        #expect(unrelated.hint == nil)
    }

    @Test func aMisspeltValueGetsADidYouMeanHint() throws {
        let value = try #require(try violations().first { $0.code == .enumeration })
        #expect(value.message == #""presnet" is not one of "show", "present", "dismiss""#)
        #expect(value.hint == #"did you mean "present"?"#)
    }

    @Test func aMisspeltRequiredPropertyIsPointedOut() throws {
        let violations = try SchemaTestSupport.violations(#"{"required": ["identifier"]}"#, #"{"identifer": 1}"#)
        #expect(violations.first?.hint == #"there is a property "identifer"; did you mean "identifier"?"#)
    }

    @Test func descriptionPrintsLocationCodePointerAndHint() throws {
        let unknown = try #require(try violations().first { $0.code == .additionalProperty })
        #expect(unknown.description == """
            Screen.json:3:22: property "colour" is not allowed here (allowed: color, type) [schema.additional-property]
              at: /views/0/colour
              hint: did you mean "color"?
            """)
        let noted = try #require(try SchemaTestSupport.violations(
            #"{"anyOf": [{"type": "string"}, {"required": ["a"]}]}"#, "{}").first)
        #expect(noted.description == """
            input.json:1:1: missing required property "a" [schema.required]
              note: no alternative of anyOf matched; closest is alternative 2 of 2
            """)
    }

    @Test func violationsAreLocatedErrors() throws {
        let errors = LocatedErrors(try violations())
        #expect(errors.errors.count == 5)
        #expect(errors.description.hasPrefix("Screen.json:1:1: missing required property \"id\" [schema.required]"))
    }

    @Test func valuesBuiltInCodeHaveNoLocationButKeepTheirPointers() throws {
        let schema = try SchemaTestSupport.schema(Self.schema)
        let value: JSONValue = ["id": 1, "views": []]
        let found = try schema.validate(value)
        #expect(found.map(\.file) == ["<input>"])
        #expect(found.first?.location == nil)
        #expect(found.first?.instanceLocation.description == "/id")
    }

    @Test func orderFollowsTheDocumentThenTheKeywords() throws {
        let schema = #"{"properties": {"b": {"type": "string", "minLength": 5}, "a": {"type": "string"}}, "required": ["c"], "minProperties": 4}"#
        let found = try SchemaTestSupport.violations(schema, #"{"a": 1, "b": 2}"#)
        #expect(found.map(\.keywordLocation.description) == ["/required", "/minProperties", "/properties/a/type", "/properties/b/type"])
    }

    @Test func outputIsTheSameOnEveryRun() throws {
        let first = try violations()
        for _ in 0..<5 {
            #expect(try violations() == first)
        }
    }

    @Test func aWholeFileValidatesThroughTheRegistry() throws {
        var registry = SchemaRegistry()
        try registry.register(try SchemaTestSupport.json(Self.schema).root, uri: "https://widgetry.dev/schemas/test.schema.json")
        let document = try JSONParser.parse(Self.file, fileName: "Screen.json")
        let found = try registry.validate(document, against: "https://widgetry.dev/schemas/test.schema.json")
        #expect(found.map(\.description) == (try violations()).map(\.description))
        #expect(found.first?.absoluteKeywordLocation == "https://widgetry.dev/schemas/test.schema.json#/required")
    }
}
