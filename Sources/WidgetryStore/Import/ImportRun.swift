import WidgetryExpressions
import WidgetryModel

/// One import by Groot's rules (see ``JSONImporter``), over either kind of ``ImportNode``.
struct ImportRun<Node: ImportNode> {
    let plan: ImportPlan
    let context: TransformerContext
    let transformerNames: () -> [String]
    /// What this import inserted, for ``checkRequiredAttributes(in:)``.
    let objects = ImportedObjects<Node>()
    /// The JSON last imported into each object whose import depends only on its JSON.
    let lastImported = LastImportedJSON<Node>()

    /// Imports an object or an array of objects into `entity`; returns the objects in order.
    func importValue(_ node: Node, into entity: ImportPlan.Entity, in transaction: inout StoreTransaction) throws(ImportError) -> [ObjectID] {
        var ids: [ObjectID] = []
        let isArray = try node.forEachElement { (element) throws(ImportError) in
            guard !element.isNull else { return }
            ids.append(try importObject(element, into: entity, in: &transaction))
        }
        if isArray { return ids }
        guard node.isObject else {
            throw node.importError(.shapeMismatch, "\(name(of: entity)) imports from an object or an array of objects, not \(node.typeName)", hint: nil)
        }
        return [try importObject(node, into: entity, in: &transaction)]
    }

    /// Merges an object into the object with its identity, or inserts a new one.
    func importObject(_ node: Node, into entity: ImportPlan.Entity, in transaction: inout StoreTransaction) throws(ImportError) -> ObjectID {
        let node = node.prepared
        guard node.isObject else {
            throw node.importError(.shapeMismatch, "\(name(of: entity)) imports from an object, not \(node.typeName)", hint: nil)
        }
        // The identity is read first, to find the object, and written with the other attributes.
        var identityNode: Node?, identity: IdentityIndex.Key?
        var existing: ObjectID?
        if let position = entity.identity, plan.attributes[position].path.isMapped,
           let raw = node.member(at: plan.attributes[position].path), !raw.isNull {
            let key = IdentityIndex.Key(try value(raw, for: position, of: entity))
            existing = transaction.object(withIdentity: key, inEntity: entity.index)
            identityNode = raw
            identity = key
        }
        let id: ObjectID
        var attributesWritten = false
        if let existing {
            // The same JSON again (an embedded author repeated on each of their posts) changes nothing.
            if entity.dependsOnlyOnItsJSON {
                if lastImported.isSame(node, as: existing, entity: entity.index) { return existing }
            } else {
                lastImported.forget(existing)
            }
            id = existing
        } else if let identity, let inserted = try transaction.insert(entity: entity.index, identity: identity, values: { (values) throws(ImportError) in
            for position in entity.attributes where position != entity.identity {
                guard let raw = node.member(at: plan.attributes[position].path), !raw.isNull else { continue }
                values[plan.attributes[position].slot] = try value(raw, for: position, of: entity)
            }
        }) {
            // The usual new object: its row is written whole (values converted in slot order,
            // as below, so the first error is the same). An import writes no null, so an
            // object inserted with its identity keeps it: only other required values can be missing.
            id = inserted
            attributesWritten = true
            if entity.requiresMoreThanItsIdentity { objects.record(id, from: node) }
        } else {
            id = try storing(at: node) { () throws(StoreError) in try transaction.insert(entity: entity.index) }
            objects.record(id, from: node)
        }
        let location = try storing(at: node) { () throws(StoreError) in try transaction.location(of: id) }
        // An existing object, or one not inserted whole: its attributes one by one.
        for position in entity.attributes where !attributesWritten {
            let slot = plan.attributes[position].slot
            if position == entity.identity {
                // Written like the others (an object inserted whole has it already), so that a
                // clash with another entity's object is found here.
                guard let identityNode, let identity else { continue }
                try storing(at: identityNode) { () throws(StoreError) in try transaction.setAttribute(slot, to: identity.value, of: id, at: location) }
                continue
            }
            guard let raw = node.member(at: plan.attributes[position].path), !raw.isNull else { continue }
            let converted = try value(raw, for: position, of: entity)
            if existing == nil {
                transaction.setNewAttribute(slot, to: converted, at: location)
            } else {
                try storing(at: raw) { () throws(StoreError) in try transaction.setAttribute(slot, to: converted, of: id, at: location) }
            }
        }
        for position in entity.relationships {
            let step = plan.relationships[position]
            guard let raw = node.member(at: step.path), !raw.isNull else { continue }
            let destination = plan.entities[step.destination]
            switch step.slot {
            case .toMany(let slot):
                var targets: [ObjectID] = []
                let isArray = try raw.forEachElement { (element) throws(ImportError) in
                    guard !element.isNull else { return }
                    targets.append(try reference(element, to: destination, in: &transaction))
                }
                guard isArray else {
                    let relationship = plan.layouts[entity.index].relationship(step.slot)?.description.name ?? ""
                    throw raw.importError(.shapeMismatch, "\(name(of: entity)).\(relationship) is to-many and imports from an array, not \(raw.typeName)", hint: nil)
                }
                try storing(at: raw) { () throws(StoreError) in try transaction.setTargets(toMany: slot, to: targets, of: id, at: location) }
            case .toOne(let slot):
                let target = try reference(raw, to: destination, in: &transaction)
                try storing(at: raw) { () throws(StoreError) in try transaction.setTarget(toOne: slot, to: target, of: id, at: location) }
            case .attribute:
                continue
            }
        }
        if entity.dependsOnlyOnItsJSON { lastImported.record(node, for: id, entity: entity.index) }
        return id
    }

