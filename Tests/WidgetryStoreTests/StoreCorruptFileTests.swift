import Foundation
import GRDB
import Testing
import WidgetryJSON
import WidgetryStore
import WidgetryModel
import WidgetryTestSupport

/// A store file is input like any other: each impossible value written into a good file is
/// `store.corrupt-file` naming its table, row and column when the store opens, never a trap
/// or an allocation the file asks for.
struct StoreCorruptFileTests {
    let files: TemporaryDirectory

    init() throws {
        files = try TemporaryDirectory(removedOnRelease: true)
    }

    static let modelText = """
        {"entities": {
          "Item": {"identityAttribute": "key", "attributes": {
            "key": {"type": "String"}, "small": {"type": "Integer 16", "optional": true},
            "seen": {"type": "Boolean", "default": false}, "at": {"type": "Date", "optional": true}},
            "relationships": {"folder": {"destination": "Folder", "inverse": "items"}}},
          "Folder": {"attributes": {"title": {"type": "String", "optional": true}},
            "relationships": {"items": {"destination": "Item", "toMany": true, "inverse": "folder", "ordered": true}}}}}
        """

    private func model() throws -> EntityModel {
        try ModelJSONReader.read(JSONParser.parse(Self.modelText, fileName: "Model.json"), file: "Model.json")
    }

    /// A good file: a folder (id 1) holding two items (ids 2 and 3).
    private func goodFile() throws -> String {
        let path = files.newFile("store.sqlite")
        let store = try ObjectStore(model: model(), filePath: path)
        try store.perform { transaction throws(StoreError) in
            let folder = try transaction.insert("Folder")
            let first = try transaction.insert("Item")
            try transaction.setAttribute("key", to: "a", of: first)
            let second = try transaction.insert("Item")
            try transaction.setAttribute("key", to: "b", of: second)
            try transaction.setTargets("items", to: [first, second], of: folder)
        }
        return path
    }

    struct Damage: CustomStringConvertible, Sendable {
        var description: String
        var sql: String
        /// Words the message must hold: the table, the row and the column.
        var place: [String]
    }

    static let damages: [Damage] = [
        Damage(description: "a huge next id", sql: "UPDATE _widgetry SET value = '18446744073709551615' WHERE key = 'nextID'", place: ["_widgetry", "nextID"]),
        Damage(description: "a next id past the limit", sql: "UPDATE _widgetry SET value = '999999999999' WHERE key = 'nextID'", place: ["_widgetry"]),
        Damage(description: "a zero next id", sql: "UPDATE _widgetry SET value = '0' WHERE key = 'nextID'", place: ["_widgetry"]),
        Damage(description: "a negative next id", sql: "UPDATE _widgetry SET value = '-5' WHERE key = 'nextID'", place: ["_widgetry"]),
        Damage(description: "no next id", sql: "DELETE FROM _widgetry WHERE key = 'nextID'", place: ["_widgetry"]),
        Damage(description: "a next id below the rows' ids", sql: "UPDATE _widgetry SET value = '2' WHERE key = 'nextID'", place: ["\"Item\"", "\"_id\""]),
        Damage(description: "an id of zero", sql: "UPDATE Item SET _id = 0 WHERE _id = 2", place: ["\"Item\"", "\"_id\""]),
        Damage(description: "a negative id", sql: "UPDATE Item SET _id = -1 WHERE _id = 2", place: ["\"Item\"", "\"_id\""]),
        Damage(description: "an id in two tables", sql: "INSERT INTO Folder (_id) VALUES (2)", place: ["_id 2", "\"_id\""]),
        Damage(description: "an integer 16 out of range", sql: "UPDATE Item SET small = 70000 WHERE _id = 2", place: ["\"Item\"", "_id 2", "\"small\""]),
        Damage(description: "a boolean of 7", sql: "UPDATE Item SET seen = 7 WHERE _id = 2", place: ["\"Item\"", "_id 2", "\"seen\""]),
        Damage(description: "a date past the year 9999", sql: "UPDATE Item SET at = 9.3e18 WHERE _id = 2", place: ["\"Item\"", "_id 2", "\"at\""]),
        Damage(description: "a date of text", sql: "UPDATE Item SET at = 'soon' WHERE _id = 2", place: ["\"Item\"", "_id 2", "\"at\""]),
        Damage(description: "a to-one to nothing", sql: "UPDATE Item SET folder = 99 WHERE _id = 2", place: ["\"Item\"", "_id 2", "\"folder\""]),
        Damage(description: "a to-one to the wrong entity", sql: "UPDATE Item SET folder = 3 WHERE _id = 2", place: ["\"Item\"", "_id 2", "\"folder\""]),
        Damage(description: "a to-many of garbage", sql: "UPDATE Folder SET items = '[2,x]' WHERE _id = 1", place: ["\"Folder\"", "_id 1", "\"items\""]),
        Damage(description: "a to-many not a list", sql: "UPDATE Folder SET items = 42 WHERE _id = 1", place: ["\"Folder\"", "_id 1", "\"items\""]),
        Damage(description: "a to-many with a repeat", sql: "UPDATE Folder SET items = '[2,2]' WHERE _id = 1", place: ["\"Folder\"", "_id 1", "\"items\""]),
        Damage(description: "a to-many to a deleted id", sql: "UPDATE Folder SET items = '[2,3,4]' WHERE _id = 1", place: ["\"Folder\"", "_id 1", "\"items\""]),
        Damage(description: "a repeated identity", sql: "UPDATE Item SET key = 'a' WHERE _id = 3", place: ["\"Item\"", "_id 3", "\"key\""]),
        Damage(description: "a missing column", sql: "ALTER TABLE Folder DROP COLUMN title", place: ["\"Folder\""]),
        Damage(description: "an extra column", sql: "ALTER TABLE Folder ADD COLUMN extra TEXT", place: ["\"Folder\""]),
        Damage(description: "a missing table", sql: "DROP TABLE Folder", place: ["Folder"]),
    ]

    @Test(arguments: damages)
    func aDamagedFileIsACorruptFileNamingThePlace(_ damage: Damage) throws {
        let path = try goodFile()
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: damage.sql) }
        try queue.close()
        do {
            _ = try ObjectStore(model: model(), filePath: path)
            Issue.record("\(damage) opened")
        } catch let error as StoreError {
            #expect(error.code == .corruptFile, "\(damage): \(error)")
            for word in damage.place {
                #expect(error.message.contains(word), "\(damage): \(error.message) does not name \(word)")
            }
        }
    }

    @Test func theGoodFileOpens() throws {
        let store = try ObjectStore(model: model(), filePath: goodFile())
        #expect(store.objects(of: "Item").count == 2)
    }
}
