import Foundation
import GRDB
import WidgetryExpressions
import WidgetryModel

/// A store's objects in an SQLite file, so what a user saw (seen and liked flags, say) survives
/// to the next run.
///
/// One table per entity, named after it: `_id` (the object id) and a column per attribute
/// (INTEGER, REAL, TEXT or BLOB by type; booleans 0/1; dates as seconds since 2001-01-01, as
/// Core Data keeps them, so they round-trip exactly), per to-one relationship (the target id)
/// and per to-many relationship (the target ids in order, as a JSON array). Table `_widgetry`
/// holds the format, the model's fingerprint and the next object id (ids are never reused).
///
/// Every transaction is written in one SQLite transaction before the store shows it; if the
/// write fails the store keeps its previous state.
final class StoreFile: Sendable {
    let path: String
    private let database: DatabaseQueue
    private let model: EntityModel

    private static let format = "1"

    /// Opens (or creates) the file for `model` and reads its objects.
    /// Per entity, the statement that writes one object's row.
    private let upserts: [String]

    init(path: String, model: EntityModel) throws(StoreError) {
        self.path = path
        self.model = model
        upserts = model.layouts.map { layout in
            let columns = StoreFile.columns(of: layout)
            return "INSERT OR REPLACE INTO \(StoreFile.quoted(layout.name)) (" + columns.map(StoreFile.quoted).joined(separator: ", ")
                + ") VALUES (" + columns.map { _ in "?" }.joined(separator: ", ") + ")"
        }
        do {
            database = try DatabaseQueue(path: path)
        } catch {
            // A file that is there but that SQLite cannot open is damaged, not missing.
            let exists = ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) > 0
            let folder = (path as NSString).deletingLastPathComponent
            var isFolder: ObjCBool = false
            let folderExists = FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder) && isFolder.boolValue
            throw StoreError(exists ? .corruptFile : .persistence, "cannot open the store file: \(StoreFile.describe(error))",
                             hint: exists ? "the file is not a Widgetry store; delete it to start with an empty store"
                                 : folderExists ? "check that the folder can be written" : "the folder \(folder) does not exist; create it first",
                             file: path)
        }
    }

    /// Creates the tables on first use, checks the model fingerprint, and returns the stored state.
    func load() throws(StoreError) -> StoreState {
        let fingerprint = StoreFile.fingerprint(of: model)
        let path = path
        // The file exists and opened: what SQLite cannot read in it is damage, not a model change.
        return try run("read", failure: .corruptFile) { db in
            if try db.tableExists("_widgetry") {
                let stored = try String.fetchOne(db, sql: "SELECT value FROM _widgetry WHERE key = 'model'")
                guard stored == fingerprint else {
                    throw StoreError(.incompatibleFile, "store file \(path) was written for a different model",
                                     hint: "delete the file to start with an empty store")
                }
            } else {
                try create(db, fingerprint: fingerprint)
            }
            return try StoreFileReader(path: path, model: model).read(db)
        }
    }

    /// Writes what a transaction changed: whole rows for inserted and updated objects, deletions,
    /// and the next object id.
    func save(_ changes: ChangeSet, of state: StoreState) throws(StoreError) {
        try run("write") { db in
            for id in changes.inserted + changes.updated {
                guard let location = state.location(of: id) else { continue }
                try write(id, at: location, of: state, in: db)
            }
            for id in changes.deleted {
                let entity = state.locations[Int(id.rawValue) - 1].entity
                try db.execute(sql: "DELETE FROM \(StoreFile.quoted(model.layouts[Int(entity)].name)) WHERE _id = ?", arguments: [Int64(id.rawValue)])
            }
            try db.execute(sql: "UPDATE _widgetry SET value = ? WHERE key = 'nextID'", arguments: [String(state.nextID.rawValue)])
        }
    }

    // MARK: Schema

    private func create(_ db: Database, fingerprint: String) throws {
        try db.execute(sql: "CREATE TABLE _widgetry (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        try db.execute(sql: "INSERT INTO _widgetry (key, value) VALUES ('format', ?), ('model', ?), ('nextID', '1')",
                       arguments: [StoreFile.format, fingerprint])
        for layout in model.layouts {
            let columns = ["_id INTEGER PRIMARY KEY"]
                + layout.attributes.map { "\(StoreFile.quoted($0.name)) \(StoreFile.columnType($0.type))" }
                + layout.toOne.map { "\(StoreFile.quoted($0.description.name)) INTEGER" }
                + layout.toMany.map { "\(StoreFile.quoted($0.description.name)) TEXT" }
            try db.execute(sql: "CREATE TABLE \(StoreFile.quoted(layout.name)) (\(columns.joined(separator: ", ")))")
        }
    }

    /// What the tables depend on: every entity's columns with their types, in slot order.
    static func fingerprint(of model: EntityModel) -> String {
        model.layouts.map { layout in
            layout.name + "(" + (layout.attributes.map { "\($0.name):\($0.type.rawValue)" }
                + layout.toOne.map { "\($0.description.name)>\($0.description.destination)" }
                + layout.toMany.map { "\($0.description.name)>>\($0.description.destination)" }).joined(separator: ",") + ")"
        }.joined(separator: ";") + "#format" + format
    }

    private static func columnType(_ type: AttributeType) -> String {
        switch type {
        case .integer16, .integer32, .integer64, .boolean: "INTEGER"
        case .double, .float, .decimal, .date: "REAL"
        case .string, .uuid, .uri: "TEXT"
        case .binary: "BLOB"
        }
    }

    /// An entity table's columns, in slot order: the id, attributes, to-one, to-many.
    static func columns(of layout: EntityLayout) -> [String] {
        ["_id"] + layout.attributes.map(\.name) + layout.toOne.map(\.description.name) + layout.toMany.map(\.description.name)
    }

    /// `name` as an SQL identifier.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: Rows

    private func write(_ id: ObjectID, at location: ObjectLocation, of state: StoreState, in db: Database) throws {
        let layout = model.layouts[Int(location.entity)]
        let table = state.tables[layout.index], row = Int(location.row)
        let statement = try db.cachedStatement(sql: upserts[layout.index])
        var values: [DatabaseValue] = [Int64(id.rawValue).databaseValue]
        values += table.attributes.map { StoreFile.databaseValue($0[row]) }
        values += table.toOne.map { $0[row] == 0 ? .null : Int64($0[row]).databaseValue }
        values += table.toMany.map { "[" + $0[row].map { String($0.rawValue) }.joined(separator: ",") + "]" }.map(\.databaseValue)
        try statement.execute(arguments: StatementArguments(values))
    }

    // MARK: Values

    private static func databaseValue(_ value: Value) -> DatabaseValue {
        switch value {
        case .null: .null
        case .bool(let flag): Int64(flag ? 1 : 0).databaseValue
        case .int(let number): number.databaseValue
        case .double(let number): number.databaseValue
        case .string(let text): text.databaseValue
        case .date(let date): date.timeIntervalSinceReferenceDate.databaseValue
        case .data(let bytes): Data(bytes).databaseValue
        default: .null
        }
    }

    private func run<Result>(_ what: String, failure: StoreError.Code = .persistence, _ body: (Database) throws -> Result) throws(StoreError) -> Result {
        do {
            return try database.write(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(failure, "cannot \(what) store file \(path): \(StoreFile.describe(error))")
        }
    }

    private static func describe(_ error: any Error) -> String {
        (error as? DatabaseError)?.message ?? String(describing: error)
    }
}
