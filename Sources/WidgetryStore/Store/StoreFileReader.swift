import Foundation
import GRDB
import WidgetryExpressions
import WidgetryJSON
import WidgetryModel

/// Reads a store file's rows into a ``StoreState``, trusting nothing in it: the file may have
/// been edited, truncated or written by something else. Every value is checked before it is
/// used (the next id against ``maxObjectIDs`` before anything is allocated, each row's id,
/// column count and types, integer ranges, dates, relationship targets and their entities,
/// duplicate ids and identities), and the first impossible one is `store.corrupt-file` naming
/// the table, the row and the column.
struct StoreFileReader {
    /// The most object ids a store file may hold, deleted ones included: the store keeps a
    /// location per id, so a forged next id could otherwise ask for any amount of memory.
    static let maxObjectIDs: UInt64 = 16_777_216

    let path: String
    let model: EntityModel

    func read(_ db: Database) throws -> StoreState {
        var state = StoreState(model: model)
        let next = try nextID(db)
        state.locations = Array(repeating: ObjectLocation(entity: 0, row: -1), count: Int(next - 1))
        var seen = [Bool](repeating: false, count: Int(next - 1))
        for layout in model.layouts {
            let columns = StoreFile.columns(of: layout)
            let table = layout.name
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM \(StoreFile.quoted(table)) ORDER BY _id")
            while let row = try rows.next() {
                guard row.count == columns.count else {
                    throw corrupt(table: table, row: nil, column: nil, "has \(row.count) columns, not the model's \(columns.count)")
                }
                guard case .int64(let raw) = (row[0] as DatabaseValue).storage, raw > 0, UInt64(raw) < next else {
                    throw corrupt(table: table, row: nil, column: "_id", "holds id \(row[0] as DatabaseValue), not a whole number from 1 to \(next - 1) (the next id)")
                }
                guard !seen[Int(raw) - 1] else { throw corrupt(table: table, row: raw, column: "_id", "repeats an id another row has") }
                seen[Int(raw) - 1] = true
                let id = ObjectID(rawValue: UInt64(raw))
                var column = 1
                let attributes = try layout.attributes.map { attribute in
                    defer { column += 1 }
                    return try value(row[column] as DatabaseValue, type: attribute.type, table: table, row: raw, column: attribute.name)
                }
                let toOne = try layout.toOne.map { relationship in
                    defer { column += 1 }
                    return try target(row[column] as DatabaseValue, next: next, table: table, row: raw, column: relationship.description.name)
                }
                let toMany = try layout.toMany.map { relationship in
                    defer { column += 1 }
                    return try targets(row[column] as DatabaseValue, next: next, table: table, row: raw, column: relationship.description.name)
                }
                let rowIndex = state.tables[layout.index].ids.count
                state.tables[layout.index].append(id, values: attributes)
                for (slot, target) in toOne.enumerated() { state.tables[layout.index].toOne[slot][rowIndex] = target }
                for (slot, targets) in toMany.enumerated() { state.tables[layout.index].toMany[slot][rowIndex] = targets }
                state.locations[Int(raw) - 1] = ObjectLocation(entity: Int32(layout.index), row: Int32(rowIndex))
                if let slot = layout.identitySlot, let root = layout.identityRoot, !attributes[slot].isNull {
                    guard state.identities[root].insertIfAbsent(id, forKey: IdentityIndex.Key(attributes[slot])) else {
                        throw corrupt(table: table, row: raw, column: layout.attributes[slot].name, "repeats the identity \(attributes[slot]) of another object")
                    }
                }
            }
        }
        try checkTargets(of: state)
        return state
    }

    /// The next object id: a whole number from 1 to ``maxObjectIDs`` + 1.
    private func nextID(_ db: Database) throws -> UInt64 {
        guard let text = try String.fetchOne(db, sql: "SELECT value FROM _widgetry WHERE key = 'nextID'") else {
            throw corrupt(table: "_widgetry", row: nil, column: "value", "has no nextID")
        }
        guard let next = UInt64(text), next >= 1, next <= StoreFileReader.maxObjectIDs + 1 else {
            throw corrupt(table: "_widgetry", row: nil, column: "value",
                          "holds nextID '\(text.prefix(40))', not a whole number from 1 to \(StoreFileReader.maxObjectIDs + 1)")
        }
        return next
    }

