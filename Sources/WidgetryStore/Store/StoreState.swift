import WidgetryExpressions
import WidgetryModel

/// Identifies an object in its store; assigned in insertion order, never reused.
public struct ObjectID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}

/// Where an object's values are: its entity's table and its row there.
struct ObjectLocation: Sendable {
    var entity: Int32
    /// -1 once the object is deleted.
    var row: Int32

    var isDeleted: Bool { row < 0 }
}

/// The objects of one entity (not its descendants), column by column: a row per object in
/// insertion order, a column per attribute and relationship slot of the entity's ``EntityLayout``.
/// Deleted objects leave an empty row behind (their id becomes 0), so rows never move within a
/// transaction; ``StoreState/compactTables()`` drops empty rows between transactions.
struct EntityTable: Sendable {
    var ids: [ObjectID] = []
    var attributes: [[Value]]
    /// Target raw ids; 0 for none.
    var toOne: [[UInt64]]
    /// Targets in the order they were added.
    var toMany: [[[ObjectID]]]
    /// Rows deleted objects left empty since the table was last compacted.
    var emptyRows = 0
    /// Each attribute's value for a new object (the layout's), kept here so that inserting
    /// reads nothing outside the table.
    let defaults: [Value]

    init(layout: EntityLayout) {
        defaults = layout.defaults
        attributes = Array(repeating: [], count: layout.attributes.count)
        toOne = Array(repeating: [], count: layout.toOne.count)
        toMany = Array(repeating: [], count: layout.toMany.count)
    }

    /// The live objects, in insertion order.
    var liveIDs: [ObjectID] {
        ids.filter { $0.rawValue != 0 }
    }
}

/// Everything a store holds. A value: a transaction works on a copy and the store swaps it in
/// whole, so a failed transaction leaves nothing behind and readers never see half of one.
struct StoreState: Sendable {
    /// By entity index.
    var tables: [EntityTable]
    /// By object id minus one.
    var locations: [ObjectLocation] = []
    /// Identity attribute values per entity index; only identity roots (``EntityLayout/identityRoot``) have entries.
    var identities: [IdentityIndex]

    init(model: EntityModel) {
        tables = model.layouts.map(EntityTable.init(layout:))
        identities = Array(repeating: IdentityIndex(), count: model.layouts.count)
    }

    var nextID: ObjectID { ObjectID(rawValue: UInt64(locations.count) + 1) }

    /// Drops the rows deleted objects left in a table once they are at least 64 and half its
    /// rows, moving the live rows down and updating their locations. Rows stay put within a
    /// transaction; between transactions this keeps a table's size, and what every transaction
    /// copies and every fetch scans, proportional to its live objects (a timer that replaces
    /// its results each tick would otherwise make each tick cost more than the last).
    mutating func compactTables() {
        for index in tables.indices where tables[index].emptyRows >= 64 && tables[index].emptyRows * 2 >= tables[index].ids.count {
            let old = tables[index]
            let kept = old.ids.indices.filter { old.ids[$0].rawValue != 0 }
            var table = old
            table.ids = kept.map { old.ids[$0] }
            for slot in old.attributes.indices { table.attributes[slot] = kept.map { old.attributes[slot][$0] } }
            for slot in old.toOne.indices { table.toOne[slot] = kept.map { old.toOne[slot][$0] } }
            for slot in old.toMany.indices { table.toMany[slot] = kept.map { old.toMany[slot][$0] } }
            table.emptyRows = 0
            for (row, id) in table.ids.enumerated() { locations[Int(id.rawValue) - 1].row = Int32(row) }
            tables[index] = table
        }
    }

    /// The location of a live object.
    func location(of id: ObjectID) -> ObjectLocation? {
        let index = Int(truncatingIfNeeded: id.rawValue) &- 1
        guard index >= 0, index < locations.count, !locations[index].isDeleted else { return nil }
        return locations[index]
    }

    /// The objects of the given entities, in insertion order.
    func ids(of entities: [Int]) -> [ObjectID] {
        guard entities.count > 1 else { return entities.first.map { tables[$0].liveIDs } ?? [] }
        return entities.flatMap { tables[$0].liveIDs }.sorted()
    }
}
