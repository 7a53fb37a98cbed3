/// A row of fetched results: its section and its position in the section.
package struct RowPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var row: Int

    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    public static func < (lhs: RowPath, rhs: RowPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    public var description: String { "[\(section), \(row)]" }
}

/// A section of fetched results: the objects sharing one value of the group key, in sort order.
public struct ResultsSection: Sendable, Equatable {
    /// The group key's value as text (empty for results without sections).
    public var name: String
    public var objects: [ObjectID]

    public init(name: String, objects: [ObjectID]) {
        self.name = name
        self.objects = objects
    }
}

/// How fetched results changed from one fetch to the next, in the terms a list view applies
/// them: sections deleted (old indices) and inserted (new indices), rows deleted (old index
/// paths), inserted (new index paths), moved (old to new) and updated in place (old index paths).
/// Every list is in ascending order (moves by their old index path).
package struct ResultsChanges: Sendable, Equatable {
    public struct Move: Sendable, Equatable {
        public var from: RowPath
        public var to: RowPath
    }

    public var deletedSections: [Int] = []
    public var insertedSections: [Int] = []
    public var deleted: [RowPath] = []
    public var inserted: [RowPath] = []
    public var moved: [Move] = []
    public var updated: [RowPath] = []

    public init() {}

    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && deleted.isEmpty && inserted.isEmpty && moved.isEmpty && updated.isEmpty
    }
}

/// Computes ``ResultsChanges`` between two fetches.
///
/// An object in both is moved when its section changed, or when its order relative to the other
/// objects that stayed in its section changed; the fewest such objects are reported, preferring
/// objects the transaction changed over ones it did not (those off the heaviest increasing run of
/// old positions). An object that stayed in place is updated when the transaction changed it.
enum ResultsDiff {
    static func changes(from old: [ResultsSection], to new: [ResultsSection], changed: Set<ObjectID>) -> ResultsChanges {
        var changes = ResultsChanges()
        let oldSections = Dictionary(old.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newSections = Dictionary(new.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        changes.deletedSections = old.indices.filter { newSections[old[$0].name] == nil }
        changes.insertedSections = new.indices.filter { oldSections[new[$0].name] == nil }

        var oldPaths: [ObjectID: RowPath] = [:]
        for (section, content) in old.enumerated() {
            for (row, id) in content.objects.enumerated() { oldPaths[id] = RowPath(section: section, row: row) }
        }
        var newPaths: [ObjectID: RowPath] = [:]
        for (section, content) in new.enumerated() {
            for (row, id) in content.objects.enumerated() { newPaths[id] = RowPath(section: section, row: row) }
        }
        for (id, path) in oldPaths where newPaths[id] == nil { changes.deleted.append(path) }
        for (id, path) in newPaths where oldPaths[id] == nil { changes.inserted.append(path) }

        for (section, content) in new.enumerated() {
            var stayed: [(id: ObjectID, old: RowPath, new: RowPath)] = []
            for (row, id) in content.objects.enumerated() {
                guard let path = oldPaths[id] else { continue }
                let here = RowPath(section: section, row: row)
                if old[path.section].name == content.name {
                    stayed.append((id, path, here))
                } else {
                    changes.moved.append(ResultsChanges.Move(from: path, to: here))
                }
            }
            // Keep as many objects in place as possible, and among those, the unchanged ones.
            let kept = heaviestIncreasingRun(stayed.map(\.old.row), weights: stayed.map { changed.contains($0.id) ? 1 : stayed.count + 1 })
            for (position, object) in stayed.enumerated() {
                if kept.contains(position) {
                    if changed.contains(object.id) { changes.updated.append(object.old) }
                } else {
                    changes.moved.append(ResultsChanges.Move(from: object.old, to: object.new))
                }
            }
        }
        changes.deleted.sort()
        changes.inserted.sort()
        changes.updated.sort()
        changes.moved.sort { $0.from < $1.from }
        return changes
    }

    /// Positions (into `values`) of a heaviest strictly increasing subsequence, each position
    /// weighing `weights[position]`; a Fenwick tree over the values keeps it O(n log n).
    /// `values` are distinct and non-negative.
    static func heaviestIncreasingRun(_ values: [Int], weights: [Int]) -> Set<Int> {
        guard let largest = values.max() else { return [] }
        // tree[i]: the best (weight, end position) of runs ending in a value within i's range.
        var tree = [(weight: Int, position: Int)](repeating: (0, -1), count: largest + 2)
        var previous = [Int](repeating: -1, count: values.count)
        var best = (weight: 0, position: -1)
        for (position, value) in values.enumerated() {
            var before = (weight: 0, position: -1)
            var index = value          // values below `value`: tree indices 1...value
            while index > 0 {
                if tree[index].weight > before.weight { before = tree[index] }
                index -= index & -index
            }
            let here = (weight: before.weight + weights[position], position: position)
            previous[position] = before.position
            if here.weight > best.weight { best = here }
            index = value + 1
            while index < tree.count {
                if here.weight > tree[index].weight { tree[index] = here }
                index += index & -index
            }
        }
        var result: Set<Int> = []
        var position = best.position
        while position >= 0 {
            result.insert(position)
            position = previous[position]
        }
        return result
    }
}