    /// Every relationship points at a live object of its destination entity.
    private func checkTargets(of state: StoreState) throws {
        for layout in model.layouts {
            let table = state.tables[layout.index]
            for (row, id) in table.ids.enumerated() {
                for relationship in layout.toOne where table.toOne[relationship.slot][row] != 0 {
                    try checkTarget(ObjectID(rawValue: table.toOne[relationship.slot][row]), of: relationship, in: state, layout: layout, row: id)
                }
                for relationship in layout.toMany {
                    for target in table.toMany[relationship.slot][row] {
                        try checkTarget(target, of: relationship, in: state, layout: layout, row: id)
                    }
                }
            }
        }
    }

    private func checkTarget(_ target: ObjectID, of relationship: EntityLayout.Relationship, in state: StoreState,
                             layout: EntityLayout, row: ObjectID) throws {
        guard let location = state.location(of: target), model.layouts[relationship.destination].isKind[Int(location.entity)] else {
            throw corrupt(table: layout.name, row: Int64(row.rawValue), column: relationship.description.name,
                          "points at id \(target.rawValue), which is no \(model.layouts[relationship.destination].name) in the file")
        }
    }

    private func value(_ stored: DatabaseValue, type: AttributeType, table: String, row: Int64, column: String) throws -> Value {
        switch (stored.storage, type) {
        case (.null, _): return .null
        case (.int64(let number), .integer16), (.int64(let number), .integer32), (.int64(let number), .integer64):
            guard type.integerRange?.contains(number) ?? true else {
                throw corrupt(table: table, row: row, column: column, "holds \(number), outside the range of \(type.rawValue)")
            }
            return .int(number)
        case (.int64(let number), .boolean):
            guard number == 0 || number == 1 else { throw corrupt(table: table, row: row, column: column, "holds \(number), not 0 or 1") }
            return .bool(number != 0)
        case (.double(let number), .double), (.double(let number), .float), (.double(let number), .decimal): return .double(number)
        case (.int64(let number), .double), (.int64(let number), .float), (.int64(let number), .decimal): return .double(Double(number))
        case (.double(let seconds), .date): return .date(try date(seconds, table: table, row: row, column: column))
        case (.int64(let seconds), .date): return .date(try date(Double(seconds), table: table, row: row, column: column))
        case (.string(let text), .string), (.string(let text), .uri), (.string(let text), .uuid): return .string(text)
        case (.blob(let data), .binary): return .data([UInt8](data))
        default:
            throw corrupt(table: table, row: row, column: column, "holds \(stored), which is not a \(type.rawValue)")
        }
    }

    /// Seconds since 2001 as a date with a four-digit year (``NumericPolicy/dateRange``).
    private func date(_ seconds: Double, table: String, row: Int64, column: String) throws -> Date {
        guard NumericPolicy.isDate(secondsSince1970: seconds + NumericPolicy.referenceDateOffset) else {
            throw corrupt(table: table, row: row, column: column, "holds \(seconds) seconds since 2001, a date outside the years 1 to 9999")
        }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    private func target(_ stored: DatabaseValue, next: UInt64, table: String, row: Int64, column: String) throws -> UInt64 {
        switch stored.storage {
        case .null: return 0
        case .int64(let raw) where raw > 0 && UInt64(raw) < next: return UInt64(raw)
        default: throw corrupt(table: table, row: row, column: column, "holds \(stored), not an object id below \(next)")
        }
    }

    private func targets(_ stored: DatabaseValue, next: UInt64, table: String, row: Int64, column: String) throws -> [ObjectID] {
        switch stored.storage {
        case .null: return []
        case .string(let text):
            guard text.hasPrefix("["), text.hasSuffix("]"), text.count >= 2 else { break }
            let inner = text.dropFirst().dropLast()
            if inner.isEmpty { return [] }
            var ids: [ObjectID] = []
            var members = Set<UInt64>()
            for part in inner.split(separator: ",", omittingEmptySubsequences: false) {
                guard let raw = UInt64(part), raw > 0, raw < next else {
                    throw corrupt(table: table, row: row, column: column, "holds '\(part.prefix(40))' in its list, not an object id below \(next)")
                }
                guard members.insert(raw).inserted else {
                    throw corrupt(table: table, row: row, column: column, "lists id \(raw) twice")
                }
                ids.append(ObjectID(rawValue: raw))
            }
            return ids
        default: break
        }
        throw corrupt(table: table, row: row, column: column, "holds \(String(describing: stored).prefix(60)), not a list of ids such as [1,2]")
    }

    private func corrupt(table: String, row: Int64?, column: String?, _ detail: String) -> StoreError {
        var place = "table \"\(table)\""
        if let row { place += ", row _id \(row)" }
        if let column { place += ", column \"\(column)\"" }
        return StoreError(.corruptFile, "store file \(path) is corrupt: \(place) \(detail)",
                          hint: "the file was changed outside Widgetry; delete it to start with an empty store")
    }
}
