public import WidgetryExpressions

/// The changes of one ``ObjectStore/perform(_:)``: made on a private copy of the store, applied
/// whole when the body returns, dropped whole when it throws.
///
/// Relationship writes keep inverses consistent (setting `post.author` adds the post to the
/// author's `posts`); attribute writes are checked against the model's types; new objects get
/// their attributes' defaults; identity attributes are indexed per entity hierarchy, so an
/// `Account` is found by the identity a `User` is looked up with.
public struct StoreTransaction {
    public let model: EntityModel
    var state: StoreState
    public private(set) var changes = ChangeSet()

    init(model: EntityModel, state: StoreState) {
        self.model = model
        self.state = state
    }

    // MARK: Reading

    public func entity(of id: ObjectID) -> String? {
        state.records[id]?.entity
    }

    /// Attribute values as stored; relationships as object IDs (`.int` raw values are not used:
    /// read relationships with ``target(_:of:)`` and ``targets(_:of:)``).
    public func attribute(_ key: String, of id: ObjectID) -> Value {
        state.records[id]?.attributes[key] ?? .null
    }

    public func target(_ relationship: String, of id: ObjectID) -> ObjectID? {
        state.records[id]?.toOne[relationship]
    }

    public func targets(_ relationship: String, of id: ObjectID) -> [ObjectID] {
        state.records[id]?.toMany[relationship] ?? []
    }

    /// The objects of `entity` and, unless told otherwise, of its descendants, in insertion order.
    public func objects(of entity: String, includingDescendants: Bool = true) -> [ObjectID] {
        ObjectStore.objects(of: entity, includingDescendants: includingDescendants, in: state, model: model)
    }

    /// The object of `entity`'s hierarchy whose identity attribute equals `identity`.
    public func object(withIdentity identity: Value, in entity: String) -> ObjectID? {
        guard let root = ObjectStore.identityRoot(of: entity, model: model), let id = state.identities[root]?[identity],
              let found = state.records[id], model.isKind(found.entity, of: entity) else { return nil }
        return id
    }

    // MARK: Writing

    /// A new object of `entity` with its attributes' defaults.
    public mutating func insert(_ entity: String) throws(StoreError) -> ObjectID {
        guard model.entity(named: entity) != nil else {
            throw StoreError(.unknownEntity, "the model has no entity \(entity)")
        }
        let id = ObjectID(rawValue: state.nextID)
        state.nextID += 1
        var attributes: [String: Value] = [:]
        for attribute in model.attributes(of: entity) {
            if let value = attribute.defaultValue { attributes[attribute.name] = value }
        }
        state.records[id] = ObjectRecord(entity: entity, attributes: attributes, toOne: [:], toMany: [:])
        state.byEntity[entity, default: []].append(id)
        changes.noteInsert(id)
        try indexIdentity(of: id, old: nil)
        return id
    }

    /// Writes an attribute; `.null` clears it.
    public mutating func setAttribute(_ key: String, to value: Value, of id: ObjectID) throws(StoreError) {
        // Only the entity name is read first: holding the record would share its attribute
        // dictionary and make the write below copy it.
        guard let entity = state.records[id]?.entity else { throw StoreError(.deletedObject, "object \(id) is not in the store") }
        guard let attribute = model.attribute(key, of: entity) else {
            throw StoreError(.unknownKey, "\(entity) has no attribute \(key)")
        }
        let stored = try AttributeValues.checked(value, for: attribute, entity: entity)
        let old = state.records[id]?.attributes[key]
        guard old != stored, !(old == nil && stored.isNull) else { return }
        state.records[id]?.attributes[key] = stored.isNull ? nil : stored
        changes.noteUpdate(id)
        if model.identityAttribute(of: entity)?.name == key { try indexIdentity(of: id, old: old) }
    }

    /// Points a to-one relationship at `target` (nil clears it), keeping the inverse consistent.
    public mutating func setTarget(_ key: String, to target: ObjectID?, of id: ObjectID) throws(StoreError) {
        let relationship = try relationship(key, of: id, toMany: false)
        let old = state.records[id]?.toOne[key]
        guard old != target else { return }
        if let target { try check(target, isA: relationship.destination, for: key) }
        if let old, let inverse = relationship.inverse { unlink(old, inverse, from: id) }
        state.records[id]?.toOne[key] = target
        changes.noteUpdate(id)
        if let target, let inverse = relationship.inverse { try link(target, inverse, to: id) }
    }

    /// Replaces a to-many relationship's targets, keeping inverses consistent.
    public mutating func setTargets(_ key: String, to targets: [ObjectID], of id: ObjectID) throws(StoreError) {
        let relationship = try relationship(key, of: id, toMany: true)
        var unique: [ObjectID] = []
        var seen: Set<ObjectID> = []
        for target in targets where seen.insert(target).inserted {
            try check(target, isA: relationship.destination, for: key)
            unique.append(target)
        }
        let old = state.records[id]?.toMany[key] ?? []
        guard old != unique else { return }
        if let inverse = relationship.inverse {
            for removed in old where !seen.contains(removed) { unlink(removed, inverse, from: id) }
        }
        state.records[id]?.toMany[key] = unique
        changes.noteUpdate(id)
        if let inverse = relationship.inverse {
            let before = Set(old)
            for added in unique where !before.contains(added) { try link(added, inverse, to: id) }
        }
    }

