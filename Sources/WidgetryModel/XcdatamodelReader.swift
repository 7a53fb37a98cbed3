public import WidgetryXML
import Foundation
import WidgetryExpressions
public import WidgetryJSON

/// Reads the model source Xcode writes, the `contents` file of `Model.xcdatamodeld/Model.xcdatamodel`:
///
/// ```xml
/// <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" …>
///     <entity name="Post" representedClassName="Post" syncable="YES">
///         <attribute name="favoritesCount" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES">
///             <userInfo><entry key="JSONKeyPath" value="favorite_count"/></userInfo>
///         </attribute>
///         <relationship name="author" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="User" inverseName="posts" inverseEntity="User"/>
///         <userInfo><entry key="identityAttribute" value="postId"/></userInfo>
///     </entity>
/// </model>
/// ```
///
/// Entities and properties keep the file's order (Xcode sorts them by name). userInfo keys read:
/// `JSONKeyPath` (attributes, relationships), `JSONTransformerName` (attributes), and on entities
/// `identityAttribute`, `ownerRelationship` and `isOwnerEntity` (`YES`/`true`/`1` or `NO`/`false`/`0`,
/// any case). Other keys, and `<elements>`, `<configuration>`, `<fetchRequest>`, `<fetchedProperty>`,
/// class names, scalar flags, counts and `inverseEntity`, are ignored.
///
/// Defaults are read in the attribute's type: `defaultValueString` holds an integer (`"0"`), a number
/// (`"1.5"`), `YES`/`NO`, a string as it is, a UUID, a URI or base64 for Binary. An empty
/// `defaultValueString` means no default, except for String. Dates: `defaultDateTimeInterval`, which
/// Xcode writes, is seconds since 2001-01-01 00:00:00 UTC and wins; otherwise `defaultValueString`
/// may hold such a number or an ISO 8601 date (`2018-06-20T18:00:00Z`).
///
/// Every problem is reported at once, with its line and column (no JSON Pointer).
package enum XcdatamodelReader {
    /// Reads the `contents` XML of an .xcdatamodel into a validated model.
    public static func read(_ bytes: [UInt8], file: String, limits: XMLLimits = .default) throws(ModelErrors) -> EntityModel {
        let document: XMLSourceDocument
        do {
            document = try XMLSourceDocument.parse(bytes, limits: limits)
        } catch {
            throw ModelErrors([ModelError(.invalidXML, "malformed XML: \(error.message)", file: file, location: error.location,
                                          hint: "the file must be the contents of an .xcdatamodel as Xcode writes it")])
        }
        var builder = Builder(document: document, file: file)
        let entities = builder.entities()
        if !builder.errors.isEmpty { throw ModelErrors(builder.errors) }
        return try EntityModel(entities: entities, file: file)
    }

    private struct Builder {
        let document: XMLSourceDocument
        let file: String
        var errors: [ModelError] = []

        mutating func entities() -> [EntityDescription] {
            let root = document.root
            guard root.name == "model" else {
                report(.invalidXML, "the root element is <\(root.name)>, not <model>", at: root,
                       hint: "the file must be the contents of an .xcdatamodel as Xcode writes it")
                return []
            }
            return root.children(named: "entity").compactMap { entity($0) }
        }

        private mutating func entity(_ element: XMLElementNode) -> EntityDescription? {
            guard let name = required("name", of: element, what: "an <entity>") else { return nil }
            var entity = EntityDescription(name: name, parent: element["parentEntity"], location: document.location(of: element))
            entity.attributes = element.children(named: "attribute").compactMap { attribute($0, entity: name) }
            entity.relationships = element.children(named: "relationship").compactMap { relationship($0, entity: name) }
            let info = userInfo(element)
            entity.identityAttribute = info["identityAttribute"]?["value"]
            entity.ownerRelationship = info["ownerRelationship"]?["value"]
            if let ownerFlag = info["isOwnerEntity"] {
                entity.isOwnerEntity = flag("value", of: ownerFlag, what: "isOwnerEntity of \(name)")
            }
            return entity
        }

        private mutating func attribute(_ element: XMLElementNode, entity: String) -> AttributeDescription? {
            guard let name = required("name", of: element, what: "an <attribute> of \(entity)"),
                  let typeName = required("attributeType", of: element, what: "attribute \(entity).\(name)",
                                          hint: Self.typeHint) else { return nil }
            guard let type = AttributeType(name: typeName) else {
                report(.unknownAttributeType, "attribute \(entity).\(name) has unsupported type \"\(typeName)\"", at: element,
                       attribute: "attributeType", hint: Self.typeHint)
                return nil
            }
            var attribute = AttributeDescription(name: name, type: type, location: document.location(of: element))
            attribute.isOptional = flag("optional", of: element, what: "optional of \(entity).\(name)")
            attribute.defaultValue = defaultValue(of: element, type: type, what: "\(entity).\(name)")
            let info = userInfo(element)
            attribute.jsonKeyPath = info["JSONKeyPath"]?["value"]
            attribute.jsonTransformerName = info["JSONTransformerName"]?["value"]
            return attribute
        }

        private mutating func relationship(_ element: XMLElementNode, entity: String) -> RelationshipDescription? {
            guard let name = required("name", of: element, what: "a <relationship> of \(entity)"),
                  let destination = required("destinationEntity", of: element, what: "relationship \(entity).\(name)") else { return nil }
            var relationship = RelationshipDescription(name: name, destination: destination, location: document.location(of: element))
            relationship.isToMany = flag("toMany", of: element, what: "toMany of \(entity).\(name)")
            relationship.isOrdered = flag("ordered", of: element, what: "ordered of \(entity).\(name)")
            relationship.inverse = element["inverseName"]
            if let ruleName = element["deletionRule"] {
                if let rule = DeleteRule(name: ruleName) {
                    relationship.deleteRule = rule
                } else {
                    report(.unknownDeleteRule, "relationship \(entity).\(name) has unknown deletion rule \"\(ruleName)\"", at: element,
                           attribute: "deletionRule", hint: "the rules are Nullify, Cascade, Deny and No Action")
                }
            }
            relationship.jsonKeyPath = userInfo(element)["JSONKeyPath"]?["value"]
            return relationship
        }

        // MARK: Parts

        private static var typeHint: String {
            "the supported types are " + AttributeType.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        }

        /// The `<entry>` elements of the element's own `<userInfo>`, by key.
        private mutating func userInfo(_ element: XMLElementNode) -> [String: XMLElementNode] {
            var entries: [String: XMLElementNode] = [:]
            for entry in element.children(named: "userInfo").flatMap({ $0.children(named: "entry") }) {
                guard let key = required("key", of: entry, what: "a userInfo <entry>"),
                      required("value", of: entry, what: "userInfo entry \(key)") != nil else { continue }
                entries[key] = entry
            }
            return entries
        }

        private mutating func defaultValue(of element: XMLElementNode, type: AttributeType, what: String) -> Value? {
            if type == .date, let interval = element["defaultDateTimeInterval"] {
                if let seconds = Double(interval), seconds.isFinite { return .date(Date(timeIntervalSinceReferenceDate: seconds)) }
                report(.invalidDefault, "the default date of \(what), \"\(interval)\", is not a number of seconds", at: element,
                       attribute: "defaultDateTimeInterval", hint: AttributeDefaults.xcodeHint(for: type))
                return nil
            }
            guard let text = element["defaultValueString"], !text.isEmpty || type == .string else { return nil }
            if let value = AttributeDefaults.value(xcodeText: text, for: type) { return value }
            report(.invalidDefault, "the default of \(what), \"\(text)\", is not a valid \(type.rawValue)", at: element,
                   attribute: "defaultValueString", hint: AttributeDefaults.xcodeHint(for: type))
            return nil
        }

        /// An XML attribute that must be present; reports `model.missing-key` when it is not.
        private mutating func required(_ attribute: String, of element: XMLElementNode, what: String, hint: String? = nil) -> String? {
            if let value = element[attribute] { return value }
            report(.missingKey, "\(what) has no \(attribute)", at: element,
                   hint: hint ?? "write \(attribute)=\"…\" in the <\(element.name)> tag")
            return nil
        }

        /// A YES/NO attribute; false when absent.
        private mutating func flag(_ attribute: String, of element: XMLElementNode, what: String) -> Bool {
            guard let text = element[attribute] else { return false }
            if let value = AttributeDefaults.flag(text) { return value }
            report(.wrongType, "\(what) is \"\(text)\", not a boolean", at: element, attribute: attribute,
                   hint: "write YES or NO")
            return false
        }

        private mutating func report(_ code: ModelError.Code, _ message: String, at element: XMLElementNode, attribute: String? = nil,
                                     hint: String? = nil) {
            let location = attribute.map { document.location(ofAttribute: $0, in: element) } ?? document.location(of: element)
            errors.append(ModelError(code, message, file: file, location: location, hint: hint))
        }
    }
}

