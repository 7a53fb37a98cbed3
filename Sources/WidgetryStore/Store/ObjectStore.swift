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
    private let state = Mutex(StoreState())

    public init(model: EntityModel) {
        self.model = model
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
        guard let entity = read({ $0.records[id]?.entity }) else { return nil }
        return StoreObject(store: self, id: id, entity: entity)
    }

    /// The objects of `entity` (and its descendants), in insertion order.
    public func objects(of entity: String, includingDescendants: Bool = true) -> [StoreObject] {
        read { state in
            ObjectStore.objects(of: entity, includingDescendants: includingDescendants, in: state, model: model).compactMap { id in
                state.records[id].map { StoreObject(store: self, id: id, entity: $0.entity) }
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

    // MARK: Shared by the store and its transactions

    static func objects(of entity: String, includingDescendants: Bool, in state: StoreState, model: EntityModel) -> [ObjectID] {
        let entities = [entity] + (includingDescendants ? model.descendants(of: entity).map(\.name) : [])
        let ids = entities.flatMap { state.byEntity[$0] ?? [] }
        return entities.count == 1 ? ids : ids.sorted()
    }

    /// The entity whose identity index an entity shares: the root of its hierarchy.
    static func identityRoot(of entity: String, model: EntityModel) -> String? {
        guard model.identityAttribute(of: entity) != nil else { return nil }
        return model.ancestors(of: entity).last?.name ?? entity
    }
}
