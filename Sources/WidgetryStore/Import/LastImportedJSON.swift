import WidgetryExpressions

/// The JSON last imported into each object of entities whose import depends only on its JSON
/// (``ImportPlan/Entity/dependsOnlyOnItsJSON``). Responses embed the same object again and again,
/// a post's author on each of their posts: when an object meets the very JSON it was last
/// imported from, every write would leave it as it is, and the import skips them. An import of
/// the object by other rules (a super- or sub-entity's) forgets the entry. A class, like
/// ``ImportedObjects``: every level of the recursive import shares it.
final class LastImportedJSON<Node: ImportNode> {
    /// By object id: a position in `imported` plus one, 0 for none (ids are dense, and an array
    /// read is far cheaper than hashing for every embedded object).
    @exclusivity(unchecked) private var positions: [Int32] = []
    @exclusivity(unchecked) private var imported: [(node: Node, entity: Int)] = []

    /// Whether `node`, imported into `entity`, is the JSON `id` was last imported from that way.
    func isSame(_ node: Node, as id: ObjectID, entity: Int) -> Bool {
        let index = Int(id.rawValue)
        guard index < positions.count, positions[index] > 0 else { return false }
        let last = imported[Int(positions[index]) - 1]
        return last.entity == entity && node.hasSameContent(as: last.node)
    }

    func record(_ node: Node, for id: ObjectID, entity: Int) {
        let index = Int(id.rawValue)
        if index >= positions.count {
            positions.append(contentsOf: repeatElement(0, count: max(index + 1 - positions.count, positions.count)))
        }
        if positions[index] > 0 {
            imported[Int(positions[index]) - 1] = (node, entity)
        } else {
            imported.append((node, entity))
            positions[index] = Int32(imported.count)
        }
    }

    /// Drops what `id` was last imported from, as an import through another entity's rules
    /// writes it.
    func forget(_ id: ObjectID) {
        let index = Int(id.rawValue)
        if index < positions.count, positions[index] > 0 { imported[Int(positions[index]) - 1].entity = -1 }
    }
}
