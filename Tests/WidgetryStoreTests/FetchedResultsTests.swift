import Foundation
import Synchronization
import Testing
import WidgetryExpressions
import WidgetryJSON
@testable import WidgetryModel
@testable import WidgetryStore
import WidgetryTestSupport

/// Sections by a group key, and results that report row changes after each transaction.
struct FetchedResultsTests {
    let model: EntityModel
    let files: TemporaryDirectory

    init() throws {
        files = try TemporaryDirectory(removedOnRelease: true)
        model = try ModelJSONReader.read(JSONParser.parse("""
            {"entities": {"Item": {"attributes": {
              "name": {"type": "String"}, "group": {"type": "String", "optional": true}, "rank": {"type": "Integer 32", "default": 0}}}}}
            """, fileName: "Model.json"), file: "Model.json")
    }

    private func insert(_ items: [(String, String?, Int)], into store: ObjectStore) throws -> [ObjectID] {
        try store.perform { transaction throws(StoreError) in
            try items.map { name, group, rank throws(StoreError) in
                let id = try transaction.insert("Item")
                try transaction.setAttribute("name", to: .string(name), of: id)
                try transaction.setAttribute("group", to: group.map(Value.string) ?? .null, of: id)
                try transaction.setAttribute("rank", to: .int(Int64(rank)), of: id)
                return id
            }
        }.result
    }

    @Test func theDiffReportsTheFewestMovesAndUpdatesInPlace() {
        let ids = (1...5).map { ObjectID(rawValue: UInt64($0)) }
        let (a, b, c, d, e) = (ids[0], ids[1], ids[2], ids[3], ids[4])
        let changes = ResultsDiff.changes(from: [ResultsSection(name: "", objects: [a, b, c, d])],
                                          to: [ResultsSection(name: "", objects: [b, a, c, e])], changed: [c, b])
        #expect(changes.deleted == [RowPath(section: 0, row: 3)])
        #expect(changes.inserted == [RowPath(section: 0, row: 3)])
        #expect(changes.moved == [ResultsChanges.Move(from: RowPath(section: 0, row: 1), to: RowPath(section: 0, row: 0))], "a or b moves, not both")
        #expect(changes.updated == [RowPath(section: 0, row: 2)])
        #expect(ResultsDiff.changes(from: [ResultsSection(name: "", objects: ids)], to: [ResultsSection(name: "", objects: ids)], changed: []).isEmpty)
    }

