import Synchronization
public import WidgetryExpressions

/// An in-memory object store for one widget run: objects of the model's entities, read through
/// ``StoreObject`` (which answers ``KeyValueCoding``, so predicates and bindings walk it) and
/// changed through transactions.
///
/// ``perform(_:)`` runs a transaction on a private copy of the store's state and swaps the result
/// in at once: it applies entirely or not at all, and returns the ``ChangeSet`` it made.
/// The store is safe to share: its state sits behind a lock. Inside a transaction, read through
/// the transaction, not through store objects (the lock is held).
public final class ObjectStore: Sendable {
    public let model: EntityModel
    private let state: Mutex<StoreState>

    public init(model: EntityModel) {
        self.model = model
        state = Mutex(StoreState(model: model))
    }

    /// Runs `body` as one transaction; whatever it throws, nothing of it is kept.
    @discardableResult
    public func perform<Result, Failure: Error>(_ body: (inout StoreTransaction) throws(Failure) -> Result) throws(Failure) -> (result: Result, changes: ChangeSet) {
        try state.withLock { (current: inout StoreState) throws(Failure) -> (result: Result, changes: ChangeSet) in
            var transaction = StoreTransaction(model: model, state: current)
            let result = try body(&transaction)
            current = transaction.state
            return (result, transaction.changes)
        }
    }

    /// The object with `id`, if it is in the store.
    public func object(_ id: ObjectID) -> StoreObject? {
        guard let location = read({ $0.location(of: id) }) else { return nil }
        return StoreObject(store: self, id: id, entity: model.layouts[Int(location.entity)].name)
    }

    /// The objects of `entity` (and its descendants), in insertion order.
    public func objects(of entity: String, includingDescendants: Bool = true) -> [StoreObject] {
        guard let layout = model.layout(named: entity) else { return [] }
        return read { state in
            state.ids(of: includingDescendants ? layout.kinds : [layout.index]).map { id in
                StoreObject(store: self, id: id, entity: model.layouts[Int(state.locations[Int(id.rawValue) - 1].entity)].name)
            }
        }
    }

    /// Whether the user may delete the object (see ``StoreTransaction/isMine(_:)``).
    public func isMine(_ object: StoreObject) -> Bool {
        read { state in StoreTransaction(model: model, state: state).isMine(object.id) }
    }

    /// The objects a request selects, filtered, sorted, offset and limited.
    public func fetch(_ request: FetchRequest) throws(EvaluationError) -> [StoreObject] {
        var selected = objects(of: request.entity, includingDescendants: request.includesSubentities)
        if let predicate = request.predicate {
            var kept: [StoreObject] = []
            for object in selected where try predicate.evaluate(with: .object(object), context: request.context) { kept.append(object) }
            selected = kept
        }
        if !request.sortDescriptors.isEmpty {
            let keys = try selected.map { object throws(EvaluationError) in
                try request.sortDescriptors.map { descriptor throws(EvaluationError) in try Value.object(object).value(forKeyPath: descriptor.keyPath) }
            }
            let order = selected.indices.sorted { left, right in
                for (index, descriptor) in request.sortDescriptors.enumerated() {
                    let comparison = SortOrder.compare(keys[left][index], keys[right][index])
                    if comparison != 0 { return descriptor.ascending ? comparison < 0 : comparison > 0 }
                }
                return left < right
            }
            selected = order.map { selected[$0] }
        }
        let start = min(request.offset, selected.count)
        let end = request.limit.map { min(selected.count, start + $0) } ?? selected.count
        return Array(selected[start..<end])
    }

    func read<Result>(_ body: (StoreState) -> Result) -> Result {
        state.withLock { body($0) }
    }

    /// What `key` reads on the object `id`: an attribute's value, a to-one target as an object
    /// (or null), a to-many's targets as an array of objects; `self` is the object itself.
    func value(forKey key: String, of object: StoreObject) -> Value {
        read { state in
            guard let location = state.location(of: object.id) else { return .null }
            let entity = Int(location.entity), row = Int(location.row)
            switch model.layouts[entity].slots[key] {
            case .attribute(let slot)?:
                return state.tables[entity].attributes[slot][row]
            case .toOne(let slot)?:
                let raw = state.tables[entity].toOne[slot][row]
                return raw == 0 ? .null : handle(ObjectID(rawValue: raw), in: state).map(Value.object) ?? .null
            case .toMany(let slot)?:
                return .array(state.tables[entity].toMany[slot][row].compactMap { handle($0, in: state).map(Value.object) })
            case nil:
                return key == "self" ? .object(object) : .null
            }
        }
    }

    private func handle(_ id: ObjectID, in state: StoreState) -> StoreObject? {
        state.location(of: id).map { StoreObject(store: self, id: id, entity: model.layouts[Int($0.entity)].name) }
    }
}
