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
/// Unknown keys are errors (keys named `***` are comments), so a typo never silently drops an
/// annotation. Every problem is reported with its line, column and JSON Pointer; all of them at once.
public enum ModelJSONReader {
    public static func read(_ document: JSONDocument, file: String) throws(ModelErrors) -> EntityModel {
        var reader = Reader(file: file)
        let entities = reader.entities(document.root)
        if !reader.errors.isEmpty { throw ModelErrors(reader.errors) }
        return try EntityModel(entities: entities, file: file)
    }

    private struct Reader {
        let file: String
        var errors: [ModelError] = []

        mutating func entities(_ root: JSONValue) -> [EntityDescription] {
            guard let object = members(root, allowed: ["$schema", "entities"], what: "the model") else { return [] }
            guard let entities = object["entities"] else {
                errors.append(ModelError(.missingKey, "the model has no \"entities\" object", file: file, location: root.location,
                                         pointer: root.pointer, hint: "write {\"entities\": {\"Post\": {\"attributes\": {…}}}}"))
                return []
            }
            guard case .object(let byName) = entities.kind else {
                errors.append(wrongType(entities, expected: "an object of entities by name"))
                return []
            }
            return byName.compactMap { member in entity(named: member.key, member.value) }
        }

        private mutating func entity(named name: String, _ json: JSONValue) -> EntityDescription? {
            let keys: Set<String> = ["parent", "attributes", "relationships", "identityAttribute", "ownerRelationship", "isOwnerEntity"]
            guard let object = members(json, allowed: keys, what: "entity \(name)") else { return nil }
            var entity = EntityDescription(name: name, location: json.location)
            entity.parent = string(object["parent"])
            entity.identityAttribute = string(object["identityAttribute"])
            entity.ownerRelationship = string(object["ownerRelationship"])
            entity.isOwnerEntity = bool(object["isOwnerEntity"]) ?? false
            if let attributes = object["attributes"] {
                if case .object(let byName) = attributes.kind {
                    entity.attributes = byName.compactMap { attribute(named: $0.key, $0.value, entity: name) }
                } else {
                    errors.append(wrongType(attributes, expected: "an object of attributes by name"))
                }
            }
            if let relationships = object["relationships"] {
                if case .object(let byName) = relationships.kind {
                    entity.relationships = byName.compactMap { relationship(named: $0.key, $0.value, entity: name) }
                } else {
                    errors.append(wrongType(relationships, expected: "an object of relationships by name"))
                }
            }
            return entity
        }

        private mutating func attribute(named name: String, _ json: JSONValue, entity: String) -> AttributeDescription? {
            let keys: Set<String> = ["type", "optional", "default", "JSONKeyPath", "JSONTransformerName"]
            guard let object = members(json, allowed: keys, what: "attribute \(entity).\(name)") else { return nil }
            guard let typeValue = object["type"] else {
                errors.append(ModelError(.missingKey, "attribute \(entity).\(name) has no \"type\"", file: file, location: json.location,
                                         pointer: json.pointer, entity: entity, hint: typeHint))
                return nil
            }
            guard let typeName = string(typeValue) else { return nil }
            guard let type = AttributeType(name: typeName) else {
                errors.append(ModelError(.unknownAttributeType, "attribute \(entity).\(name) has unknown type \"\(typeName)\"", file: file,
                                         location: typeValue.location, pointer: typeValue.pointer, entity: entity, hint: typeHint))
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
                    errors.append(ModelError(.invalidDefault, "the default of \(entity).\(name) is not a \(type.rawValue): \(defaultJSON)", file: file,
                                             location: defaultJSON.location, pointer: defaultJSON.pointer, entity: entity,
                                             hint: AttributeDefaults.hint(for: type)))
                }
            }
            return attribute
        }

        private mutating func relationship(named name: String, _ json: JSONValue, entity: String) -> RelationshipDescription? {
            let keys: Set<String> = ["destination", "toMany", "inverse", "deleteRule", "ordered", "JSONKeyPath"]
            guard let object = members(json, allowed: keys, what: "relationship \(entity).\(name)") else { return nil }
            guard let destinationValue = object["destination"] else {
                errors.append(ModelError(.missingKey, "relationship \(entity).\(name) has no \"destination\"", file: file,
                                         location: json.location, pointer: json.pointer, entity: entity))
                return nil
            }
            guard let destination = string(destinationValue) else { return nil }
            var relationship = RelationshipDescription(name: name, destination: destination, location: json.location)
            relationship.isToMany = bool(object["toMany"]) ?? false
            relationship.inverse = string(object["inverse"])
            relationship.isOrdered = bool(object["ordered"]) ?? false
            relationship.jsonKeyPath = string(object["JSONKeyPath"])
            if let ruleValue = object["deleteRule"], let ruleName = string(ruleValue) {
                if let rule = DeleteRule(name: ruleName) {
                    relationship.deleteRule = rule
                } else {
                    errors.append(ModelError(.unknownDeleteRule, "relationship \(entity).\(name) has unknown delete rule \"\(ruleName)\"", file: file,
                                             location: ruleValue.location, pointer: ruleValue.pointer, entity: entity,
                                             hint: "the rules are nullify, cascade, deny and noAction"))
                }
            }
            return relationship
        }

        // MARK: Typed reads

        private var typeHint: String {
            "the types are " + AttributeType.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        }

        /// The members of an object, reporting keys outside `allowed` (besides `***` comments).
        private mutating func members(_ json: JSONValue, allowed: Set<String>, what: String) -> JSONObject? {
            guard case .object(let object) = json.kind else {
                errors.append(wrongType(json, expected: "an object (\(what))"))
                return nil
            }
            for member in object where !allowed.contains(member.key) && member.key != "***" {
                errors.append(ModelError(.unknownKey, "\(what) has unknown key \"\(member.key)\"", file: file,
                                         location: member.keyLocation ?? member.value.location, pointer: member.value.pointer,
                                         hint: "the keys are " + allowed.sorted().joined(separator: ", ")))
            }
            return object
        }

        private mutating func string(_ json: JSONValue?) -> String? {
            guard let json, !json.isNull else { return nil }
            guard let text = json.stringValue else {
                errors.append(wrongType(json, expected: "a string"))
                return nil
            }
            return text
        }

        private mutating func bool(_ json: JSONValue?) -> Bool? {
            guard let json, !json.isNull else { return nil }
            guard let flag = json.boolValue else {
                errors.append(wrongType(json, expected: "true or false"))
                return nil
            }
            return flag
        }

        private func wrongType(_ json: JSONValue, expected: String) -> ModelError {
            ModelError(.wrongType, "expected \(expected), found \(json.typeName)", file: file, location: json.location, pointer: json.pointer)
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
