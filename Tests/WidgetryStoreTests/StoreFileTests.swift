import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryStore
import WidgetryModel
import WidgetryTestSupport

/// A store kept in an SQLite file: what one run leaves, the next run starts with.
struct StoreFileTests {
    let files: TemporaryDirectory

    init() throws {
        files = try TemporaryDirectory(removedOnRelease: true)
    }

    private func model(_ text: String = StoreFileTests.modelText) throws -> EntityModel {
        try ModelJSONReader.read(JSONParser.parse(text, fileName: "Model.json"), file: "Model.json")
    }

    /// Every attribute type, inheritance, a to-one with a to-many inverse, and an identity.
    static let modelText = """
        {"entities": {
          "Item": {"identityAttribute": "key", "attributes": {
            "key": {"type": "String"}, "small": {"type": "Integer 16", "optional": true}, "count": {"type": "Integer 64", "default": 0},
            "ratio": {"type": "Double", "optional": true}, "weight": {"type": "Float", "optional": true},
            "price": {"type": "Decimal", "optional": true}, "seen": {"type": "Boolean", "default": false},
            "at": {"type": "Date", "optional": true}, "blob": {"type": "Binary", "optional": true},
            "uuid": {"type": "UUID", "optional": true}, "link": {"type": "URI", "optional": true}},
            "relationships": {"folder": {"destination": "Folder", "inverse": "items"}}},
          "Special": {"parent": "Item", "attributes": {"note": {"type": "String", "optional": true}}},
          "Folder": {"attributes": {"title": {"type": "String", "optional": true}},
            "relationships": {"items": {"destination": "Item", "toMany": true, "inverse": "folder", "ordered": true}}}}}
        """

    @Test func everythingAUserSawIsThereOnTheNextRun() throws {
        let path = files.newFile("store.sqlite")
        let model = try model()
        let first = try ObjectStore(model: model, filePath: path)
        try first.perform { transaction throws(StoreError) in
            let folder = try transaction.insert("Folder")
            try transaction.setAttribute("title", to: "Inbox", of: folder)
            var items: [ObjectID] = []
            for index in 0..<3 {
                let item = try transaction.insert(index == 1 ? "Special" : "Item")
                try transaction.setAttribute("key", to: .string("k\(index)"), of: item)
                items.append(item)
            }
            try transaction.setAttribute("small", to: -7, of: items[0])
            try transaction.setAttribute("count", to: .int(Int64.max), of: items[0])
            try transaction.setAttribute("ratio", to: 0.1, of: items[0])
            try transaction.setAttribute("weight", to: 1.5, of: items[0])
            try transaction.setAttribute("price", to: 19.99, of: items[0])
            try transaction.setAttribute("seen", to: true, of: items[0])
            try transaction.setAttribute("at", to: .date(Date(timeIntervalSinceReferenceDate: 551_214_000.123_456_7)), of: items[0])
            try transaction.setAttribute("blob", to: .data([0, 255, 7]), of: items[0])
            try transaction.setAttribute("uuid", to: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8", of: items[0])
            try transaction.setAttribute("link", to: "https://example.com/a?b=c", of: items[0])
            try transaction.setAttribute("note", to: "héllo \"quoted\" 😀", of: items[1])
            // Ordered to-many: the order given, not insertion order.
            try transaction.setTargets("items", to: [items[2], items[0], items[1]], of: folder)
        }
        let before = dump(first)
        let second = try ObjectStore(model: model, filePath: path)
        #expect(dump(second) == before)
        #expect(before.contains("at=\(Value.date(Date(timeIntervalSinceReferenceDate: 551_214_000.123_456_7)))"), "dates round-trip exactly")
        // The identity index and the next id come back too.
        #expect(second.read { $0.object(withIdentity: "k1", in: "Item") }?.rawValue == 3)
        let next = try second.perform { transaction throws(StoreError) in try transaction.insert("Folder") }.result
        #expect(next.rawValue == 5)
        // Deletions are written as well, and a deleted object's id is not reused.
        try second.perform { transaction throws(StoreError) in
            try transaction.delete(next)
            try transaction.delete(ObjectID(rawValue: 2))
        }
        let third = try ObjectStore(model: model, filePath: path)
        #expect(dump(third) == dump(second))
        #expect(try third.perform { transaction throws(StoreError) in try transaction.insert("Folder") }.result.rawValue == 6)
    }

    @Test func aFailedTransactionWritesNothing() throws {
        let path = files.newFile("store.sqlite")
        let store = try ObjectStore(model: try model(), filePath: path)
        try store.perform { transaction throws(StoreError) in try transaction.setAttribute("key", to: "a", of: transaction.insert("Item")) }
        let before = dump(store)
        #expect(throws: StoreError.self) {
            try store.perform { transaction throws(StoreError) in
                try transaction.setAttribute("key", to: "b", of: transaction.insert("Item"))
                try transaction.setAttribute("key", to: "a", of: transaction.insert("Item"))
            }
        }
        #expect(dump(try ObjectStore(model: try model(), filePath: path)) == before)
    }

    @Test func aFileWrittenForAnotherModelIsRefusedWithAHint() throws {
        let path = files.newFile("store.sqlite")
        _ = try ObjectStore(model: try model(), filePath: path)
        let changed = try model(StoreFileTests.modelText.replacingOccurrences(of: #""type": "Integer 16""#, with: #""type": "Integer 32""#))
        do {
            _ = try ObjectStore(model: changed, filePath: path)
            Issue.record("opened")
        } catch {
            #expect(error.code == .incompatibleFile)
            #expect(error.hint?.contains("delete") == true)
        }
    }

    @Test func aFileThatIsNotADatabaseIsACorruptFile() throws {
        let path = files.newFile("store.sqlite")
        try Data("not a database, just some text that is long enough to have a header".utf8).write(to: URL(fileURLWithPath: path))
        let model = try model()
        do {
            _ = try ObjectStore(model: model, filePath: path)
            Issue.record("opened")
        } catch {
            #expect(error.code == .corruptFile)
            #expect(error.file == path)
        }
    }
}
