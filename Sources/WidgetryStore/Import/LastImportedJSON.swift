import WidgetryExpressions

/// The JSON last imported into each object of entities whose import depends only on its JSON
/// (``ImportPlan/Entity/dependsOnlyOnItsJSON``). Responses embed the same object again and again,
/// a post's author on each of their posts: when an object meets the very JSON it was last
/// imported from, every write would leave it as it is, and the import skips them. An import of
/// the object by other rules (a super- or sub-entity's) forgets the entry. A class, like
/// ``ImportedObjects``: every level of the recursive import shares it.
final class LastImportedJSON<Node: ImportNode> {
    /// Positions in `imported` by object id: an open-addressing table (ids are never 0, which
    /// marks a free slot) with multiplicative hashing, because hashing an id with `Hasher` for
    /// every embedded object cost more than comparing the object's JSON.
    @exclusivity(unchecked) private var ids: [UInt64] = Array(repeating: 0, count: 64)
    @exclusivity(unchecked) private var positions: [Int32] = Array(repeating: 0, count: 64)
    @exclusivity(unchecked) private var imported: [(node: Node, entity: Int)] = []

    /// Whether `node`, imported into `entity`, is the JSON `id` was last imported from that way.
    func isSame(_ node: Node, as id: ObjectID, entity: Int) -> Bool {
        guard !imported.isEmpty, case (true, let slot) = find(id) else { return false }
        let last = imported[Int(positions[slot])]
        return last.entity == entity && node.hasSameContent(as: last.node)
    }

    func record(_ node: Node, for id: ObjectID, entity: Int) {
        let (found, slot) = find(id)
        if found {
            imported[Int(positions[slot])] = (node, entity)
            return
        }
        ids[slot] = id.rawValue
        positions[slot] = Int32(imported.count)
        imported.append((node, entity))
        if imported.count * 2 > ids.count { grow() }
    }

    /// Drops what `id` was last imported from, as an import through another entity's rules
    /// writes it.
    func forget(_ id: ObjectID) {
        guard !imported.isEmpty, case (true, let slot) = find(id) else { return }
        imported[Int(positions[slot])].entity = -1
    }

    /// The slot holding `id`, or the free slot where it would go.
    private func find(_ id: ObjectID) -> (found: Bool, slot: Int) {
        let mask = ids.count - 1
        var slot = Int(truncatingIfNeeded: (id.rawValue &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while true {
            if ids[slot] == id.rawValue { return (true, slot) }
            if ids[slot] == 0 { return (false, slot) }
            slot = (slot + 1) & mask
        }
    }

    private func grow() {
        let old = zip(ids, positions).filter { $0.0 != 0 }
        ids = Array(repeating: 0, count: ids.count * 2)
        positions = Array(repeating: 0, count: ids.count)
        for (id, position) in old {
            let (_, slot) = find(ObjectID(rawValue: id))
            ids[slot] = id
            positions[slot] = position
        }
    }
}
