import Testing
import WidgetryJSON
import WidgetrySchema

/// Problems with schemas are typed errors placed in the schema, never crashes or hangs.
@Suite("Schema errors")
struct SchemaErrorTests {
    @Test func anInvalidPatternIsASchemaError() throws {
        let error = try #require(try SchemaTestSupport.compileError(#"{"properties": {"name": {"pattern": "^(ab"}}}"#))
        #expect(error.code == .invalidPattern)
        #expect(error.pointer?.description == "/properties/name/pattern")
        #expect(error.file == "schema.json")
        #expect(error.location?.description == "1:37")
        #expect(error.message.hasPrefix(#"invalid regular expression "^(ab""#))
        #expect(error.schemaLocation == "urn:widgetry:schema#/properties/name/pattern")
    }

    @Test func anInvalidPatternPropertyIsASchemaError() throws {
        let error = try #require(try SchemaTestSupport.compileError(#"{"patternProperties": {"[z-a]": {}}}"#))
        #expect(error.code == .invalidPattern)
        #expect(error.pointer?.description == "/patternProperties/[z-a]")
    }

    @Test func anUnresolvableReferenceNamesTheReferenceAndItsPlace() throws {
        let error = try #require(try SchemaTestSupport.compileError(##"{"items": {"$ref": "#/$defs/missing"}, "$defs": {}}"##))
        #expect(error.code == .unresolvedReference)
        #expect(error.message.contains("#/$defs/missing"))
        #expect(error.pointer?.description == "/items/$ref")
        #expect(error.location?.description == "1:20")
        #expect(error.hint == "urn:widgetry:schema has no value at the JSON Pointer /$defs/missing")

        let remote = try #require(try SchemaTestSupport.compileError(#"{"$ref": "https://example.com/nowhere.json"}"#))
        #expect(remote.code == .unresolvedReference)
        #expect(remote.hint?.contains("no registered schema has the URI https://example.com/nowhere.json") == true)

        let anchor = try #require(try SchemaTestSupport.compileError(##"{"$ref": "#nothing"}"##))
        #expect(anchor.hint == #"urn:widgetry:schema declares no anchor "nothing""#)
    }

    @Test func aReferenceCycleStopsWithAnError() throws {
        let schemas = [
            ##"{"$ref": "#"}"##,
            ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}"##,
            ##"{"$dynamicAnchor": "node", "anyOf": [{"$dynamicRef": "#node"}]}"##,
        ]
        for text in schemas {
            let schema = try SchemaTestSupport.schema(text)
            #expect(throws: SchemaError.self) { try schema.validate(1) }
            do {
                _ = try schema.isValid(1)
                Issue.record("expected a reference cycle for \(text)")
            } catch {
                #expect(error.code == .referenceCycle)
                #expect(error.hint != nil)
            }
        }
    }

    @Test func recursionThatDescendsIntoTheDataIsNoCycle() throws {
        let tree = try SchemaTestSupport.schema(##"{"type": "object", "properties": {"children": {"items": {"$ref": "#"}}}}"##)
        let value = try SchemaTestSupport.json(#"{"children": [{"children": [{}]}, {"children": []}]}"#).root
        #expect(try tree.isValid(value))
    }

    @Test func nestingBeyondTheLimitStopsWithAnError() throws {
        let schema = try SchemaRegistry().schema(for: ["items": ["$ref": "#"]], options: SchemaOptions(maxEvaluationDepth: 50))
        var value: JSONValue = []
        for _ in 0..<100 { value = [value] }
        #expect {
            try schema.validate(value)
        } throws: { error in
            (error as? SchemaError)?.code == .depthLimitExceeded
        }
    }

    @Test func deeplyNestedDataStopsBeforeTheStackRunsOut() throws {
        let schema = try SchemaRegistry().schema(for: ["items": ["$ref": "#"]], options: SchemaOptions(maxEvaluationDepth: .max))
        var value: JSONValue = []
        for _ in 0..<200_000 { value = [value] }
        #expect {
            try schema.isValid(value)
        } throws: { error in
            (error as? SchemaError)?.code == .depthLimitExceeded
        }
        // Dismantle iteratively: releasing the nest recursively could itself exhaust the stack.
        while case .array(let elements) = value.kind, let inner = elements.first {
            value = inner
        }
    }

    @Test func aPatternThatNeedsTooMuchBacktrackingStopsWithAnError() throws {
        let schema = try SchemaRegistry().schema(
            for: ["pattern": #"^(a|a)*(?=b)\1$"#], options: SchemaOptions(patternBacktrackingBudget: 1_000))
        #expect {
            try schema.isValid(JSONValue(.string(String(repeating: "a", count: 40))))
        } throws: { error in
            (error as? SchemaError)?.code == .patternTooComplex
        }
    }

    @Test(arguments: [
        (#"{"properties": {"a": 3}}"#, SchemaError.Code.notASchema, "/properties/a"),
        (#"{"type": "text"}"#, .invalidKeyword, "/type"),
        (#"{"minLength": -1}"#, .invalidKeyword, "/minLength"),
        (#"{"maxItems": 1.5}"#, .invalidKeyword, "/maxItems"),
        (#"{"multipleOf": 0}"#, .invalidKeyword, "/multipleOf"),
        (#"{"required": [1]}"#, .invalidKeyword, "/required"),
        (#"{"enum": 3}"#, .invalidKeyword, "/enum"),
        (#"{"allOf": []}"#, .invalidKeyword, "/allOf"),
        (#"{"items": [{}]}"#, .invalidKeyword, "/items"),
        (#"{"$defs": {"a": {"$id": "https://example.com/a#frag"}}}"#, .invalidURI, "/$defs/a/$id"),
        (#"{"$defs": {"a": {"$anchor": "x"}, "b": {"$anchor": "x"}}}"#, .duplicateAnchor, "/$defs/b/$anchor"),
    ])
    func malformedKeywordsAreSchemaErrors(schema: String, code: SchemaError.Code, pointer: String) throws {
        let error = try #require(try SchemaTestSupport.compileError(schema))
        #expect(error.code == code)
        #expect(error.pointer?.description == pointer)
        #expect(error.location != nil)
    }

    @Test func aMisspeltTypeNameGetsAHint() throws {
        let error = try #require(try SchemaTestSupport.compileError(#"{"type": "strng"}"#))
        #expect(error.hint == #"did you mean "string"?"#)
        #expect(error.description.hasPrefix(#"schema.json:1:10: "strng" is not a type"#))
    }

    @Test func aRequiredUnknownVocabularyIsAnError() throws {
        var registry = SchemaRegistry()
        let meta = try SchemaTestSupport.json(##"""
            {"$id": "https://example.com/meta", "$vocabulary": {
              "https://json-schema.org/draft/2020-12/vocab/core": true, "https://example.com/vocab/special": true}}
            """##)
        try registry.register(meta.root, uri: "https://example.com/meta")
        let error = try #require(try SchemaTestSupport.compileError(#"{"$schema": "https://example.com/meta"}"#, registry: registry))
        #expect(error.code == .unknownVocabulary)
        #expect(error.pointer?.description == "/$vocabulary/https:~1~1example.com~1vocab~1special")
    }

    @Test func registeringUnderARelativeURIIsAnError() {
        var registry = SchemaRegistry()
        #expect {
            try registry.register(true, uri: "schemas/a.json")
        } throws: { error in
            (error as? SchemaError)?.code == .invalidURI
        }
        #expect(throws: SchemaError.self) { try SchemaRegistry().schema(at: "https://example.com/unknown.json") }
    }
}
