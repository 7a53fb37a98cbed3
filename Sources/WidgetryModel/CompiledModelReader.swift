import Foundation
import WidgetryExpressions
public import WidgetryJSON

/// Reads a compiled data model, `Model.momd/Model.mom`: the `NSManagedObjectModel` Xcode
/// archives with `NSKeyedArchiver` into a binary property list.
///
/// The binary property list is read by ``BinaryPropertyList`` (Foundation's reader leaks and can
/// crash on damaged files) and its `$objects` graph walked by hand (``KeyedArchive``); no class
/// named in the file is ever instantiated. The result is the
/// `EntityModel` ``XcdatamodelReader`` builds from the model's source: entities keep only their
/// own properties (the archive stores them that way) and ``EntityModel`` merges the parent's.
/// Entities and properties are sorted by name, as Xcode writes them in the XML. Relationships
/// are to-many when `NSMaxCount` is not 1; delete rules are numbered 0 no action, 1 nullify,
/// 2 cascade, 3 deny. The walk follows the model's fixed shape (model, entities, properties,
/// user info), never arbitrary references, so cycles in the graph cannot make it loop.
package enum CompiledModelReader {
    /// Bounds on a compiled model, checked before it is walked.
    public struct Limits: Sendable {
        /// The largest file, in bytes.
        public var maxBytes: Int
        /// The most entries `$objects` may have.
        public var maxObjects: Int
        /// The most entries one dictionary (entities, properties, user info) may have.
        public var maxItems: Int

        public init(maxBytes: Int = 8 << 20, maxObjects: Int = 200_000, maxItems: Int = 10_000) {
            self.maxBytes = maxBytes
            self.maxObjects = maxObjects
            self.maxItems = maxItems
        }
    }

    /// Reads a `.mom` file's bytes into a validated model; every problem is a `ModelError`.
    public static func read(_ bytes: [UInt8], file: String, limits: Limits = Limits()) throws(ModelErrors) -> EntityModel {
        let archive: KeyedArchive
        do {
            archive = try KeyedArchive(bytes, limits: KeyedArchive.Limits(maxBytes: limits.maxBytes, maxObjects: limits.maxObjects,
                                                                           maxItems: limits.maxItems))
        } catch {
            throw ModelErrors([invalid(error.message, file: file, entity: nil)])
        }
        var builder = Builder(archive: archive, file: file)
        let entities: [EntityDescription]
        do {
            entities = try builder.entities()
        } catch {
            throw ModelErrors(builder.errors + [invalid(error.message, file: file, entity: builder.currentEntity)])
        }
        if !builder.errors.isEmpty { throw ModelErrors(builder.errors) }
        return try EntityModel(entities: entities, file: file)
    }

    /// A compiled model has no lines to point at: its problems name the entity in a note.
    static func entityNotes(_ entity: String?) -> [String] {
        entity.map { ["in entity \($0)"] } ?? []
    }

    static func invalid(_ message: String, file: String, entity: String?) -> ModelError {
        ModelError(.invalidCompiledModel, "the compiled model is not readable: \(message)", file: file,
                   hint: "the file must be a Model.mom compiled by Xcode; ship the model's source (Model.xcdatamodeld) if it is damaged",
                   notes: entityNotes(entity))
    }

    /// Attribute types by the number `NSAttributeType` stores.
    static let attributeTypes: [Int: AttributeType] = [
        100: .integer16, 200: .integer32, 300: .integer64, 400: .decimal, 500: .double, 600: .float,
        700: .string, 800: .boolean, 900: .date, 1000: .binary, 1100: .uuid, 1200: .uri,
    ]
    static let unsupportedTypeNames: [Int: String] = [0: "Undefined", 1800: "Transformable", 2000: "Object ID"]
    static let deleteRules: [Int: DeleteRule] = [0: .noAction, 1: .nullify, 2: .cascade, 3: .deny]

    private struct Builder {
        let archive: KeyedArchive
        let file: String
        var errors: [ModelError] = []
        var currentEntity: String?

        typealias Problem = KeyedArchive.Problem
        typealias Object = KeyedArchive.Object

        mutating func entities() throws(Problem) -> [EntityDescription] {
            let model = try archive.instance(archive.root, "the root")
            let className = try archive.className(of: model, "the root")
            guard className == "NSManagedObjectModel" else {
                throw Problem(message: "the root is an \(className), not an NSManagedObjectModel")
            }
            var entities: [EntityDescription] = []
            for (name, reference) in try archive.dictionary(model["NSEntities"], "the model's entities").sorted(by: { $0.key < $1.key }) {
                currentEntity = name
                guard let index = try archive.index(reference, "entity \(name)") else {
                    throw Problem(message: "entity \(name) is nil")
                }
                entities.append(try entity(index, name: name))
            }
            currentEntity = nil
            return entities
        }

        private mutating func entity(_ index: Int, name: String) throws(Problem) -> EntityDescription {
            let instance = try archive.instance(index, "entity \(name)")
            guard try archive.className(of: instance, "entity \(name)") == "NSEntityDescription" else {
                throw Problem(message: "entity \(name) is not an NSEntityDescription")
            }
            let ownName = try archive.string(instance["NSEntityName"], "the name of entity \(name)")
            guard ownName == name else {
                throw Problem(message: "entity \(name) calls itself \(ownName ?? "nothing")")
            }
            var entity = EntityDescription(name: name)
            if let parent = try archive.index(instance["NSSuperentity"], "the parent of \(name)") {
                let parentInstance = try archive.instance(parent, "the parent of \(name)")
                entity.parent = try archive.string(parentInstance["NSEntityName"], "the parent's name of \(name)")
            }
            let properties = try archive.dictionary(instance["NSProperties"], "the properties of \(name)").sorted { $0.key < $1.key }
            for (propertyName, reference) in properties {
                guard let propertyIndex = try archive.index(reference, "property \(name).\(propertyName)") else {
                    throw Problem(message: "property \(name).\(propertyName) is nil")
                }
                let property = try archive.instance(propertyIndex, "property \(name).\(propertyName)")
                switch try archive.className(of: property, "property \(name).\(propertyName)") {
                case "NSAttributeDescription":
                    if let attribute = try attribute(property, name: propertyName, entity: name) { entity.attributes.append(attribute) }
                case "NSRelationshipDescription":
                    if let relationship = try relationship(property, name: propertyName, entity: name) {
                        entity.relationships.append(relationship)
                    }
                default:
                    continue // fetched properties and expressions carry nothing the store uses
                }
            }
            let info = try userInfo(instance, what: "entity \(name)")
            entity.identityAttribute = info["identityAttribute"]
            entity.ownerRelationship = info["ownerRelationship"]
            if let flag = info["isOwnerEntity"] {
                if let value = AttributeDefaults.flag(flag) {
                    entity.isOwnerEntity = value
                } else {
                    report(.wrongType, "isOwnerEntity of \(name) is \"\(flag)\", not a boolean", entity: name, hint: "write YES or NO")
                }
            }
            return entity
        }

        private mutating func attribute(_ property: KeyedArchive.Instance, name: String, entity: String) throws(Problem) -> AttributeDescription? {
            let what = "attribute \(entity).\(name)"
            guard let code = try integer(property["NSAttributeType"], what: "NSAttributeType of \(what)") else {
                throw Problem(message: "\(what) has no NSAttributeType number")
            }
            guard let type = CompiledModelReader.attributeTypes[code] else {
                let known = CompiledModelReader.unsupportedTypeNames[code].map { "\"\($0)\"" } ?? "number \(code)"
                report(.unknownAttributeType, "\(what) has unsupported type \(known)", entity: entity,
                       hint: "the supported types are " + AttributeType.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
                return nil
            }
            var attribute = AttributeDescription(name: name, type: type)
            attribute.isOptional = try flag(property["NSIsOptional"], what: "NSIsOptional of \(what)")
            attribute.defaultValue = try defaultValue(property["NSDefaultValue"], type: type, what: what, entity: entity)
            let info = try userInfo(property, what: what)
            attribute.jsonKeyPath = info["JSONKeyPath"]
            attribute.jsonTransformerName = info["JSONTransformerName"]
            return attribute
        }

        private mutating func relationship(_ property: KeyedArchive.Instance, name: String, entity: String) throws(Problem) -> RelationshipDescription? {
            let what = "relationship \(entity).\(name)"
            let destination: String
            if let named = try archive.string(property["_NSDestinationEntityName"], "the destination of \(what)") {
                destination = named
            } else if let index = try archive.index(property["NSDestinationEntity"], "the destination of \(what)"),
                      let named = try archive.string(try archive.instance(index, "the destination of \(what)")["NSEntityName"],
                                                     "the destination's name of \(what)") {
                destination = named
            } else {
                report(.missingKey, "\(what) has no destination entity", entity: entity, hint: "the compiled model is damaged")
                return nil
            }
            var relationship = RelationshipDescription(name: name, destination: destination)
            let maxCount = try integer(property["NSMaxCount"], what: "NSMaxCount of \(what)") ?? 0
            relationship.isToMany = maxCount != 1
            relationship.isOrdered = try flag(property["NSIsOrdered"], what: "NSIsOrdered of \(what)")
            if let inverse = try archive.string(property["_NSInverseRelationshipName"], "the inverse of \(what)") {
                relationship.inverse = inverse
            } else if let index = try archive.index(property["NSInverseRelationship"], "the inverse of \(what)") {
                relationship.inverse = try archive.string(try archive.instance(index, "the inverse of \(what)")["NSPropertyName"],
                                                          "the inverse's name of \(what)")
            }
            let ruleNumber = try integer(property["NSDeleteRule"], what: "NSDeleteRule of \(what)") ?? 1
            if let rule = CompiledModelReader.deleteRules[ruleNumber] {
                relationship.deleteRule = rule
            } else {
                report(.unknownDeleteRule, "\(what) has unknown delete rule \(ruleNumber)", entity: entity,
                       hint: "the rules are 0 no action, 1 nullify, 2 cascade and 3 deny")
            }
            relationship.jsonKeyPath = try userInfo(property, what: what)["JSONKeyPath"]
            return relationship
        }

        // MARK: Parts

        /// The user info dictionary of an entity or property, as strings (values that are
        /// not strings are ignored, as the XML reader reads only `value` strings).
        private func userInfo(_ instance: KeyedArchive.Instance, what: String) throws(Problem) -> [String: String] {
            var result: [String: String] = [:]
            for (key, value) in try archive.dictionary(instance["NSUserInfo"], "the user info of \(what)") {
                if case .string(let text)? = try archive.resolve(value, "user info \(key) of \(what)") { result[key] = text }
            }
            return result
        }

        private func flag(_ value: Object?, what: String) throws(Problem) -> Bool {
            switch value {
            case nil: return false
            case .bool(let flag)?: return flag
            case .int(let number)?: return number != 0
            default: throw Problem(message: "\(what) is not a boolean")
            }
        }

        private func integer(_ value: Object?, what: String) throws(Problem) -> Int? {
            switch value {
            case nil: return nil
            case .int(let number)?: return Int(number)
            default: throw Problem(message: "\(what) is not an integer")
            }
        }

        /// `NSDefaultValue`: a number, string, date (`NS.time`), data or UUID (`NS.uuidbytes`),
        /// converted to the attribute's type.
        private mutating func defaultValue(_ reference: Object?, type: AttributeType, what: String, entity: String) throws(Problem) -> Value? {
            guard let uid = try archive.index(reference, "the default of \(what)") else { return nil }
            var value: Value?
            switch try archive.entry(uid, "the default of \(what)") {
            case .string(let text): value = text == "$null" ? nil : .string(text)
            case .data(let bytes): value = .data(bytes)
            case .bool(let flag): value = .bool(flag)
            case .int(let number): value = type == .boolean ? .bool(number != 0) : .int(number)
            case .real(let number): value = type == .boolean ? .bool(number != 0) : .double(number)
            case .dictionary:
                let instance = try archive.instance(uid, "the default of \(what)")
                switch (instance["NS.time"], instance["NS.uuidbytes"], instance["NS.data"], instance["NS.string"]) {
                case (.real(let seconds)?, _, _, _), (.date(let seconds)?, _, _, _):
                    value = .date(Date(timeIntervalSinceReferenceDate: seconds))
                case (_, .data(let bytes)?, _, _) where bytes.count == 16:
                    let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
                    value = .string(uuid.uuidString)
                case (_, _, .data(let bytes)?, _): value = .data(bytes)
                case (_, _, _, .string(let text)?): value = .string(text)
                default:
                    value = try archive.string(instance["NS.relative"], "the default of \(what)").map(Value.string)
                }
            default:
                break
            }
            if let value, let stored = AttributeDefaults.value(value, for: type) { return stored }
            report(.invalidDefault, "the default of \(what) is not a valid \(type.rawValue)", entity: entity,
                   hint: AttributeDefaults.xcodeHint(for: type))
            return nil
        }

        private mutating func report(_ code: ModelError.Code, _ message: String, entity: String?, hint: String? = nil) {
            errors.append(ModelError(code, message, file: file, hint: hint, notes: CompiledModelReader.entityNotes(entity)))
        }
    }
}
