import Testing
import WidgetrySchema

/// When no alternative of `anyOf` or `oneOf` matches, one relevant report rather than the
/// violations of every alternative.
@Suite("Schema violations: anyOf and oneOf")
struct AlternativeSelectionTests {
    /// Views told apart by a `type` discriminator, as bundle files are.
    static let views = ##"""
        {
          "oneOf": [
            {"title": "label", "type": "object", "required": ["type", "text"],
             "properties": {"type": {"const": "UILabel"}, "text": {"type": "string"}}},
            {"title": "button", "type": "object", "required": ["type", "action"],
             "properties": {"type": {"const": "UIButton"}, "action": {"$ref": "#/$defs/action"}}},
            {"title": "spacer", "type": "null"}
          ],
          "$defs": {"action": {"type": "object", "required": ["selector"], "properties": {"selector": {"type": "string"}}}}
        }
        """##

    @Test func theAlternativeWhoseDiscriminatorMatchesIsReported() throws {
        let violations = try SchemaTestSupport.violations(Self.views, #"{"type": "UIButton", "action": {"selector": 3}}"#)
        #expect(violations.count == 1)
        let violation = try #require(violations.first)
        #expect(violation.code == .type)
        #expect(violation.message == "expected a string, found an integer")
        #expect(violation.instanceLocation.description == "/action/selector")
        #expect(violation.keywordLocation.description == "/oneOf/1/properties/action/$ref/properties/selector/type")
        #expect(violation.notes == [#"no alternative of oneOf matched; closest is alternative 2 of 3 ("button")"#])
    }

    @Test func aMissingPropertyInTheMatchingAlternativeIsReported() throws {
        let violations = try SchemaTestSupport.violations(Self.views, #"{"type": "UILabel"}"#)
        #expect(violations.map(\.message) == [#"missing required property "text""#])
        #expect(violations.first?.keywordLocation.description == "/oneOf/0/required")
    }

    @Test func aWrongDiscriminatorListsEveryAllowedValueWithASuggestion() throws {
        let violations = try SchemaTestSupport.violations(Self.views, #"{"type": "UIButon", "action": {"selector": "tap"}}"#)
        #expect(violations.count == 1)
        let violation = try #require(violations.first)
        #expect(violation.code == .oneOf)
        #expect(violation.message == #""UIButon" is not one of "UILabel", "UIButton""#)
        #expect(violation.instanceLocation.description == "/type")
        #expect(violation.keywordLocation.description == "/oneOf")
        #expect(violation.hint == #"did you mean "UIButton"?"#)
    }

    @Test func aMisspeltKeyThatPicksAnAlternativeIsNamedAtTheKey() throws {
        let steps = ##"""
            {"oneOf": [
              {"type": "object", "required": ["tap"], "properties": {"tap": {"type": "string"}, "for": {"type": "number"}}, "additionalProperties": false},
              {"type": "object", "required": ["tapRow", "of"], "properties": {"tapRow": {"type": "integer"}, "of": {"type": "string"}}, "additionalProperties": false},
              {"type": "object", "required": ["back"], "properties": {"back": {"const": true}}, "additionalProperties": false}
            ]}
            """##
        let violations = try SchemaTestSupport.violations(steps, #"{"goBack": true}"#)
        #expect(violations.count == 1)
        let violation = try #require(violations.first)
        #expect(violation.code == .oneOf)
        #expect(violation.message == #""goBack" is not a property that picks an alternative of oneOf"#)
        #expect(violation.instanceLocation.description == "/goBack")
        #expect(violation.location?.column == 2)
        #expect(violation.hint == #"did you mean "back"?"#)
        #expect(violation.notes == [#"the alternatives are picked by "tap", "tapRow" or "back""#])
        // A key that is no near miss, or a value that has its alternative's key, keeps the closest alternative.
        #expect(try SchemaTestSupport.violations(steps, #"{"zzzzzz": true}"#).map(\.message).contains(#"missing required property "tap""#))
        #expect(try SchemaTestSupport.violations(steps, #"{"tapRow": 1}"#).allSatisfy { $0.code != .oneOf })
    }

    @Test func aWrongTypeForEveryAlternativeNamesAllTheTypes() throws {
        let violations = try SchemaTestSupport.violations(Self.views, "42")
        #expect(violations.count == 1)
        #expect(violations.first?.code == .oneOf)
        #expect(violations.first?.message == "expected an object or null, found an integer")
        #expect(violations.first?.notes == ["no alternative of oneOf matched"])
    }

    @Test func theDeepestAlternativeWinsAmongPlausibleOnes() throws {
        let schema = ##"""
            {"anyOf": [
              {"type": "object", "required": ["a", "b", "c"]},
              {"type": "object", "properties": {"a": {"type": "object", "properties": {"x": {"type": "string"}}}}}
            ]}
            """##
        let violations = try SchemaTestSupport.violations(schema, #"{"a": {"x": 1}}"#)
        #expect(violations.map(\.message) == ["expected a string, found an integer"])
        #expect(violations.first?.notes == ["no alternative of anyOf matched; closest is alternative 2 of 2"])
    }

    @Test func fewerViolationsWinAtEqualDepth() throws {
        let schema = #"{"anyOf": [{"required": ["a", "b"]}, {"required": ["c"]}]}"#
        let violations = try SchemaTestSupport.violations(schema, "{}")
        #expect(violations.map(\.message) == [#"missing required property "c""#])
    }

    @Test func moreThanOneMatchingAlternativeIsNamed() throws {
        let schema = #"{"oneOf": [{"type": "number"}, {"type": "integer"}, {"type": "string"}]}"#
        let violations = try SchemaTestSupport.violations(schema, "1")
        #expect(violations.map(\.code) == [.oneOfMultiple])
        #expect(violations.first?.message == "matches alternatives 1 and 2 of the 3 in oneOf; exactly one must match")
    }

    @Test func nestedAlternativesAddTheirNotesOutermostFirst() throws {
        let schema = ##"""
            {"anyOf": [
              {"type": "string"},
              {"type": "array", "items": {"oneOf": [{"type": "string"}, {"type": "object", "required": ["id"]}]}}
            ]}
            """##
        let violations = try SchemaTestSupport.violations(schema, #"[{"name": "x"}]"#)
        #expect(violations.map(\.message) == [#"missing required property "id""#])
        #expect(violations.first?.notes == [
            "no alternative of anyOf matched; closest is alternative 2 of 2",
            "no alternative of oneOf matched; closest is alternative 2 of 2",
        ])
    }

    @Test func aPassingAlternativeLeavesNoViolations() throws {
        #expect(try SchemaTestSupport.violations(Self.views, #"{"type": "UILabel", "text": "hi"}"#).isEmpty)
        #expect(try SchemaTestSupport.violations(Self.views, "null").isEmpty)
    }
}