    /// The object a relationship value names: imported from an object, or found (or created) by
    /// a scalar identity.
    private func reference(_ node: Node, to entity: ImportPlan.Entity, in transaction: inout StoreTransaction) throws(ImportError) -> ObjectID {
        if node.isObject { return try importObject(node, into: entity, in: &transaction) }
        guard let identity = entity.identity else {
            throw node.importError(.shapeMismatch, "\(name(of: entity)) has no identity attribute, so it imports from an object, not \(node.typeName)", hint: nil)
        }
        let key = IdentityIndex.Key(try value(node, for: identity, of: entity))
        if let found = transaction.object(withIdentity: key, inEntity: entity.index) { return found }
        let slot = plan.attributes[identity].slot
        let id = try storing(at: node) { () throws(StoreError) in
            if let id = transaction.insert(entity: entity.index, identity: key, values: { _ in }) { return id }
            let id = try transaction.insert(entity: entity.index)
            try transaction.setAttribute(slot, to: key.value, of: id, at: transaction.location(of: id))
            return id
        }
        objects.record(id, from: node)
        return id
    }

    /// A JSON value through the transformer of the attribute at `position` in the plan, converted
    /// to its type (``converted(_:to:)``).
    @inline(__always)
    func value(_ node: Node, for position: Int, of entity: ImportPlan.Entity) throws(ImportError) -> Value {
        let attribute = plan.attributes[position]
        // A date in its common form is read from the bytes, without making its text a string
        // first; the conversion below reads any other text (and this text the same way).
        if attribute.type == .date, !attribute.namesTransformer, let date = node.withPlainStringBytes(Value.commonISO8601Date(utf8:)) {
            return .date(date)
        }
        var value = node.expressionValue
        if attribute.namesTransformer {
            value = try transformed(value, at: node, for: position, of: entity)
        }
        guard let converted = ImportRun.converted(value, to: attribute.type) else {
            throw conversionError(at: node, to: attribute.type, name: plan.name(ofAttribute: position, in: entity))
        }
        return converted
    }

    /// `value` through the attribute's transformer.
    private func transformed(_ value: Value, at node: Node, for position: Int, of entity: ImportPlan.Entity) throws(ImportError) -> Value {
        let transformerName = plan.attributeDescriptions[position].jsonTransformerName ?? ""
        guard let transformer = plan.transformers[position] else {
            throw node.importError(.unknownTransformer, "\(plan.name(ofAttribute: position, in: entity)) names transformer \(transformerName), which is not registered",
                                   hint: "registered: " + transformerNames().joined(separator: ", "))
        }
        guard let transformed = transformer.transform(value, context) else {
            throw node.importError(.conversion, "transformer \(transformerName) cannot convert \(node.jsonText) for \(plan.name(ofAttribute: position, in: entity))", hint: nil)
        }
        return transformed
    }

    /// A value converted to an attribute's type, or nil when it does not convert: integer types
    /// take integral numbers in range (`3`, `3.0`) and `true`/`false`; `Double`/`Float`/`Decimal`
    /// any number; `Boolean` `true`/`false` and 0/1; `String` and `URI` strings (numbers are not
    /// turned into text); `Date` a date from a transformer or an ISO 8601 string; `UUID` a UUID
    /// string; `Binary` base64 text.
    static func converted(_ value: consuming Value, to type: AttributeType) -> Value? {
        type.storedValue(value, accepting: [.isoDates, .base64Data, .numericBooleans, .booleanNumbers])
    }

    /// The error for a JSON value that does not convert to the type of the attribute `name`.
    func conversionError(at node: Node, to type: AttributeType, name: String) -> ImportError {
        node.importError(.conversion, "\(name) is \(type.rawValue); the JSON value \(node.jsonText) does not convert",
                         hint: type == .date ? "name a date transformer with JSONTransformerName, or send ISO 8601" : nil)
    }

    /// The entity's name, for messages.
    private func name(of entity: ImportPlan.Entity) -> String {
        plan.layouts[entity.index].name
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
