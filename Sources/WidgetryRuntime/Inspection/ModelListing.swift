import Foundation
import WidgetryExpressions
import WidgetryJSON
import WidgetryModel

/// A bundle's entity model as `inspect` lists it: entities with their parent, attributes with
/// types and JSON key paths, relationships with inverses and delete rules.
enum ModelListing {
    /// Indented text lines, one entity after the other.
    static func lines(_ model: EntityModel) -> [String] {
        var lines: [String] = []
        for entity in model.entities {
            var notes: [String] = []
            if let identity = entity.identityAttribute { notes.append("identity \(identity)") }
            if let owner = entity.ownerRelationship { notes.append("owner \(owner)") }
            if entity.isOwnerEntity { notes.append("owner entity") }
            let title = entity.name + (entity.parent.map { " : \($0)" } ?? "")
            lines.append("  " + title + (notes.isEmpty ? "" : "  (\(notes.joined(separator: ", ")))"))
            var rows: [(name: String, text: String, mapping: String)] = []
            for attribute in entity.attributes {
                var text = attribute.type.rawValue
                if attribute.isOptional { text += ", optional" }
                if let value = attribute.defaultValue { text += " = \(value)" }
                rows.append((attribute.name, text, mapping(attribute.jsonKeyPath, attribute.jsonTransformerName)))
            }
            for relationship in entity.relationships {
                var text = (relationship.isToMany ? "to-many " : "to-one ") + relationship.destination
                if let inverse = relationship.inverse { text += ", inverse \(inverse)" }
                text += ", \(relationship.deleteRule.rawValue)"
                if relationship.isOrdered { text += ", ordered" }
                rows.append((relationship.name, text, mapping(relationship.jsonKeyPath, nil)))
            }
            let nameWidth = rows.map(\.name.count).max() ?? 0
            let textWidth = rows.filter { !$0.mapping.isEmpty }.map(\.text.count).max() ?? 0
            for row in rows {
                let name = row.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
                let text = row.mapping.isEmpty ? row.text : row.text.padding(toLength: textWidth, withPad: " ", startingAt: 0) + "  " + row.mapping
                lines.append("    \(name)  \(text)")
            }
        }
        return lines
    }

    private static func mapping(_ keyPath: String?, _ transformer: String?) -> String {
        guard let keyPath else { return "" }
        return "← \(keyPath)" + (transformer.map { " via \($0)" } ?? "")
    }

    /// The model as JSON, entities in declaration order.
    static func json(_ model: EntityModel) -> JSONValue {
        JSONValue(.array(model.entities.map { entity in
            var object = JSONObject()
            object["name"] = JSONValue(.string(entity.name))
            object["parent"] = entity.parent.map { JSONValue(.string($0)) } ?? JSONValue(.null)
            object["identityAttribute"] = entity.identityAttribute.map { JSONValue(.string($0)) } ?? JSONValue(.null)
            object["ownerRelationship"] = entity.ownerRelationship.map { JSONValue(.string($0)) } ?? JSONValue(.null)
            object["isOwnerEntity"] = JSONValue(.bool(entity.isOwnerEntity))
            object["attributes"] = JSONValue(.array(entity.attributes.map { attribute in
                var member = JSONObject()
                member["name"] = JSONValue(.string(attribute.name))
                member["type"] = JSONValue(.string(attribute.type.rawValue))
                member["optional"] = JSONValue(.bool(attribute.isOptional))
                member["default"] = attribute.defaultValue?.jsonValue() ?? JSONValue(.null)
                member["JSONKeyPath"] = attribute.jsonKeyPath.map { JSONValue(.string($0)) } ?? JSONValue(.null)
                member["JSONTransformerName"] = attribute.jsonTransformerName.map { JSONValue(.string($0)) } ?? JSONValue(.null)
                return JSONValue(.object(member))
            }))
            object["relationships"] = JSONValue(.array(entity.relationships.map { relationship in
                var member = JSONObject()
                member["name"] = JSONValue(.string(relationship.name))
                member["destination"] = JSONValue(.string(relationship.destination))
                member["toMany"] = JSONValue(.bool(relationship.isToMany))
                member["inverse"] = relationship.inverse.map { JSONValue(.string($0)) } ?? JSONValue(.null)
                member["deleteRule"] = JSONValue(.string(relationship.deleteRule.rawValue))
                member["ordered"] = JSONValue(.bool(relationship.isOrdered))
                member["JSONKeyPath"] = relationship.jsonKeyPath.map { JSONValue(.string($0)) } ?? JSONValue(.null)
                return JSONValue(.object(member))
            }))
            return JSONValue(.object(object))
        }))
    }
}