    /// Deletes an object, applying each relationship's delete rule: `cascade` deletes the
    /// targets, `deny` refuses while there are any, `nullify` clears their inverse, `noAction`
    /// leaves them.
    public mutating func delete(_ id: ObjectID) throws(StoreError) {
        let record = try record(id)
        let relationships = model.relationships(of: record.entity)
        for relationship in relationships where relationship.deleteRule == .deny {
            let count = relationship.isToMany ? (record.toMany[relationship.name]?.count ?? 0) : (record.toOne[relationship.name] == nil ? 0 : 1)
            if count > 0 {
                throw StoreError(.deleteDenied, "\(record.entity) \(id) cannot be deleted while its \(relationship.name) holds \(count) object(s) (delete rule deny)")
            }
        }
        state.records[id] = nil
        state.byEntity[record.entity]?.removeAll { $0 == id }
        if let root = ObjectStore.identityRoot(of: record.entity, model: model),
           let identity = model.identityAttribute(of: record.entity).flatMap({ record.attributes[$0.name] }) {
            state.identities[root]?[identity] = nil
        }
        changes.noteDelete(id)
        for relationship in relationships {
            let targets = relationship.isToMany ? (record.toMany[relationship.name] ?? []) : (record.toOne[relationship.name].map { [$0] } ?? [])
            for target in targets where state.records[target] != nil {
                switch relationship.deleteRule {
                case .cascade: try delete(target)
                case .nullify, .deny: if let inverse = relationship.inverse { unlink(target, inverse, from: id) }
                case .noAction: break
                }
            }
        }
    }

    /// Deletes every object of the given entities and their sub-entities (every entity when the
    /// list is empty), applying delete rules — what a `clearPolicy` does before or after an import.
    public mutating func clear(_ entities: [String] = []) throws(StoreError) {
        for entity in entities where model.entity(named: entity) == nil {
            throw StoreError(.unknownEntity, "the model has no entity \(entity)")
        }
        let names = entities.isEmpty ? model.entities.map(\.name) : entities
        for name in names {
            for id in objects(of: name) where state.records[id] != nil { try delete(id) }
        }
    }

    /// Whether the user may delete `id`: its entity has an owner relationship, the object's owner
    /// is set, and the owner's own entity is an owner entity (the signed-in account's posts, say).
    public func isMine(_ id: ObjectID) -> Bool {
        guard let entity = state.records[id]?.entity, let owner = model.entity(named: entity)?.ownerRelationship
                ?? model.ancestors(of: entity).lazy.compactMap(\.ownerRelationship).first,
              let target = state.records[id]?.toOne[owner], let ownerEntity = state.records[target]?.entity else { return false }
        return model.entity(named: ownerEntity)?.isOwnerEntity == true
    }

    // MARK: Helpers

    private func record(_ id: ObjectID) throws(StoreError) -> ObjectRecord {
        guard let record = state.records[id] else { throw StoreError(.deletedObject, "object \(id) is not in the store") }
        return record
    }

    private func relationship(_ key: String, of id: ObjectID, toMany: Bool) throws(StoreError) -> RelationshipDescription {
        let record = try record(id)
        guard let relationship = model.relationship(key, of: record.entity) else {
            throw StoreError(.unknownKey, "\(record.entity) has no relationship \(key)")
        }
        guard relationship.isToMany == toMany else {
            throw StoreError(.typeMismatch, "\(record.entity).\(key) is \(relationship.isToMany ? "to-many" : "to-one")")
        }
        return relationship
    }

    private func check(_ target: ObjectID, isA destination: String, for key: String) throws(StoreError) {
        let record = try record(target)
        guard model.isKind(record.entity, of: destination) else {
            throw StoreError(.typeMismatch, "\(key) takes \(destination) objects, not \(record.entity)")
        }
    }

    /// Adds `id` to `target`'s relationship `key` (the inverse of a write on `id`).
    private mutating func link(_ target: ObjectID, _ key: String, to id: ObjectID) throws(StoreError) {
        guard let record = state.records[target], let inverse = model.relationship(key, of: record.entity) else { return }
        if inverse.isToMany {
            if state.records[target]?.toMany[key]?.contains(id) == true { return }
            state.records[target]?.toMany[key, default: []].append(id)
        } else {
            if let previous = state.records[target]?.toOne[key], previous != id, let back = inverse.inverse {
                // The target pointed at another object: that object loses the target.
                unlink(previous, back, from: target)
            }
            state.records[target]?.toOne[key] = id
        }
        changes.noteUpdate(target)
    }

    /// Removes `id` from `target`'s relationship `key`.
    private mutating func unlink(_ target: ObjectID, _ key: String, from id: ObjectID) {
        guard state.records[target] != nil else { return }
        if state.records[target]?.toOne[key] == id {
            state.records[target]?.toOne[key] = nil
        } else if let position = state.records[target]?.toMany[key]?.firstIndex(of: id) {
            state.records[target]?.toMany[key]?.remove(at: position)
        } else {
            return
        }
        changes.noteUpdate(target)
    }

    private mutating func indexIdentity(of id: ObjectID, old: Value?) throws(StoreError) {
        guard let record = state.records[id], let attribute = model.identityAttribute(of: record.entity),
              let root = ObjectStore.identityRoot(of: record.entity, model: model) else { return }
        if let old { state.identities[root]?[old] = nil }
        guard let identity = record.attributes[attribute.name] else { return }
        if let existing = state.identities[root]?[identity], existing != id {
            throw StoreError(.duplicateIdentity, "\(record.entity) \(id) has identity \(identity), which \(existing) already has")
        }
        state.identities[root, default: [:]][identity] = id
    }
}
