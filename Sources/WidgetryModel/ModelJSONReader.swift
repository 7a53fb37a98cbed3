import Foundation
public import WidgetryJSON
import WidgetryExpressions

/// Reads `Model.json`, Widgetry's own model format:
///
/// ```json
/// {"entities": {"Post": {
///     "identityAttribute": "postId", "ownerRelationship": "author",
///     "attributes": {"postId": {"type": "String", "JSONKeyPath": "id_str"},
///                    "favoritesCount": {"type": "Integer 32", "default": 0}},
///     "relationships": {"author": {"destination": "User", "inverse": "posts", "deleteRule": "nullify"}}},
///   "Account": {"parent": "User", "isOwnerEntity": true}}}
/// ```
///
/// Unknown keys are errors (keys starting with `***` are comments), so a typo never silently
/// drops an annotation; `null` is the same as no value. Every problem is reported with its line,
/// column and JSON Pointer; all of them at once.
public enum ModelJSONReader {
    public static func read(_ document: JSONDocument, file: String) throws(ModelErrors) -> EntityModel {
        var reader = Reader(read: StrictReader(file: file, commentPrefix: "***"))
        let entities = reader.entities(document.root)
        if reader.read.hasProblems { throw ModelErrors(reader.read.problems) }
        return try EntityModel(entities: entities, file: file)
    }

    private struct Reader {
        var read: StrictReader<ModelErrorCode>

        mutating func entities(_ root: JSONValue) -> [EntityDescription] {
            guard let object = read.object(root, allowed: ["$schema", "entities"], what: "the model"),
                  let entities = read.required("entities", of: object, in: root, what: "the model",
                                               hint: "write {\"entities\": {\"Post\": {\"attributes\": {…}}}}"),
                  let byName = read.object(entities, what: "entities") else { return [] }
            return byName.compactMap { member in entity(named: member.key, member.value) }
        }

        private mutating func entity(named name: String, _ json: JSONValue) -> EntityDescription? {
            let keys: Set<String> = ["parent", "attributes", "relationships", "identityAttribute", "ownerRelationship", "isOwnerEntity"]
            guard let object = read.object(json, allowed: keys, what: "entity \(name)") else { return nil }
            var entity = EntityDescription(name: name, location: json.location)
            entity.parent = string(object["parent"])
            entity.identityAttribute = string(object["identityAttribute"])
            entity.ownerRelationship = string(object["ownerRelationship"])
            entity.isOwnerEntity = bool(object["isOwnerEntity"]) ?? false
            if let attributes = object["attributes"], let byName = read.object(attributes, what: "attributes") {
                entity.attributes = byName.compactMap { attribute(named: $0.key, $0.value, entity: name) }
            }
            if let relationships = object["relationships"], let byName = read.object(relationships, what: "relationships") {
                entity.relationships = byName.compactMap { relationship(named: $0.key, $0.value, entity: name) }
            }
            return entity
        }

        private mutating func attribute(named name: String, _ json: JSONValue, entity: String) -> AttributeDescription? {
            let keys: Set<String> = ["type", "optional", "default", "JSONKeyPath", "JSONTransformerName"]
            let what = "attribute \(entity).\(name)"
            guard let object = read.object(json, allowed: keys, what: what),
                  let typeValue = read.required("type", of: object, in: json, what: what, hint: typeHint),
                  let typeName = string(typeValue) else { return nil }
            guard let type = AttributeType(name: typeName) else {
                let types = AttributeType.allCases.map(\.rawValue)
                read.report(ModelError(.unknownAttributeType, "\(what) has unknown type \"\(typeName)\"", file: read.file, at: typeValue,
                                       hint: Suggestion.didYouMean(typeName, among: types) ?? typeHint).renaming(typeName, among: types))
                return nil
            }
            var attribute = AttributeDescription(name: name, type: type, location: json.location)
            attribute.isOptional = bool(object["optional"]) ?? false
            attribute.jsonKeyPath = string(object["JSONKeyPath"])
            attribute.jsonTransformerName = string(object["JSONTransformerName"])
            if let defaultJSON = object["default"], !defaultJSON.isNull {
                if let value = AttributeDefaults.value(Value(json: defaultJSON), for: type) {
                    attribute.defaultValue = value
                } else {
                    read.report(.invalidDefault, "the default of \(entity).\(name) is not a \(type.rawValue): \(defaultJSON)", at: defaultJSON,
                                hint: AttributeDefaults.hint(for: type))
                }
            }
            return attribute
        }

        private mutating func relationship(named name: String, _ json: JSONValue, entity: String) -> RelationshipDescription? {
            let keys: Set<String> = ["destination", "toMany", "inverse", "deleteRule", "ordered", "JSONKeyPath"]
            let what = "relationship \(entity).\(name)"
            guard let object = read.object(json, allowed: keys, what: what),
                  let destination = string(read.required("destination", of: object, in: json, what: what,
                                                         hint: "name the entity it points to")) else { return nil }
            var relationship = RelationshipDescription(name: name, destination: destination, location: json.location)
            relationship.isToMany = bool(object["toMany"]) ?? false
            relationship.inverse = string(object["inverse"])
            relationship.isOrdered = bool(object["ordered"]) ?? false
            relationship.jsonKeyPath = string(object["JSONKeyPath"])
            if let ruleValue = object["deleteRule"], let ruleName = string(ruleValue) {
                if let rule = DeleteRule(name: ruleName) {
                    relationship.deleteRule = rule
                } else {
                    read.report(.unknownDeleteRule, "\(what) has unknown delete rule \"\(ruleName)\"", at: ruleValue,
                                hint: "the rules are nullify, cascade, deny and noAction")
                }
            }
            return relationship
        }

        // MARK: Typed reads

        private var typeHint: String {
            "the types are " + AttributeType.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        }

        /// A string, where `null` means no value.
        private mutating func string(_ json: JSONValue?) -> String? {
            guard let json, !json.isNull else { return nil }
            return read.string(json)
        }

        /// A boolean, where `null` means no value.
        private mutating func bool(_ json: JSONValue?) -> Bool? {
            guard let json, !json.isNull else { return nil }
            return read.bool(json)
        }
    }
}

/// Default values checked against, and converted to, an attribute's type.
enum AttributeDefaults {
    /// A default as `Model.json` writes it (dates in ISO 8601, data in base64), in its type.
    static func value(_ value: Value, for type: AttributeType) -> Value? {
        type.storedValue(value, accepting: [.isoDates, .base64Data])
    }

    static func hint(for type: AttributeType) -> String {
        switch type {
        case .integer16, .integer32, .integer64: "write an integer that fits in \(type.rawValue)"
        case .double, .float, .decimal: "write a number"
        case .boolean: "write true or false"
        case .string, .uri: "write a string"
        case .uuid: "write a UUID string such as \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\""
        case .date: "write an ISO 8601 date such as \"2018-06-20T18:00:00Z\""
        case .binary: "write base64 text"
        }
    }
}
