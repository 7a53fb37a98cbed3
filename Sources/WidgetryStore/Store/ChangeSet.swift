/// What one transaction changed, in the order it happened; published once the transaction is in.
public struct ChangeSet: Sendable, Equatable {
    public internal(set) var inserted: [ObjectID] = []
    /// Objects that existed before and changed (inserted ones are not listed again).
    public internal(set) var updated: [ObjectID] = []
    public internal(set) var deleted: [ObjectID] = []

    public init() {}

    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }
}

/// Records a transaction's changes cheaply: objects inserted by the transaction have ids from
/// `firstNew` on, so only writes to older objects need a set to be listed once.
struct ChangeRecorder {
    let firstNew: UInt64
    private var inserted: [ObjectID] = []
    private var updated: [ObjectID] = []
    private var deleted: [ObjectID] = []
    private var seen: Set<ObjectID> = []
    /// Objects inserted and deleted by the same transaction: they never existed for anyone else.
    private var transient: Set<ObjectID> = []

    init(firstNew: ObjectID) {
        self.firstNew = firstNew.rawValue
    }

    var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }

    mutating func noteInsert(_ id: ObjectID) {
        inserted.append(id)
    }

    @inline(__always)
    mutating func noteUpdate(_ id: ObjectID) {
        guard id.rawValue < firstNew else { return }
        if seen.insert(id).inserted { updated.append(id) }
    }

    mutating func noteDelete(_ id: ObjectID) {
        if id.rawValue >= firstNew {
            transient.insert(id)
        } else {
            seen.insert(id)
            deleted.append(id)
        }
    }

    var changeSet: ChangeSet {
        var changes = ChangeSet()
        changes.inserted = transient.isEmpty ? inserted : inserted.filter { !transient.contains($0) }
        let deletedSet = Set(deleted)
        changes.updated = deletedSet.isEmpty ? updated : updated.filter { !deletedSet.contains($0) }
        changes.deleted = deleted
        return changes
    }
}
