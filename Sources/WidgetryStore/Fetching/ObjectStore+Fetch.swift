public import WidgetryExpressions

extension ObjectStore {
    /// The objects a request selects: filtered, sorted (section key first), offset and limited.
    /// Ties keep insertion order.
    public func fetch(_ request: FetchRequest) throws(EvaluationError) -> [StoreObject] {
        try sortedSelection(request).map(\.object)
    }

    /// The objects a request selects, in sections: one per distinct value of the request's
    /// ``FetchRequest/sectionKeyPath`` (none when nothing matches), or exactly one section
    /// (possibly empty) without a section key.
    public func fetchSections(_ request: FetchRequest) throws(EvaluationError) -> [ResultsSection] {
        let selection = try sortedSelection(request)
        guard let key = request.sectionKeyPath, !key.isEmpty else {
            return [ResultsSection(name: "", objects: selection.map(\.object.id))]
        }
        var sections: [ResultsSection] = []
        var current: Value?
        for (object, keys) in selection {
            if sections.isEmpty || current != keys[0] {
                current = keys[0]
                sections.append(ResultsSection(name: ObjectStore.sectionName(keys[0]), objects: []))
            }
            sections[sections.count - 1].objects.append(object.id)
        }
        return sections
    }

    private func sortedSelection(_ request: FetchRequest) throws(EvaluationError) -> [(object: StoreObject, keys: [Value])] {
        var selected = objects(of: request.entity, includingDescendants: request.includesSubentities)
        if let predicate = request.predicate {
            var kept: [StoreObject] = []
            for object in selected where try predicate.evaluate(with: .object(object), context: request.context) { kept.append(object) }
            selected = kept
        }
        let descriptors = request.effectiveSortDescriptors
        let keys = try selected.map { object throws(EvaluationError) in
            try descriptors.map { descriptor throws(EvaluationError) in try Value.object(object).value(forKeyPath: descriptor.keyPath) }
        }
        var order = Array(selected.indices)
        if !descriptors.isEmpty {
            order.sort { left, right in
                for (index, descriptor) in descriptors.enumerated() {
                    let comparison = SortOrder.compare(keys[left][index], keys[right][index])
                    if comparison != 0 { return descriptor.ascending ? comparison < 0 : comparison > 0 }
                }
                return left < right
            }
        }
        let start = min(request.offset, order.count)
        let end = request.limit.map { min(order.count, start + $0) } ?? order.count
        return order[start..<end].map { (selected[$0], keys[$0]) }
    }

    /// A section's name: the group key's text (empty for null).
    static func sectionName(_ value: Value) -> String {
        switch value {
        case .null: ""
        case .string(let text): text
        default: value.description
        }
    }
}
