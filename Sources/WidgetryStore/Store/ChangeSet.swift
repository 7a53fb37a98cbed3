/// What one transaction changed, in the order it happened; published once the transaction is in.
public struct ChangeSet: Sendable, Equatable {
    public private(set) var inserted: [ObjectID] = []
    /// Objects that existed before and changed (inserted ones are not listed again).
    public private(set) var updated: [ObjectID] = []
    public private(set) var deleted: [ObjectID] = []
    private var seen: Set<ObjectID> = []

    public init() {}

    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }

    mutating func noteInsert(_ id: ObjectID) {
        inserted.append(id)
        seen.insert(id)
    }

    mutating func noteUpdate(_ id: ObjectID) {
        if seen.insert(id).inserted { updated.append(id) }
    }

    mutating func noteDelete(_ id: ObjectID) {
        if let position = inserted.firstIndex(of: id) {
            inserted.remove(at: position)
        } else {
            updated.removeAll { $0 == id }
            deleted.append(id)
        }
        seen.insert(id)
    }
}
