public import WidgetryExpressions
public import WidgetryModel

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
    var recorder: ChangeRecorder

    init(model: EntityModel, state: StoreState) {
        self.model = model
        self.state = state
        recorder = ChangeRecorder(firstNew: state.nextID)
    }

    /// What the transaction has changed so far.
    public var changes: ChangeSet { recorder.changeSet }

    // MARK: Reading

    public func entity(of id: ObjectID) -> String? {
        state.location(of: id).map { model.layouts[Int($0.entity)].name }
    }

    /// An attribute's value as stored (null when unset or when the object or key does not exist).
    public func attribute(_ key: String, of id: ObjectID) -> Value {
        guard let location = state.location(of: id), case .attribute(let slot)? = layout(of: location).slots[key] else { return .null }
        return state.tables[Int(location.entity)].attributes[slot][Int(location.row)]
    }

    public func target(_ relationship: String, of id: ObjectID) -> ObjectID? {
        guard let location = state.location(of: id), case .toOne(let slot)? = layout(of: location).slots[relationship] else { return nil }
        let raw = state.tables[Int(location.entity)].toOne[slot][Int(location.row)]
        return raw == 0 ? nil : ObjectID(rawValue: raw)
    }

    public func targets(_ relationship: String, of id: ObjectID) -> [ObjectID] {
        guard let location = state.location(of: id), case .toMany(let slot)? = layout(of: location).slots[relationship] else { return [] }
        return state.tables[Int(location.entity)].toMany[slot][Int(location.row)]
    }

    /// The objects of `entity` and, unless told otherwise, of its descendants, in insertion order.
    public func objects(of entity: String, includingDescendants: Bool = true) -> [ObjectID] {
        guard let layout = model.layout(named: entity) else { return [] }
        return state.ids(of: includingDescendants ? layout.kinds : [layout.index])
    }

    /// The object of `entity`'s hierarchy whose identity attribute equals `identity`.
    public func object(withIdentity identity: Value, in entity: String) -> ObjectID? {
        model.layout(named: entity).flatMap { object(withIdentity: IdentityIndex.Key(identity), inEntity: $0.index) }
    }

    /// The object of the hierarchy of the entity at `index` whose identity attribute equals `identity`.
    func object(withIdentity identity: IdentityIndex.Key, inEntity index: Int) -> ObjectID? {
        guard let root = withLayout(index, { $0.identityRoot }), let id = state.identities[root][identity],
              let location = state.location(of: id), withLayout(index, { $0.isKind[Int(location.entity)] }) else { return nil }
        return id
    }

    /// Whether the user may delete `id`: its entity has an owner relationship, the object's owner
    /// is set, and the owner's own entity is an owner entity (the signed-in account's posts, say).
    public func isMine(_ id: ObjectID) -> Bool {
        guard let location = state.location(of: id), let owner = layout(of: location).ownerSlot else { return false }
        let raw = state.tables[Int(location.entity)].toOne[owner][Int(location.row)]
        guard raw != 0, let ownerLocation = state.location(of: ObjectID(rawValue: raw)) else { return false }
        return layout(of: ownerLocation).isOwnerEntity
    }

    func layout(of location: ObjectLocation) -> EntityLayout {
        model.layouts[Int(location.entity)]
    }

    /// Reads the layout of the entity at `index` without retaining it: the model holds every
    /// layout while the transaction lives, and the paths an import takes for every object read a
    /// layout each time (each retain and release is a locked instruction).
    @inline(__always)
    func withLayout<Result>(_ index: Int, _ body: (EntityLayout) -> Result) -> Result {
        model.layouts.withUnsafeBufferPointer { layouts in
            Unmanaged.passUnretained(layouts[index])._withUnsafeGuaranteedRef(body)
        }
    }

    // MARK: Writing by name

    /// A new object of `entity` with its attributes' defaults.
    public mutating func insert(_ entity: String) throws(StoreError) -> ObjectID {
        guard let layout = model.layout(named: entity) else {
            throw StoreError(.unknownEntity, "the model has no entity \(entity)")
        }
        return try insert(entity: layout.index)
    }

    /// Writes an attribute; `.null` clears it.
    public mutating func setAttribute(_ key: String, to value: Value, of id: ObjectID) throws(StoreError) {
        let location = try location(of: id)
        let layout = layout(of: location)
        guard case .attribute(let slot)? = layout.slots[key] else {
            throw StoreError(.unknownKey, "\(layout.name) has no attribute \(key)")
        }
        try setAttribute(slot, to: AttributeValues.checked(value, for: layout.attributes[slot], entity: layout.name), of: id, at: location)
    }

    /// Points a to-one relationship at `target` (nil clears it), keeping the inverse consistent.
    public mutating func setTarget(_ key: String, to target: ObjectID?, of id: ObjectID) throws(StoreError) {
        let location = try location(of: id)
        try setTarget(toOne: relationship(key, of: location, toMany: false).slot, to: target, of: id, at: location)
    }

    /// Replaces a to-many relationship's targets, keeping inverses consistent.
    public mutating func setTargets(_ key: String, to targets: [ObjectID], of id: ObjectID) throws(StoreError) {
        let location = try location(of: id)
        try setTargets(toMany: relationship(key, of: location, toMany: true).slot, to: targets, of: id, at: location)
    }

    /// Deletes every object of the given entities and their sub-entities (every entity when the
    /// list is empty), applying delete rules — what a `clearPolicy` does before or after an import.
    public mutating func clear(_ entities: [String] = []) throws(StoreError) {
        for entity in entities where model.layout(named: entity) == nil {
            throw StoreError(.unknownEntity, "the model has no entity \(entity)")
        }
        let names = entities.isEmpty ? model.entities.map(\.name) : entities
        for name in names {
            for id in objects(of: name) where state.location(of: id) != nil { try delete(id) }
        }
    }

    // MARK: Writing by slot

    /// A new object of the entity at index `entity`, with its attributes' defaults.
    mutating func insert(entity: Int) throws(StoreError) -> ObjectID {
        let (id, row) = appendRow(entity: entity)
        if let slot = withLayout(entity, { $0.identitySlot }), !state.tables[entity].attributes[slot][row].isNull {
            try index(identity: state.tables[entity].attributes[slot][row], of: id, entity: entity)
        }
        return id
    }

    /// Inserts an object of the entity at index `entity` with `identity` and every attribute
    /// value at once: `fill` writes values by slot over the defaults (the identity is in its slot
    /// already), then the row is appended whole, each value moved into its column. An import
    /// would otherwise write each column twice, the default and then the value, through a
    /// copy-on-write check of the table, the column list and the column each time. The identity
    /// is indexed with the hash already made for the lookup that missed.
    ///
    /// Returns nil, having changed nothing and called nothing, when the identity attribute has
    /// a default or another object has the identity: the caller then inserts as
    /// ``insert(entity:)`` does and writes the identity as any attribute, which finds the clash
    /// where it always has. When `fill` throws, nothing is inserted.
    mutating func insert<Failure: Error>(entity: Int, identity: IdentityIndex.Key,
                                         values fill: (UnsafeMutableBufferPointer<Value>) throws(Failure) -> Void) throws(Failure) -> ObjectID? {
        guard let slot = withLayout(entity, { $0.identitySlot }), let root = withLayout(entity, { $0.identityRoot }),
              withLayout(entity, { $0.defaults[slot].isNull }), state.identities[root].insertIfAbsent(state.nextID, forKey: identity) else {
            return nil
        }
        let count = withLayout(entity, { $0.attributes.count })
        return try withUnsafeTemporaryAllocation(of: Value.self, capacity: count) { (values) throws(Failure) -> ObjectID in
            withLayout(entity) { layout in
                layout.defaults.withUnsafeBufferPointer { defaults in
                    for slot in 0..<count { (values.baseAddress! + slot).initialize(to: defaults[slot]) }
                }
            }
            values[slot] = identity.value
            do throws(Failure) {
                try fill(values)
            } catch {
                values.deinitialize()
                state.identities[root][identity] = nil
                throw error
            }
            let id = noteNewRow(entity: entity).id
            state.tables[entity].append(id) { values.moveElement(from: $0) }
            return id
        }
    }

    /// A new object's row with the attributes' defaults, its location and its insert noted.
    private mutating func appendRow(entity: Int) -> (id: ObjectID, row: Int) {
        let new = noteNewRow(entity: entity)
        state.tables[entity].append(new.id)
        return new
    }

    /// The id, location and insert of an object whose row the caller appends next to the
    /// entity's table.
    private mutating func noteNewRow(entity: Int) -> (id: ObjectID, row: Int) {
        let id = state.nextID
        let row = state.tables[entity].ids.count
        state.locations.append(ObjectLocation(entity: Int32(entity), row: Int32(row)))
        recorder.noteInsert(id)
        return (id, row)
    }

    /// Writes a value already of the attribute's type (``AttributeValues/checked(_:for:entity:)``).
    mutating func setAttribute(_ slot: Int, to stored: Value, of id: ObjectID, at location: ObjectLocation) throws(StoreError) {
        let entity = Int(location.entity), row = Int(location.row)
        // Compared in place: an import writes every mapped value again, and most are unchanged.
        let unchanged = state.tables[entity].attributes[slot].withUnsafeBufferPointer { $0[row] == stored }
        guard !unchanged else { return }
        recorder.noteUpdate(id)
        guard slot == withLayout(entity, { $0.identitySlot }), let root = withLayout(entity, { $0.identityRoot }) else {
            state.tables[entity].attributes[slot][row] = stored
            return
        }
        let old = state.tables[entity].attributes[slot][row]
        state.tables[entity].attributes[slot][row] = stored
        if !old.isNull { state.identities[root].removeValue(forKey: old, ifItIs: id) }
        if !stored.isNull { try index(identity: stored, of: id, entity: entity) }
    }

    /// Writes an attribute other than the identity of an object this transaction inserted,
    /// whose value is still its default: there is no change to record and no index to update.
    mutating func setNewAttribute(_ slot: Int, to stored: consuming Value, at location: ObjectLocation) {
        state.tables[Int(location.entity)].attributes[slot][Int(location.row)] = stored
    }

    /// Points the to-one relationship in column `slot` at `target` (nil clears it), keeping the
    /// inverse consistent. The relationship is found by its column in the object's own layout
    /// (a sub-entity keeps its ancestors' columns), so callers pass no description.
    mutating func setTarget(toOne slot: Int, to target: ObjectID?, of id: ObjectID, at location: ObjectLocation) throws(StoreError) {
        let entity = Int(location.entity), row = Int(location.row)
        let old = state.tables[entity].toOne[slot][row]
        guard old != (target?.rawValue ?? 0) else { return }
        let inverse = withLayout(entity, { $0.toOne[slot].inverse })
        var targetLocation: ObjectLocation?
        if let target { targetLocation = try check(target, isTargetOf: .toOne(slot), in: entity) }
        if old != 0, let inverse { unlink(ObjectID(rawValue: old), inverse, from: id) }
        state.tables[entity].toOne[slot][row] = target?.rawValue ?? 0
        recorder.noteUpdate(id)
        if let target, let targetLocation, let inverse { link(target, at: targetLocation, inverse, to: id) }
    }

    /// Replaces the targets of the to-many relationship in column `slot`, keeping inverses
    /// consistent (see ``setTarget(toOne:to:of:at:)``).
    mutating func setTargets(toMany slot: Int, to targets: [ObjectID], of id: ObjectID, at location: ObjectLocation) throws(StoreError) {
        let entity = Int(location.entity), row = Int(location.row)
        var unique: [ObjectID] = []
        var seen: Set<ObjectID> = []
        for target in targets where seen.insert(target).inserted {
            _ = try check(target, isTargetOf: .toMany(slot), in: entity)
            unique.append(target)
        }
        let old = state.tables[entity].toMany[slot][row]
        guard old != unique else { return }
        let inverse = withLayout(entity, { $0.toMany[slot].inverse })
        if let inverse {
            for removed in old where !seen.contains(removed) { unlink(removed, inverse, from: id) }
        }
        state.tables[entity].toMany[slot][row] = unique
        recorder.noteUpdate(id)
        if let inverse {
            let before = Set(old)
            for added in unique where !before.contains(added) {
                if let targetLocation = state.location(of: added) { link(added, at: targetLocation, inverse, to: id) }
            }
        }
    }

    /// Deletes an object, applying each relationship's delete rule: `cascade` deletes the
    /// targets, `deny` refuses while there are any, `nullify` clears their inverse, `noAction`
    /// leaves them.
    public mutating func delete(_ id: ObjectID) throws(StoreError) {
        let location = try location(of: id)
        let layout = layout(of: location)
        let entity = Int(location.entity), row = Int(location.row)
        let table = state.tables[entity]
        let relationships = layout.toOne.map { ($0, table.toOne[$0.slot][row] == 0 ? [] : [ObjectID(rawValue: table.toOne[$0.slot][row])]) }
            + layout.toMany.map { ($0, table.toMany[$0.slot][row]) }
        for (relationship, targets) in relationships where relationship.description.deleteRule == .deny && !targets.isEmpty {
            throw StoreError(.deleteDenied, "\(layout.name) \(id) cannot be deleted while its \(relationship.description.name) holds \(targets.count) object(s) (delete rule deny)")
        }
        if let slot = layout.identitySlot, let root = layout.identityRoot {
            let identity = table.attributes[slot][row]
            if !identity.isNull { state.identities[root].removeValue(forKey: identity, ifItIs: id) }
        }
        state.locations[Int(id.rawValue) - 1].row = -1
        state.tables[entity].removeRow(row)
        recorder.noteDelete(id)
        for (relationship, targets) in relationships {
            for target in targets where state.location(of: target) != nil {
                switch relationship.description.deleteRule {
                case .cascade: try delete(target)
                case .nullify, .deny: if let inverse = relationship.inverse { unlink(target, inverse, from: id) }
                case .noAction: break
                }
            }
        }
    }

    // MARK: Helpers

    func location(of id: ObjectID) throws(StoreError) -> ObjectLocation {
        guard let location = state.location(of: id) else { throw StoreError(.deletedObject, "object \(id) is not in the store") }
        return location
    }

    private func relationship(_ key: String, of location: ObjectLocation, toMany: Bool) throws(StoreError) -> EntityLayout.Relationship {
        let layout = layout(of: location)
        guard let slot = layout.slots[key], let relationship = layout.relationship(slot) else {
            throw StoreError(.unknownKey, "\(layout.name) has no relationship \(key)")
        }
        guard relationship.description.isToMany == toMany else {
            throw StoreError(.typeMismatch, "\(layout.name).\(key) is \(relationship.description.isToMany ? "to-many" : "to-one")")
        }
        return relationship
    }

    /// The location of `target`, checked to be of the destination of the relationship in column
    /// `slot` of `entity`.
    private func check(_ target: ObjectID, isTargetOf slot: EntityLayout.Slot, in entity: Int) throws(StoreError) -> ObjectLocation {
        let location = try location(of: target)
        let destination = withLayout(entity, { $0.destination(of: slot) ?? 0 })
        guard withLayout(destination, { $0.isKind[Int(location.entity)] }) else {
            let description = model.layouts[entity].relationship(slot)?.description
            throw StoreError(.typeMismatch, "\(description?.name ?? "") takes \(description?.destination ?? "") objects, not \(layout(of: location).name)")
        }
        return location
    }

    /// Adds `id` to `target`'s relationship `slot` (the inverse of a write on `id`). By the
    /// inverse invariant the target does not hold `id` there yet.
    private mutating func link(_ target: ObjectID, at location: ObjectLocation, _ slot: EntityLayout.Slot, to id: ObjectID) {
        let entity = Int(location.entity), row = Int(location.row)
        switch slot {
        case .toMany(let index):
            state.tables[entity].toMany[index][row].append(id)
        case .toOne(let index):
            let previous = state.tables[entity].toOne[index][row]
            if previous != 0, previous != id.rawValue, let back = layout(of: location).toOne[index].inverse {
                // The target pointed at another object: that object loses the target.
                unlink(ObjectID(rawValue: previous), back, from: target)
            }
            state.tables[entity].toOne[index][row] = id.rawValue
        case .attribute:
            return
        }
        recorder.noteUpdate(target)
    }

    /// Removes `id` from `target`'s relationship `slot`.
    private mutating func unlink(_ target: ObjectID, _ slot: EntityLayout.Slot, from id: ObjectID) {
        guard let location = state.location(of: target) else { return }
        let entity = Int(location.entity), row = Int(location.row)
        switch slot {
        case .toOne(let index) where state.tables[entity].toOne[index][row] == id.rawValue:
            state.tables[entity].toOne[index][row] = 0
        case .toMany(let index):
            guard let position = state.tables[entity].toMany[index][row].firstIndex(of: id) else { return }
            state.tables[entity].toMany[index][row].remove(at: position)
        default:
            return
        }
        recorder.noteUpdate(target)
    }

    private mutating func index(identity: Value, of id: ObjectID, entity: Int) throws(StoreError) {
        guard let root = withLayout(entity, { $0.identityRoot }) else { return }
        let key = IdentityIndex.Key(identity)
        if let existing = state.identities[root].updateValue(id, forKey: key), existing != id {
            state.identities[root][key] = existing
            throw StoreError(.duplicateIdentity, "\(model.layouts[entity].name) \(id) has identity \(identity), which \(existing) already has")
        }
    }
}

