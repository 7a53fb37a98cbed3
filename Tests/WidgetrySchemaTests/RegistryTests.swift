import Testing
import WidgetryJSON
import WidgetrySchema

/// Documents are found by URI: the built-in meta-schemas, registered files, their embedded
/// resources and anchors.
@Suite("Schema registry")
struct RegistryTests {
    @Test(arguments: [
        "https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2020-12/meta/core",
        "https://json-schema.org/draft/2020-12/meta/applicator", "https://json-schema.org/draft/2020-12/meta/unevaluated",
        "https://json-schema.org/draft/2020-12/meta/validation", "https://json-schema.org/draft/2020-12/meta/meta-data",
        "https://json-schema.org/draft/2020-12/meta/format-annotation", "https://json-schema.org/draft/2020-12/meta/content",
    ])
    func holdsTheBuiltInMetaSchemas(uri: String) throws {
        let registry = SchemaRegistry()
        #expect(registry.contains(uri))
        let schema = try registry.schema(at: uri)
        #expect(try schema.isValid(["type": "string"]))
    }

    @Test func theMetaSchemaRejectsMalformedSchemas() throws {
        let meta = try SchemaRegistry().schema(at: SchemaRegistry.metaSchemaURI)
        let violations = try meta.validate(try SchemaTestSupport.json(#"{"type": "text", "minLength": -1, "$defs": {"a": {"required": "x"}}}"#))
        #expect(violations.map(\.instanceLocation.description) == ["/type", "/minLength", "/$defs/a/required"])
        #expect(violations.first?.message == #""text" is not one of "array", "boolean", "integer", "null", "number", "object", "string""#)
        #expect(violations.first?.notes == ["no alternative of anyOf matched; closest is alternative 1 of 2"])
    }

    @Test func aDocumentIsRegisteredUnderItsIdAndFoundWithFragments() throws {
        var registry = SchemaRegistry()
        let document = try SchemaTestSupport.json(##"""
            {
              "$id": "https://example.com/schemas/root.json",
              "$defs": {
                "name": {"$anchor": "name", "type": "string", "minLength": 1},
                "nested": {"$id": "nested/item.json", "type": "object", "properties": {"n": {"$ref": "../root.json#name"}}},
                "a/b": {"const": "slash"}
              }
            }
            """##, file: "root.schema.json")
        let uri = try registry.register(document)
        #expect(uri == "https://example.com/schemas/root.json")
        #expect(registry.contains("https://example.com/schemas/nested/item.json"))

        #expect(try registry.schema(at: "https://example.com/schemas/root.json#name").isValid("x"))
        #expect(try !registry.schema(at: "https://example.com/schemas/root.json#/$defs/name").isValid(""))
        #expect(try registry.schema(at: "https://example.com/schemas/root.json#/$defs/a~1b").isValid("slash"))
        let nested = try registry.schema(at: "https://example.com/schemas/nested/item.json")
        let violations = try nested.validate(["n": ""])
        #expect(violations.map(\.keywordLocation.description) == ["/properties/n/$ref/minLength"])
        #expect(violations.first?.absoluteKeywordLocation == "https://example.com/schemas/root.json#/$defs/name/minLength")
    }

    @Test func aDocumentWithoutIdNeedsAURI() throws {
        var registry = SchemaRegistry()
        let document = try SchemaTestSupport.json(#"{"type": "string"}"#, file: "plain.json")
        #expect(throws: SchemaError.self) { try registry.register(document) }
        try registry.register(document, uri: "https://example.com/plain.json")
        #expect(try registry.schema(at: "https://example.com/plain.json").isValid("x"))
    }

    @Test func aLaterRegistrationOfTheSameURIWins() throws {
        var registry = SchemaRegistry()
        try registry.register(["type": "string"], uri: "https://example.com/s.json")
        let before = registry
        try registry.register(["type": "integer"], uri: "https://example.com/s.json")
        #expect(try registry.schema(at: "https://example.com/s.json").isValid(1))
        #expect(try before.schema(at: "https://example.com/s.json").isValid("x"))
    }

    @Test func anUnknownMetaSchemaIsReadAs2020_12() throws {
        let schema = try SchemaTestSupport.schema(#"{"$schema": "http://json-schema.org/draft-07/schema#", "minimum": 3}"#)
        #expect(try !schema.isValid(2))
    }

    @Test func keywordsOfVocabulariesNotInUseAreIgnored() throws {
        var registry = SchemaRegistry()
        try registry.register(try SchemaTestSupport.json(##"""
            {"$id": "https://example.com/no-validation", "$dynamicAnchor": "meta",
             "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true,
                             "https://json-schema.org/draft/2020-12/vocab/applicator": true}}
            """##).root, uri: "https://example.com/no-validation")
        let schema = try SchemaTestSupport.schema(
            #"{"$schema": "https://example.com/no-validation", "properties": {"a": {"minimum": 10}, "b": false}}"#, registry: registry)
        #expect(try schema.isValid(["a": 1]))
        #expect(try !schema.isValid(["b": 1]))
    }

    @Test func compiledSchemasAreSharedAcrossTasks() async throws {
        let schema = try SchemaTestSupport.schema(#"{"type": "object", "required": ["id"]}"#)
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask { (try? schema.isValid(index.isMultiple(of: 2) ? ["id": 1] : [:])) ?? false }
            }
            return await group.reduce(into: 0) { count, valid in count += valid ? 1 : 0 }
        }
        #expect(results == 8)
    }
}
