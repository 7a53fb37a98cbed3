import Synchronization
import WidgetryExpressions
public import WidgetryModel

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

    private let file: StoreFile?
    private let observers = Mutex(Observers())
    private let computedKeys = Mutex<ComputedKeys?>(nil)

    /// An empty store that lives in memory.
    public init(model: EntityModel) {
        self.model = model
        state = Mutex(StoreState(model: model))
        file = nil
    }

    /// A store kept in the SQLite file at `path` (created when missing): it starts with the
    /// objects the file holds and writes every transaction to it (see ``filePath``).
    public init(model: EntityModel, filePath path: String) throws(StoreError) {
        self.model = model
        let file = try StoreFile(path: path, model: model)
        state = Mutex(try file.load())
        self.file = file
    }

    /// The SQLite file the store is kept in; nil for a store in memory.
    public var filePath: String? { file?.path }

    /// Runs `body` as one transaction; whatever it throws, nothing of it is kept. A store with a
    /// file writes the changes there first, and keeps nothing if that fails (thrown as the
    /// body's error type).
    /// After a transaction with changes is in, the store's observers are called with them, on the
    /// caller's thread, in the order they were added.
    @discardableResult
    public func perform<Result, Failure: StoreErrorRepresentable>(_ body: (inout StoreTransaction) throws(Failure) -> Result) throws(Failure) -> (result: Result, changes: ChangeSet) {
        let outcome = try state.withLock { (current: inout StoreState) throws(Failure) -> (result: Result, changes: ChangeSet) in
            var transaction = StoreTransaction(model: model, state: current)
            let result = try body(&transaction)
            let changes = transaction.changes
            if !changes.deleted.isEmpty { transaction.state.compactTables() }
            if let file, !changes.isEmpty {
                do throws(StoreError) {
                    try file.save(changes, of: transaction.state)
                } catch {
                    throw Failure(error)
                }
            }
            current = transaction.state
            return (result, changes)
        }
        if !outcome.changes.isEmpty {
            for handler in observers.withLock({ $0.ordered }) { handler(outcome.changes) }
        }
        return outcome
    }

    /// Calls `handler` with the changes of every transaction from now on, until the returned
    /// observation is cancelled or released.
    public func observe(_ handler: @escaping @Sendable (ChangeSet) -> Void) -> StoreObservation {
        let key = observers.withLock { observers in
            observers.next += 1
            observers.handlers[observers.next] = handler
            return observers.next
        }
        return StoreObservation { [weak self] in
            _ = self?.observers.withLock { $0.handlers.removeValue(forKey: key) }
        }
    }

    /// The object with `id`, if it is in the store.
    public func object(_ id: ObjectID) -> StoreObject? {
        guard let location = readState({ $0.location(of: id) }) else { return nil }
        return StoreObject(store: self, id: id, entity: model.layouts[Int(location.entity)].name)
    }

    /// The objects of `entity` (and its descendants), in insertion order.
    public func objects(of entity: String, includingDescendants: Bool = true) -> [StoreObject] {
        guard let layout = model.layout(named: entity) else { return [] }
        return readState { state in
            state.ids(of: includingDescendants ? layout.kinds : [layout.index]).map { id in
                StoreObject(store: self, id: id, entity: model.layouts[Int(state.locations[Int(id.rawValue) - 1].entity)].name)
            }
        }
    }

    /// Whether the user may delete the object (see ``StoreTransaction/isMine(_:)``).
    public func isMine(_ object: StoreObject) -> Bool {
        read { $0.isMine(object.id) }
    }

    /// Reads the store through a transaction's reading methods, all from one consistent state
    /// (changes made on `transaction` are dropped).
    public func read<Result>(_ body: (StoreTransaction) -> Result) -> Result {
        state.withLock { body(StoreTransaction(model: model, state: $0)) }
    }

    func readState<Result>(_ body: (StoreState) -> Result) -> Result {
        state.withLock { body($0) }
    }

    /// What `key` reads on the object `id`: an attribute's value, a to-one target as an object
    /// (or null), a to-many's targets as an array of objects; `self` is the object itself.
    /// Keys the store's objects answer beyond the model's (a host profile's `keyPaths`),
    /// evaluated each time they are read; nil removes them.
    public func setComputedKeys(_ keys: ComputedKeys?) {
        computedKeys.withLock { $0 = keys }
    }

    /// The computed keys objects answer, if any.
    public var computed: ComputedKeys? { computedKeys.withLock { $0 } }

    func value(forKey key: String, of object: StoreObject) -> Value {
        if let stored = storedValue(forKey: key, of: object) { return stored }
        // A computed key reads other keys of the object: it is evaluated outside the lock.
        guard let computed, let expression = computed.expression(for: key, of: object.entity) else { return .null }
        return (try? expression.evaluate(with: .object(object), context: computed.context)) ?? .null
    }

    /// The value of a model key (or `self`); nil for a key the model does not give the entity.
    private func storedValue(forKey key: String, of object: StoreObject) -> Value? {
        readState { state in
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
                return key == "self" ? .object(object) : nil
            }
        }
    }

    private func handle(_ id: ObjectID, in state: StoreState) -> StoreObject? {
        state.location(of: id).map { StoreObject(store: self, id: id, entity: model.layouts[Int($0.entity)].name) }
    }
}

/// The store's observers, by the order they were added.
private struct Observers {
    var next = 0
    var handlers: [Int: @Sendable (ChangeSet) -> Void] = [:] {
        didSet { ordered = handlers.keys.sorted().map { handlers[$0]! } }
    }
    private(set) var ordered: [@Sendable (ChangeSet) -> Void] = []
}

/// Keeps a store observer registered; cancelling it or releasing it removes the observer.
public final class StoreObservation: Sendable {
    private let remove: Mutex<(@Sendable () -> Void)?>

    init(remove: @escaping @Sendable () -> Void) {
        self.remove = Mutex(remove)
    }

    public func cancel() {
        remove.withLock { remove in
            remove?()
            remove = nil
        }
    }

    deinit {
        cancel()
    }
}