extension EntityTable {
    /// Appends a row for a new object with the attributes' defaults and no relationships.
    mutating func append(_ id: ObjectID) {
        append(id, values: defaults)
    }

    /// Appends a row for an object with the given attribute values and no relationships.
    mutating func append(_ id: ObjectID, values: [Value]) {
        append(id) { values[$0] }
    }

    /// Appends a row for an object whose attribute in each slot is `value(slot)`, and no
    /// relationships. Each column list is made unique once, not once per column.
    mutating func append(_ id: ObjectID, value: (Int) -> Value) {
        ids.append(id)
        if !attributes.isEmpty {
            attributes.withUnsafeMutableBufferPointer { columns in
                for slot in columns.indices { columns[slot].append(value(slot)) }
            }
        }
        appendNoRelationships()
    }

    /// The relationship columns' part of a new row: no targets.
    private mutating func appendNoRelationships() {
        // An empty list is shared storage: making it unique would allocate for every row.
        if !toOne.isEmpty {
            toOne.withUnsafeMutableBufferPointer { columns in
                for slot in columns.indices { columns[slot].append(0) }
            }
        }
        if !toMany.isEmpty {
            toMany.withUnsafeMutableBufferPointer { columns in
                for slot in columns.indices { columns[slot].append([]) }
            }
        }
    }

    /// Empties a deleted object's row (rows do not move within a transaction, so other locations
    /// stay valid; compaction comes after).
    mutating func removeRow(_ row: Int) {
        ids[row] = ObjectID(rawValue: 0)
        emptyRows += 1
        for slot in attributes.indices { attributes[slot][row] = .null }
        for slot in toOne.indices { toOne[slot][row] = 0 }
        for slot in toMany.indices { toMany[slot][row] = [] }
    }
}
