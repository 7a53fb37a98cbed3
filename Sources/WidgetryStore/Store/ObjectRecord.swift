public import WidgetryExpressions

/// Identifies an object in its store; assigned in insertion order, never reused.
public struct ObjectID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64

    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}

/// The stored state of one object: its entity, attribute values and relationship targets.
struct ObjectRecord: Sendable {
    var entity: String
    var attributes: [String: Value]
    var toOne: [String: ObjectID]
    /// Targets in the order they were added (ordered relationships keep it; the others print in it).
    var toMany: [String: [ObjectID]]
}

/// Everything a store holds. A value: a transaction works on a copy and the store swaps it in
/// whole, so a failed transaction leaves nothing behind and readers never see half of one.
struct StoreState: Sendable {
    var records: [ObjectID: ObjectRecord] = [:]
    /// Object IDs per entity (exact entity, not descendants), in insertion order.
    var byEntity: [String: [ObjectID]] = [:]
    /// Identity attribute values per identity root entity (the topmost ancestor declaring it).
    var identities: [String: [Value: ObjectID]] = [:]
    var nextID: UInt64 = 1
}
