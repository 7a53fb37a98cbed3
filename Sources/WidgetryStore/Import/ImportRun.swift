import WidgetryExpressions

/// One import by Groot's rules (see ``JSONImporter``), over either kind of ``ImportNode``.
struct ImportRun<Node: ImportNode> {
    let plan: ImportPlan
    let context: TransformerContext
    let transformerNames: () -> [String]
    /// What this import inserted, for ``checkRequiredAttributes(in:)``.
    let objects = ImportedObjects<Node>()

    /// Imports an object or an array of objects into `entity`; returns the objects in order.
    func importValue(_ node: Node, into entity: ImportPlan.Entity, in transaction: inout StoreTransaction) throws(ImportError) -> [ObjectID] {
        if let elements = node.elements {
            var ids: [ObjectID] = []
            ids.reserveCapacity(elements.count)
            transaction.reserveIdentities(elements.count, for: entity.layout)
            for element in elements where !element.isNull {
                ids.append(try importObject(element, into: entity, in: &transaction))
            }
            return ids
        }
        guard node.isObject else {
            throw node.importError(.shapeMismatch, "\(entity.layout.name) imports from an object or an array of objects, not \(node.typeName)", hint: nil)
        }
        return [try importObject(node, into: entity, in: &transaction)]
    }

    /// Merges an object into the object with its identity, or inserts a new one.
    func importObject(_ node: Node, into entity: ImportPlan.Entity, in transaction: inout StoreTransaction) throws(ImportError) -> ObjectID {
        let node = node.prepared
        guard node.isObject else {
            throw node.importError(.shapeMismatch, "\(entity.layout.name) imports from an object, not \(node.typeName)", hint: nil)
        }
        var existing: ObjectID?
        if let identity = entity.identity, identity.isMapped, let raw = node.member(at: identity.path), !raw.isNull {
            existing = transaction.object(withIdentity: try value(raw, for: identity, of: entity), in: entity.layout)
        }
        let id: ObjectID
        if let existing {
            id = existing
        } else {
            id = try storing(at: node) { () throws(StoreError) in try transaction.insert(entity.layout) }
            objects.record(id, from: node)
        }
        let location = try storing(at: node) { () throws(StoreError) in try transaction.location(of: id) }
        for attribute in entity.attributes {
            guard let raw = node.member(at: attribute.path), !raw.isNull else { continue }
            let converted = try value(raw, for: attribute, of: entity)
            try storing(at: raw) { () throws(StoreError) in try transaction.setAttribute(attribute.slot, to: converted, of: id, at: location) }
        }
        for step in entity.relationships {
            guard let raw = node.member(at: step.path), !raw.isNull else { continue }
            let relationship = step.relationship
            let destination = plan.entities[relationship.destination]
            if relationship.description.isToMany {
                guard let elements = raw.elements else {
                    throw raw.importError(.shapeMismatch, "\(entity.layout.name).\(relationship.description.name) is to-many and imports from an array, not \(raw.typeName)", hint: nil)
                }
                var targets: [ObjectID] = []
                targets.reserveCapacity(elements.count)
                for element in elements where !element.isNull {
                    targets.append(try reference(element, to: destination, in: &transaction))
                }
                try storing(at: raw) { () throws(StoreError) in try transaction.setTargets(relationship, to: targets, of: id, at: location) }
            } else {
                let target = try reference(raw, to: destination, in: &transaction)
                try storing(at: raw) { () throws(StoreError) in try transaction.setTarget(relationship, to: target, of: id, at: location) }
            }
        }
        return id
    }

    /// The object a relationship value names: imported from an object, or found (or created) by
    /// a scalar identity.
    private func reference(_ node: Node, to entity: ImportPlan.Entity, in transaction: inout StoreTransaction) throws(ImportError) -> ObjectID {
        if node.isObject { return try importObject(node, into: entity, in: &transaction) }
        guard let identity = entity.identity else {
            throw node.importError(.shapeMismatch, "\(entity.layout.name) has no identity attribute, so it imports from an object, not \(node.typeName)", hint: nil)
        }
        let key = try value(node, for: identity, of: entity)
        if let found = transaction.object(withIdentity: key, in: entity.layout) { return found }
        let id = try storing(at: node) { () throws(StoreError) in
            let id = try transaction.insert(entity.layout)
            try transaction.setAttribute(identity.slot, to: key, of: id, at: transaction.location(of: id))
            return id
        }
        objects.record(id, from: node)
        return id
    }

    /// A JSON value through the attribute's transformer and converted to its type: integer types
    /// take integral numbers in range (`3`, `3.0`) and `true`/`false`; `Double`/`Float`/`Decimal`
    /// any number; `Boolean` `true`/`false` and 0/1; `String` and `URI` strings (numbers are not
    /// turned into text); `Date` a date from a transformer or an ISO 8601 string; `UUID` a UUID
    /// string; `Binary` base64 text.
    func value(_ node: Node, for attribute: ImportPlan.Attribute, of entity: ImportPlan.Entity) throws(ImportError) -> Value {
        var value = node.expressionValue
        var name: String { "\(entity.layout.name).\(attribute.description.name)" }
        if let transformerName = attribute.transformerName {
            guard let transformer = attribute.transformer else {
                throw node.importError(.unknownTransformer, "\(name) names transformer \(transformerName), which is not registered",
                                       hint: "registered: " + transformerNames().joined(separator: ", "))
            }
            guard let transformed = transformer.transform(value, context) else {
                throw node.importError(.conversion, "transformer \(transformerName) cannot convert \(node.jsonText) for \(name)", hint: nil)
            }
            value = transformed
        }
        guard let converted = attribute.type.storedValue(value, accepting: [.isoDates, .base64Data, .numericBooleans, .booleanNumbers]) else {
            throw node.importError(.conversion, "\(name) is \(attribute.description.type.rawValue); the JSON value \(node.jsonText) does not convert",
                                   hint: attribute.type == .date ? "name a date transformer with JSONTransformerName, or send ISO 8601" : nil)
        }
        return converted
    }

    /// Runs a store change, turning its error into an import error placed at `node`.
    func storing<Result>(at node: Node, _ change: () throws(StoreError) -> Result) throws(ImportError) -> Result {
        do throws(StoreError) {
            return try change()
        } catch {
            throw node.importError(.store, error.message, hint: nil)
        }
    }
}
