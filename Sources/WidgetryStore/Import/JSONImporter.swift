public import WidgetryExpressions
public import WidgetryJSON

/// Imports JSON into a store transaction by the model's annotations (Groot's rules).
///
/// - An object imports into the entity; an array imports each element (null elements skipped).
/// - Entities with an identity attribute merge: the object whose identity (the value at the
///   identity attribute's `JSONKeyPath`, after its transformer) matches an object of the entity
///   or any sub-entity updates that object in place; otherwise a new object is inserted.
/// - Attributes take the value at their `JSONKeyPath` (a dotted path), through their
///   `JSONTransformerName`, converted to their type (``ImportedValues``). A key that is absent or
///   null leaves the stored value unchanged. Properties without `JSONKeyPath` are not imported;
///   JSON keys the model does not name are ignored.
/// - A to-one relationship takes an object (imported into the destination by the same rules)
///   or a scalar identity (a reference: the destination object with that identity, created when
///   missing); a to-many takes an array of those and replaces the whole set.
/// - Identity matching is by value and type: `"0"` is not `0`.
/// Any error aborts the import; run it inside one ``ObjectStore/perform(_:)`` so nothing of it stays.
public struct JSONImporter: Sendable {
    public var transformers: BindingTransformerRegistry
    public var transformerContext: TransformerContext

    public init(transformers: BindingTransformerRegistry = BindingTransformerRegistry(), transformerContext: TransformerContext) {
        self.transformers = transformers
        self.transformerContext = transformerContext
    }

    /// Imports `json` (an object or an array of objects) into `entity`; returns the objects in order.
    public func importJSON(_ json: JSONValue, into entity: String, in transaction: inout StoreTransaction) throws(ImportError) -> [ObjectID] {
        switch json.kind {
        case .array(let elements):
            var ids: [ObjectID] = []
            ids.reserveCapacity(elements.count)
            for element in elements where !element.isNull {
                ids.append(try importObject(element, into: entity, in: &transaction))
            }
            return ids
        case .object:
            return [try importObject(json, into: entity, in: &transaction)]
        default:
            throw ImportError(.shapeMismatch, "\(entity) imports from an object or an array of objects, not \(json.typeName)", at: json)
        }
    }

    private func importObject(_ json: JSONValue, into entity: String, in transaction: inout StoreTransaction) throws(ImportError) -> ObjectID {
        guard case .object = json.kind else {
            throw ImportError(.shapeMismatch, "\(entity) imports from an object, not \(json.typeName)", at: json)
        }
        let model = transaction.model
        var existing: ObjectID?
        if let identity = model.identityAttribute(of: entity), let path = identity.jsonKeyPath,
           let raw = JSONImporter.member(of: json, at: path), !raw.isNull {
            existing = transaction.object(withIdentity: try value(raw, for: identity, entity: entity), in: entity)
        }
        let id = try store(at: json) { (transaction: inout StoreTransaction) throws(StoreError) in
            if let existing { return existing }
            return try transaction.insert(entity)
        }(&transaction)
        for attribute in model.attributes(of: entity) {
            guard let path = attribute.jsonKeyPath, let raw = JSONImporter.member(of: json, at: path), !raw.isNull else { continue }
            let converted = try value(raw, for: attribute, entity: entity)
            try store(at: raw) { (transaction: inout StoreTransaction) throws(StoreError) in
                try transaction.setAttribute(attribute.name, to: converted, of: id)
            }(&transaction)
        }
        for relationship in model.relationships(of: entity) {
            guard let path = relationship.jsonKeyPath, let raw = JSONImporter.member(of: json, at: path), !raw.isNull else { continue }
            if relationship.isToMany {
                guard case .array(let elements) = raw.kind else {
                    throw ImportError(.shapeMismatch, "\(entity).\(relationship.name) is to-many and imports from an array, not \(raw.typeName)", at: raw)
                }
                var targets: [ObjectID] = []
                for element in elements where !element.isNull {
                    targets.append(try reference(element, to: relationship.destination, in: &transaction))
                }
                try store(at: raw) { (transaction: inout StoreTransaction) throws(StoreError) in
                    try transaction.setTargets(relationship.name, to: targets, of: id)
                }(&transaction)
            } else {
                let target = try reference(raw, to: relationship.destination, in: &transaction)
                try store(at: raw) { (transaction: inout StoreTransaction) throws(StoreError) in
                    try transaction.setTarget(relationship.name, to: target, of: id)
                }(&transaction)
            }
        }
        return id
    }

    /// The object a relationship value names: imported from an object, or found (or created) by
    /// a scalar identity.
    private func reference(_ json: JSONValue, to entity: String, in transaction: inout StoreTransaction) throws(ImportError) -> ObjectID {
        if case .object = json.kind { return try importObject(json, into: entity, in: &transaction) }
        guard let identity = transaction.model.identityAttribute(of: entity) else {
            throw ImportError(.shapeMismatch, "\(entity) has no identity attribute, so it imports from an object, not \(json.typeName)", at: json)
        }
        let key = try value(json, for: identity, entity: entity)
        if let found = transaction.object(withIdentity: key, in: entity) { return found }
        return try store(at: json) { (transaction: inout StoreTransaction) throws(StoreError) in
            let id = try transaction.insert(entity)
            try transaction.setAttribute(identity.name, to: key, of: id)
            return id
        }(&transaction)
    }

    /// A JSON value through the attribute's transformer and converted to its type.
    private func value(_ json: JSONValue, for attribute: AttributeDescription, entity: String) throws(ImportError) -> Value {
        var value = Value(json: json)
        if let name = attribute.jsonTransformerName {
            guard transformers.transformer(named: name) != nil else {
                throw ImportError(.unknownTransformer, "\(entity).\(attribute.name) names transformer \(name), which is not registered", at: json,
                                  hint: "registered: " + transformers.names.sorted().joined(separator: ", "))
            }
            guard let transformed = transformers.transform(value, named: name, context: transformerContext) else {
                throw ImportError(.conversion, "transformer \(name) cannot convert \(json) for \(entity).\(attribute.name)", at: json)
            }
            value = transformed
        }
        return try ImportedValues.convert(value, for: attribute, entity: entity, at: json)
    }

    /// Runs a store change, turning its error into an import error placed at `json`.
    private func store<Result>(at json: JSONValue, _ change: @escaping (inout StoreTransaction) throws(StoreError) -> Result)
        -> (inout StoreTransaction) throws(ImportError) -> Result
    {
        { transaction throws(ImportError) in
            do throws(StoreError) {
                return try change(&transaction)
            } catch {
                throw ImportError(.store, error.message, at: json)
            }
        }
    }

    /// The member at a dotted key path (`user.name`), or nil when a step is missing. Paths
    /// without a dot, the common case, are looked up directly.
    static func member(of json: JSONValue, at keyPath: String) -> JSONValue? {
        guard keyPath.utf8.contains(UInt8(ascii: ".")) else {
            guard case .object(let object) = json.kind else { return nil }
            return object[keyPath]
        }
        var current = json
        for key in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            guard case .object(let object) = current.kind, let next = object[String(key)] else { return nil }
            current = next
        }
        return current
    }
}
