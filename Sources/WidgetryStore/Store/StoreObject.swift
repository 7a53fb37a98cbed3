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
        store.value(forKey: key, of: self)
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
