public import WidgetryExpressions
import Synchronization

/// Fetched results that stay current: after every transaction of the store they fetch again and
/// report what changed — sections and rows inserted, deleted, moved and updated — so a list can
/// update incrementally instead of reloading.
package final class FetchedResults: Sendable {
    public let store: ObjectStore
    public let request: FetchRequest
    private let current: Mutex<[ResultsSection]>
    private let observation = Mutex<StoreObservation?>(nil)

    /// Fetches now; then after every transaction of the store fetches again and calls `onChange`
    /// with the changes (not called when a transaction leaves the results as they were), or with
    /// the error when the request can no longer be evaluated (the results then stay as they were).
    public init(store: ObjectStore, request: FetchRequest,
                onChange: @escaping @Sendable (Result<ResultsChanges, EvaluationError>) -> Void = { _ in }) throws(EvaluationError) {
        self.store = store
        self.request = request
        current = Mutex(try store.fetchSections(request))
        let observation = store.observe { [weak self] changes in
            guard let self else { return }
            do throws(EvaluationError) {
                let difference = try refresh(changed: Set(changes.updated))
                if !difference.isEmpty { onChange(.success(difference)) }
            } catch {
                onChange(.failure(error))
            }
        }
        self.observation.withLock { $0 = observation }
    }

    /// The sections, each with its objects in order.
    public var sections: [ResultsSection] { current.withLock { $0 } }

    /// All objects, section after section.
    public var objects: [StoreObject] {
        sections.flatMap(\.objects).compactMap(store.object)
    }

    /// The number of objects in all sections.
    public var count: Int { sections.reduce(0) { $0 + $1.objects.count } }

    public func object(at path: RowPath) -> StoreObject? {
        let sections = sections
        guard sections.indices.contains(path.section), sections[path.section].objects.indices.contains(path.row) else { return nil }
        return store.object(sections[path.section].objects[path.row])
    }

    /// Fetches again and returns what changed since the last fetch; objects in `changed` that kept
    /// their place are reported as updated.
    @discardableResult
    public func refresh(changed: Set<ObjectID> = []) throws(EvaluationError) -> ResultsChanges {
        let new = try store.fetchSections(request)
        return current.withLock { old in
            defer { old = new }
            return ResultsDiff.changes(from: old, to: new, changed: changed)
        }
    }

    /// Stops following the store's transactions.
    public func stop() {
        observation.withLock { $0?.cancel() }
    }
}
