import WidgetryExpressions

/// The objects an import inserted, each with the JSON it came from, so the import can be
/// checked as a whole before it is kept. A class: the run is a value shared by the recursive
/// import, and every level adds to the same list.
final class ImportedObjects<Node: ImportNode> {
    private(set) var inserted: [(id: ObjectID, node: Node)] = []

    func record(_ id: ObjectID, from node: Node) {
        inserted.append((id, node))
    }
}

extension ImportRun {
    /// CoreData refused to save an object without a value for a non-optional attribute (its
    /// identity included), and so does an import here: every object this import inserted must
    /// have each such attribute once the import is done (a default counts). The first one
    /// without is an `import.missing-value` at the JSON the object came from, and the caller's
    /// transaction is dropped, so the import leaves nothing behind.
    func checkRequiredAttributes(in transaction: StoreTransaction) throws(ImportError) {
        for (id, node) in objects.inserted {
            guard let location = transaction.state.location(of: id) else { continue }
            for slot in plan.requiredSlots[Int(location.entity)] where transaction.state.tables[Int(location.entity)].attributes[slot][Int(location.row)].isNull {
                let layout = plan.layouts[Int(location.entity)], attribute = layout.attributes[slot]
                let source = attribute.jsonKeyPath.map { "its JSON has nothing at \"\($0)\"" } ?? "it has no JSONKeyPath"
                throw node.importError(.missingValue, "\(layout.name).\(attribute.name) is not optional, but \(source)",
                                       hint: "send a value, give the attribute a default, or mark it \"optional\" in the model")
            }
        }
    }
}