extension AttributeDefaults {
    /// A default as Xcode writes it in `defaultValueString`, converted to the attribute's type.
    static func value(xcodeText text: String, for type: AttributeType) -> Value? {
        switch type {
        case .integer16, .integer32, .integer64:
            guard let number = Int64(text).map(Value.int) ?? Double(text).map(Value.double) else { return nil }
            return value(number, for: type)
        case .double, .float, .decimal:
            guard let number = Double(text), number.isFinite else { return nil }
            return .double(number)
        case .boolean:
            return flag(text).map(Value.bool)
        case .date:
            if let seconds = Double(text), seconds.isFinite { return .date(Date(timeIntervalSinceReferenceDate: seconds)) }
            return Value.date(iso8601: text).map(Value.date)
        case .string, .uri, .uuid, .binary:
            return value(.string(text), for: type)
        }
    }

    /// `YES`, `true`, `1` and `NO`, `false`, `0`, in any case; nil for anything else.
    static func flag(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "true", "1": true
        case "no", "false", "0": false
        default: nil
        }
    }

    /// What to write instead of a default that does not fit its type, in Xcode's terms.
    static func xcodeHint(for type: AttributeType) -> String {
        switch type {
        case .boolean: "write YES or NO"
        case .date: "write defaultDateTimeInterval=\"0\" (seconds since 2001-01-01 00:00:00 UTC) or an ISO 8601 date such as 2018-06-20T18:00:00Z"
        default: hint(for: type)
        }
    }
}