    /// Applying the reported changes to the old results, as a list view does, gives the new ones.
    @Test func randomChangesReplayToTheNewResults() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let pool = (1...30).map { ObjectID(rawValue: UInt64($0)) }
            func sections() -> [ResultsSection] {
                let names = ["A", "B", "C", "D"].filter { _ in Bool.random(using: &generator) }
                return names.map { name in ResultsSection(name: name, objects: []) }
            }
            var old = sections(), new = sections()
            for id in pool.shuffled(using: &generator) {
                if !old.isEmpty, Int.random(in: 0..<4, using: &generator) > 0 { old[Int.random(in: old.indices, using: &generator)].objects.append(id) }
                if !new.isEmpty, Int.random(in: 0..<4, using: &generator) > 0 { new[Int.random(in: new.indices, using: &generator)].objects.append(id) }
            }
            let changed = Set(pool.filter { _ in Bool.random(using: &generator) })
            let changes = ResultsDiff.changes(from: old, to: new, changed: changed)
            // What stays: old rows neither deleted nor moved, in surviving sections, in old order.
            let gone = Set(changes.deleted + changes.moved.map(\.from))
            var staying: [String: [ObjectID]] = [:]
            for (section, content) in old.enumerated() where !changes.deletedSections.contains(section) {
                staying[content.name] = content.objects.enumerated().filter { !gone.contains(RowPath(section: section, row: $0.offset)) }.map(\.element)
            }
            // What arrives: inserted and moved-to rows at their new paths.
            let arriving = Set(changes.inserted + changes.moved.map(\.to))
            for (section, content) in new.enumerated() {
                let kept = content.objects.enumerated().filter { !arriving.contains(RowPath(section: section, row: $0.offset)) }.map(\.element)
                #expect(kept == (staying[content.name] ?? []), "section \(content.name)")
                #expect(changes.insertedSections.contains(section) == !old.contains { $0.name == content.name })
            }
            #expect(changes.deleted.count + changes.moved.count + staying.values.map(\.count).reduce(0, +) == old.map(\.objects.count).reduce(0, +))
            for path in changes.updated { #expect(changed.contains(old[path.section].objects[path.row])) }
            // Rows are deleted or inserted only when their object left or arrived.
            let before = Set(old.flatMap(\.objects)), after = Set(new.flatMap(\.objects))
            #expect(changes.deleted.allSatisfy { !after.contains(old[$0.section].objects[$0.row]) })
            #expect(changes.inserted.allSatisfy { !before.contains(new[$0.section].objects[$0.row]) })
            #expect(changes.moved.allSatisfy { old[$0.from.section].objects[$0.from.row] == new[$0.to.section].objects[$0.to.row] })
        }
    }

    @Test func sectionChangesAndMovesBetweenSections() {
        let ids = (1...3).map { ObjectID(rawValue: UInt64($0)) }
        let changes = ResultsDiff.changes(
            from: [ResultsSection(name: "G1", objects: [ids[0], ids[1]]), ResultsSection(name: "G2", objects: [ids[2]])],
            to: [ResultsSection(name: "G2", objects: [ids[2], ids[0]]), ResultsSection(name: "G3", objects: [ids[1]])], changed: [])
        #expect(changes.deletedSections == [0])
        #expect(changes.insertedSections == [1])
        #expect(changes.moved == [ResultsChanges.Move(from: RowPath(section: 0, row: 0), to: RowPath(section: 0, row: 1)),
                                  ResultsChanges.Move(from: RowPath(section: 0, row: 1), to: RowPath(section: 1, row: 0))])
        #expect(changes.inserted.isEmpty && changes.deleted.isEmpty)
    }

    @Test func groupingMakesOneSectionPerValueAndNoneWhenEmpty() throws {
        let store = ObjectStore(model: model)
        let grouped = FetchRequest(entity: "Item", sortDescriptors: [.init("rank")], sectionKeyPath: "group")
        #expect(try store.fetchSections(grouped).isEmpty)
        #expect(try store.fetchSections(FetchRequest(entity: "Item")) == [ResultsSection(name: "", objects: [])])
        let ids = try insert([("a", "G2", 1), ("b", "G1", 2), ("c", "G1", 1)], into: store)
        #expect(try store.fetchSections(grouped) == [ResultsSection(name: "G1", objects: [ids[2], ids[1]]), ResultsSection(name: "G2", objects: [ids[0]])])
        var descending = grouped
        descending.sortDescriptors = [.init("rank", ascending: false)]
        #expect(try store.fetchSections(descending).map(\.name) == ["G2", "G1"], "the group key sorts in the first descriptor's direction")
    }

    @Test func objectSectionsHoldTheObjectsTheSectionsName() throws {
        let store = ObjectStore(model: model)
        let ids = try insert([("a", "G2", 1), ("b", "G1", 2), ("c", "G1", 1)], into: store)
        let grouped = FetchRequest(entity: "Item", sortDescriptors: [.init("rank")], sectionKeyPath: "group")
        let sections = try store.fetchObjectSections(grouped)
        #expect(sections.map(\.name) == ["G1", "G2"])
        #expect(sections.map { $0.objects.map(\.id) } == [[ids[2], ids[1]], [ids[0]]])
        #expect(sections.flatMap(\.objects).map(\.entity) == ["Item", "Item", "Item"])
        let limited = FetchRequest(entity: "Item", sortDescriptors: [.init("rank", ascending: false)], offset: 1, limit: 1)
        #expect(try store.fetchObjectSections(limited).map { $0.objects.map(\.id) } == [[ids[0]]], "rank 2, then the two of rank 1 in insertion order: the second is a")
    }

    @Test(arguments: StoreMode.allCases) func resultsFollowEveryTransaction(_ mode: StoreMode) throws {
        let store = try mode.store(for: model, in: files)
        let ids = try insert([("a", "G1", 1), ("b", "G1", 2), ("c", "G2", 3)], into: store)
        let reported = Mutex<[ResultsChanges]>([])
        let results = try FetchedResults(store: store, request: FetchRequest(
            entity: "Item", predicate: try Predicate(format: "rank > 0"), sortDescriptors: [.init("rank")], sectionKeyPath: "group")) { outcome in
            if case .success(let changes) = outcome { reported.withLock { $0.append(changes) } }
        }
        #expect(results.sections.map(\.objects) == [[ids[0], ids[1]], [ids[2]]])

        // b overtakes nothing but changes: updated in place; a new item joins G2.
        let d = try store.perform { transaction throws(StoreError) in
            try transaction.setAttribute("name", to: "B", of: ids[1])
            let d = try transaction.insert("Item")
            try transaction.setAttribute("name", to: "d", of: d)
            try transaction.setAttribute("group", to: "G2", of: d)
            try transaction.setAttribute("rank", to: 4, of: d)
            return d
        }.result
        var expected = ResultsChanges()
        expected.updated = [RowPath(section: 0, row: 1)]
        expected.inserted = [RowPath(section: 1, row: 1)]
        #expect(reported.withLock { $0.last } == expected)

        // a moves behind b; c leaves the results (rank 0); a transaction that changes nothing visible reports nothing.
        try store.perform { transaction throws(StoreError) in
            try transaction.setAttribute("rank", to: 5, of: ids[0])
            try transaction.setAttribute("rank", to: 0, of: ids[2])
        }
        expected = ResultsChanges()
        expected.moved = [ResultsChanges.Move(from: RowPath(section: 0, row: 0), to: RowPath(section: 0, row: 1))]
        expected.deleted = [RowPath(section: 1, row: 0)]
        #expect(reported.withLock { $0.last } == expected)
        #expect(results.sections.map(\.objects) == [[ids[1], ids[0]], [d]])
        let count = reported.withLock { $0.count }
        try store.perform { transaction throws(StoreError) in try transaction.setAttribute("rank", to: 0, of: ids[2]) }
        #expect(reported.withLock { $0.count } == count)

        // Deleting the last of G2 deletes its section.
        try store.perform { transaction throws(StoreError) in try transaction.delete(d) }
        expected = ResultsChanges()
        expected.deletedSections = [1]
        expected.deleted = [RowPath(section: 1, row: 0)]
        #expect(reported.withLock { $0.last } == expected)
        #expect(results.object(at: RowPath(section: 0, row: 1))?.value(forKey: "name") == "a")

        results.stop()
        try store.perform { transaction throws(StoreError) in try transaction.delete(ids[0]) }
        #expect(reported.withLock { $0.count } == count + 1)
    }
}

