import Foundation
import Testing
import WidgetryJSON
import WidgetryModel
import WidgetryTestSupport

/// `Schemas/model.schema.json` and `ModelJSONReader` must accept the same keys and types, so
/// that editors and `widgetry validate` say what the reader does.
struct ModelSchemaTests {
    static let root = Samples.packageRootURL

    private func schema() throws -> JSONValue {
        let bytes = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent("Schemas/model.schema.json")))
        return try JSONParser.parse(bytes, fileName: "model.schema.json").root
    }

    private func keys(_ definition: JSONValue?) -> Set<String> {
        Set(definition?["properties"]?.objectValue?.keys ?? []).subtracting(["***"])
    }

    /// A model that uses one key the schema declares, read by the reader.
    private func read(_ json: String) -> [ModelError.Code] {
        do {
            _ = try ModelJSONReader.read(JSONParser.parse(json, fileName: "Model.json"), file: "Model.json")
            return []
        } catch let failure as ModelErrors {
            return failure.errors.map(\.code)
        } catch {
            Issue.record("not JSON: \(error)")
            return []
        }
    }

    @Test func everyKeyTheSchemaDeclaresIsOneTheReaderKnows() throws {
        let definitions = try schema()["$defs"]
        for key in keys(definitions?["entity"]) {
            let value = ["parent": "\"E\"", "identityAttribute": "\"a\"", "ownerRelationship": "\"r\"", "isOwnerEntity": "true",
                         "attributes": #"{"a": {"type": "String"}}"#, "relationships": #"{"r": {"destination": "E"}}"#][key] ?? "null"
            var json = #"{"entities": {"E": {"attributes": {"a": {"type": "String"}}, "relationships": {"r": {"destination": "E"}}}, "F": {"\#(key)": \#(value)}}}"#
            if key == "attributes" || key == "relationships" { json = #"{"entities": {"E": {"\#(key)": \#(value)}}}"# }
            #expect(!read(json).contains(.unknownKey), "entity key \(key)")
        }
        for key in keys(definitions?["attribute"]).subtracting(["type"]) {
            #expect(!read(#"{"entities": {"E": {"attributes": {"a": {"type": "String", "\#(key)": "String"}}}}}"#).contains(.unknownKey), "attribute key \(key)")
        }
        for key in keys(definitions?["relationship"]).subtracting(["destination"]) {
            #expect(!read(#"{"entities": {"E": {"relationships": {"r": {"destination": "E", "\#(key)": "E"}}}}}"#).contains(.unknownKey), "relationship key \(key)")
        }
    }

    @Test func theSchemaListsExactlyTheTypesAndRulesTheReaderAccepts() throws {
        let definitions = try schema()["$defs"]
        let types = definitions?["attribute"]?["properties"]?["type"]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(types == AttributeType.allCases.map(\.rawValue))
        let rules = definitions?["relationship"]?["properties"]?["deleteRule"]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(rules == DeleteRule.allCases.map(\.rawValue))
        #expect(keys(definitions?["entity"]) == ["parent", "identityAttribute", "ownerRelationship", "isOwnerEntity", "attributes", "relationships"])
        #expect(keys(definitions?["attribute"]) == ["type", "optional", "default", "JSONKeyPath", "JSONTransformerName"])
        #expect(keys(definitions?["relationship"]) == ["destination", "toMany", "inverse", "deleteRule", "ordered", "JSONKeyPath"])
    }

    @Test func everyDefinitionAndPropertyHasADescription() throws {
        func walk(_ value: JSONValue, path: String) {
            guard case .object(let object) = value.kind else { return }
            if let properties = object["properties"], case .object(let members) = properties.kind {
                for member in members where member.key != "***" && member.key != "$schema" {
                    #expect(member.value["description"] != nil, "\(path)/properties/\(member.key) has no description")
                    walk(member.value, path: path + "/properties/" + member.key)
                }
            }
            if let definitions = object["$defs"], case .object(let members) = definitions.kind {
                for member in members { walk(member.value, path: path + "/$defs/" + member.key) }
            }
        }
        walk(try schema(), path: "")
    }
}
