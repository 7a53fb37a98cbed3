public import WidgetryExpressions

/// An object of an ``ObjectStore``, as predicates, bindings and hosts see it.
///
/// A handle: it reads the store's current state on every access, so it always shows the
/// latest committed values. Two handles for the same object are the same object
/// (``isSameObject(as:)``). To-one relationships read as the target object (or null), to-many
/// ones as an array of objects in the order they were added.
public final class StoreObject: KeyValueCoding {
    public let store: ObjectStore
    public let id: ObjectID
    public let entity: String

    init(store: ObjectStore, id: ObjectID, entity: String) {
        self.store = store
        self.id = id
        self.entity = entity
    }

    public func value(forKey key: String) -> Value {
        store.read { state in
            guard let record = state.records[id] else { return .null }
            if let value = record.attributes[key] { return value }
            if let target = record.toOne[key] {
                return state.records[target].map { .object(StoreObject(store: store, id: target, entity: $0.entity)) } ?? .null
            }
            if let targets = record.toMany[key] {
                return .array(targets.compactMap { target in
                    state.records[target].map { .object(StoreObject(store: store, id: target, entity: $0.entity)) }
                })
            }
            if store.model.relationship(key, of: entity)?.isToMany == true { return .array([]) }
            return key == "self" ? .object(self) : .null
        }
    }

    public var keyValueTypeName: String { entity }

    public var keyValueDescription: String { "<\(entity) \(id)>" }

    public func isSameObject(as other: any KeyValueCoding) -> Bool {
        guard let other = other as? StoreObject else { return false }
        return other.store === store && other.id == id
    }

    public func hashIdentity(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(store))
        hasher.combine(id)
    }
}
