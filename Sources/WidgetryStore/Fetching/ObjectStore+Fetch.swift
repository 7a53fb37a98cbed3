public import WidgetryExpressions

extension ObjectStore {
    /// The objects a request selects: filtered, sorted (section key first), offset and limited.
    /// Ties keep insertion order.
    public func fetch(_ request: FetchRequest) throws(EvaluationError) -> [StoreObject] {
        try sortedSelection(request).objects
    }

    /// The objects a request selects, in sections: one per distinct value of the request's
    /// ``FetchRequest/sectionKeyPath`` (none when nothing matches), or exactly one section
    /// (possibly empty) without a section key.
    public func fetchSections(_ request: FetchRequest) throws(EvaluationError) -> [ResultsSection] {
        try fetchObjectSections(request).map { ResultsSection(name: $0.name, objects: $0.objects.map(\.id)) }
    }

    /// ``fetchSections(_:)`` with the objects themselves, for a caller that reads them (a render
    /// shows every row) rather than tracks them.
    public func fetchObjectSections(_ request: FetchRequest) throws(EvaluationError) -> [(name: String, objects: [StoreObject])] {
        let selection = try sortedSelection(request)
        guard let key = request.sectionKeyPath, !key.isEmpty else {
            return [("", selection.objects)]
        }
        var sections: [(name: String, objects: [StoreObject])] = []
        var current: Value?
        for (object, groupKey) in zip(selection.objects, selection.firstKeys) {
            if sections.isEmpty || current != groupKey {
                current = groupKey
                sections.append((ObjectStore.sectionName(groupKey), []))
            }
            sections[sections.count - 1].objects.append(object)
        }
        return sections
    }

    /// The selected objects in order, with the value of the first sort key of each (the
    /// section key, when there is one).
    private func sortedSelection(_ request: FetchRequest) throws(EvaluationError) -> (objects: [StoreObject], firstKeys: [Value]) {
        var selected = objects(of: request.entity, includingDescendants: request.includesSubentities)
        if let predicate = request.predicate {
            var kept: [StoreObject] = []
            for object in selected where try predicate.evaluate(with: .object(object), context: request.context) { kept.append(object) }
            selected = kept
        }
        let descriptors = request.effectiveSortDescriptors
        let keys = try sortKeys(of: selected, keyPaths: descriptors.map(\.keyPath))
        let width = descriptors.count
        let order = SortOrder.positions(of: selected.count, sortedBy: keys, ascending: descriptors.map(\.ascending))
        let start = min(request.offset, order.count)
        let end = request.limit.map { min(order.count, start + $0) } ?? order.count
        let kept = order[start..<end]
        return (kept.map { selected[$0] }, width == 0 ? Array(repeating: .null, count: kept.count) : kept.map { keys[$0 * width] })
    }

    /// The sort keys of `objects`, `keyPaths.count` per object, in one array. A key path that
    /// is one key naming an attribute of the object's entity is read from the attribute's column,
    /// every object under one lock; any other path is evaluated on the object, as a binding
    /// reads it (outside the lock, which the object's own reads take).
    private func sortKeys(of objects: [StoreObject], keyPaths: [String]) throws(EvaluationError) -> [Value] {
        let width = keyPaths.count
        var keys = [Value](repeating: .null, count: objects.count * width)
        // For each key path, the attribute slot it names in each entity (by entity index), if any.
        // For `self`, none: it is the object itself to key-value reading, even where an
        // attribute has that name.
        let slots = keyPaths.map { keyPath in
            model.layouts.map { layout -> Int? in
                guard keyPath != "self", case .attribute(let slot)? = layout.slots[keyPath] else { return nil }
                return slot
            }
        }
        var unread: [Int] = []
        readState { state in
            for (position, object) in objects.enumerated() {
                guard let location = state.location(of: object.id) else { continue }
                let entity = Int(location.entity), row = Int(location.row)
                for column in 0..<width {
                    if let slot = slots[column][entity] {
                        keys[position * width + column] = state.tables[entity].attributes[slot][row]
                    } else {
                        unread.append(position * width + column)
                    }
                }
            }
        }
        if !unread.isEmpty {
            let programs = keyPaths.map(KeyPathProgram.init)
            for index in unread {
                keys[index] = try programs[index % width].evaluate(on: .object(objects[index / width]))
            }
        }
        return keys
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
