import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
@testable import WidgetryStore
import WidgetryModel
import WidgetryTestSupport

/// Objects replaced again and again (a timer that re-imports with `clearPolicy: after`) leave
/// empty rows behind; tables drop them between transactions, so what a transaction copies and a
/// fetch scans stays proportional to the live objects, and every object keeps its values.
struct StoreCompactionTests {
    let files: TemporaryDirectory

    init() throws {
        files = try TemporaryDirectory(removedOnRelease: true)
    }

    private func model() throws -> EntityModel {
        try ModelJSONReader.read(JSONParser.parse(#"""
            {"entities": {"Note": {"identityAttribute": "key", "attributes": {"key": {"type": "String"}, "n": {"type": "Integer 64", "default": 0}}}}}
            """#, fileName: "Model.json"), file: "Model.json")
    }

    @Test(arguments: [false, true])
    func replacedObjectsDoNotGrowTheTable(inFile: Bool) throws {
        let store = inFile ? try ObjectStore(model: model(), filePath: files.newFile("store.sqlite")) : ObjectStore(model: try model())
        var previous: [ObjectID] = []
        for round in 0..<300 {
            previous = try store.perform { transaction throws(StoreError) in
                for id in previous { try transaction.delete(id) }
                return try (0..<2).map { index throws(StoreError) in
                    let id = try transaction.insert("Note")
                    try transaction.setAttribute("key", to: .string("\(round)-\(index)"), of: id)
                    try transaction.setAttribute("n", to: .int(Int64(round)), of: id)
                    return id
                }
            }.result
        }
        let rows = store.read { $0.state.tables.map(\.ids.count).reduce(0, +) }
        #expect(rows < 150, "the table holds \(rows) rows for 2 live objects")
        let notes = store.objects(of: "Note")
        #expect(notes.count == 2)
        #expect(notes.map { $0.value(forKey: "key") } == [.string("299-0"), .string("299-1")])
        #expect(notes.allSatisfy { $0.value(forKey: "n") == .int(299) })
        if inFile, let path = store.filePath {
            let reopened = try ObjectStore(model: model(), filePath: path)
            #expect(reopened.objects(of: "Note").map { $0.value(forKey: "key") } == [.string("299-0"), .string("299-1")])
        }
    }
}
