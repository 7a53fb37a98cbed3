/// A row of fetched results: its section and its position in the section.
public struct RowPath: Hashable, Comparable, Sendable, CustomStringConvertible {
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
public struct ResultsChanges: Sendable, Equatable {
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
/// objects that stayed in its section changed; the fewest such objects are reported (those off
/// a longest increasing run of old positions). An object that stayed in place is updated when
/// the transaction changed it.
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
            let kept = longestIncreasingRun(stayed.map(\.old.row))
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

    /// Positions (into `values`) of one longest strictly increasing subsequence.
    static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var result: Set<Int> = []
        var position = tails.last ?? -1
        while position >= 0 {
            result.insert(position)
            position = previous[position]
        }
        return result
    }
}
