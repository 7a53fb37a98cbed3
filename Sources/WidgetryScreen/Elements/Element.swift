public import WidgetryExpressions
import Synchronization

/// A UI element without UIKit: a label, a button, a table, a layout constraint, … whose state
/// bindings write and snapshots print.
///
/// An element answers the keys its ``kind`` has in upstream's format (FORMAT.md#elements.keys) through
/// ``KeyValueCoding``: `wx_value`, `wx_visible`, `wx_disabled`, `wx_fieldValue`, `hidden`,
/// `text`, … Reading a key the element lacks gives null; writing one is an error, as is a value
/// of the wrong type where upstream crashed (null into `hidden`).
///
/// Every write that changes a stored property raises ``revision`` and is kept until the runtime
/// takes it with ``drainChanges()`` (unless the element keeps no log: a table cell's, which a
/// render makes anew); a write that leaves the value as it was records nothing.
/// The state lives behind a lock, so an element can be read from any task.
public final class Element: KeyValueCoding {
    /// The identifier screen files name the element by, nil for an anonymous one.
    public let id: String?
    public let kind: ElementKind
    /// The subviews, in order. The runtime builds the tree; an element never changes it.
    public let children: [Element]
    /// Whether changes are logged for ``drainChanges()``.
    private let logsChanges: Bool
    private let state = Mutex(State())

    private struct State {
        var values = ElementValues()
        var revision = 0
        var changes: [ElementChange] = []
    }

    /// An element with the initial `properties` of a screen file written one after the other
    /// through the same keys bindings use (so `text`, `hidden`, `wx_fieldName` …). These
    /// writes are the initial state: they are not recorded as changes.
    ///
    /// Throws the first property the element does not have or cannot take.
    public convenience init(id: String?, kind: ElementKind, properties: [(String, Value)] = [], children: [Element] = []) throws(KeyValueError) {
        try self.init(id: id, kind: kind, properties: properties, children: children, logsChanges: true)
    }

    /// An element as ``init(id:kind:properties:children:)`` makes it; one that does not
    /// `logsChanges` still counts its ``revision`` but keeps no change records (the runtime
    /// never drains a cell's, which a render makes anew).
    package init(id: String?, kind: ElementKind, properties: [(String, Value)], children: [Element], logsChanges: Bool) throws(KeyValueError) {
        self.id = id
        self.kind = kind
        self.children = children
        self.logsChanges = logsChanges
        for (key, value) in properties {
            try write(value, forKey: key, recording: false)
        }
    }

    /// An element with no initial properties yet; ``setInitialValue(_:forKey:)`` gives them,
    /// each on its own, so one the element cannot take leaves the others.
    package init(id: String?, kind: ElementKind, childElements: [Element]) {
        self.id = id
        self.kind = kind
        self.children = childElements
        self.logsChanges = true
    }

    /// Writes an initial property: not recorded as a change.
    package func setInitialValue(_ value: Value, forKey key: String) throws(KeyValueError) {
        try write(value, forKey: key, recording: false)
    }

    /// Drops every stored value. A screen that goes away calls it: a value may hold an object
    /// whose outlet holds this element back (a form and its action controller), a cycle that
    /// nothing else would free.
    package func releaseValues() {
        state.withLock { state in
            state.values.removeAll()
            state.changes.removeAll()
        }
    }

    /// How many effective changes the element has had since it was made.
    public var revision: Int { state.withLock { $0.revision } }

    /// The changes recorded since the last call, oldest first; the log is empty afterwards.
    public func drainChanges() -> [ElementChange] {
        state.withLock { state in
            defer { state.changes.removeAll() }
            return state.changes
        }
    }

    /// How many changes are waiting for ``drainChanges()``.
    package var pendingChangeCount: Int { state.withLock { $0.changes.count } }

    /// Merges the changes logged after the first `count` into one per property: from the value
    /// it had before the first of them to the value it has now, in the order of their first
    /// change; a property back where it started has no change at all. A render that needed
    /// several passes logs what it did, not each pass.
    package func coalesceChanges(after count: Int) {
        state.withLock { state in
            guard state.changes.count > count + 1 else { return }
            var merged: [ElementChange] = []
            var indexByProperty: [String: Int] = [:]
            for change in state.changes[count...] {
                if let index = indexByProperty[change.property] {
                    merged[index].new = change.new
                } else {
                    indexByProperty[change.property] = merged.count
                    merged.append(change)
                }
            }
            state.changes.replaceSubrange(count..., with: merged.filter { $0.old != $0.new })
        }
    }

    /// Gives a table or collection view its pull-to-refresh control, which `refreshControl`
    /// then reads (so a binding to `refreshControl.wx_value` reaches it).
    ///
    /// Throws when this element cannot hold one (it is not a table or collection view) or
    /// `refreshControl` is not a ``ElementKind/refreshControl``.
    public func install(refreshControl: Element) throws(KeyValueError) {
        try setValue(.object(refreshControl), forKey: "refreshControl")
    }

    // MARK: KeyValueCoding

    public var keyValueTypeName: String { kind.typeName }

    /// `<UILabel titleLabel>`, or `<UILabel>` without an identifier.
    public var keyValueDescription: String {
        id.map { "<\(kind.typeName) \($0)>" } ?? "<\(kind.typeName)>"
    }

    public func value(forKey key: String) -> Value {
        guard let elementKey = ElementKey(key, kind: kind) else { return .null }
        return read(elementKey)
    }

    public func setValue(_ value: Value, forKey key: String) throws(KeyValueError) {
        try write(value, forKey: key, recording: true)
    }

    // MARK: Stored properties

    /// The value of a stored property, its initial value until something is written.
    func stored(_ property: ElementProperty) -> Value {
        state.withLock { $0.values[property] } ?? property.initialValue(for: kind)
    }

    /// The values of `properties`, read at one moment.
    func stored(_ properties: [ElementProperty]) -> [Value] {
        let values = state.withLock { $0.values }
        return properties.map { values[$0] ?? $0.initialValue(for: kind) }
    }

    /// Stores `new`; when it differs from the current value and `recording`, counts and logs
    /// the change.
    func store(_ property: ElementProperty, _ new: Value, recording: Bool) {
        let initial = property.initialValue(for: kind)
        state.withLock { state in
            let old = state.values[property] ?? initial
            guard old != new else { return }
            state.values[property] = new
            guard recording else { return }
            state.revision += 1
            guard logsChanges else { return }
            state.changes.append(ElementChange(elementID: id, property: property.rawValue, old: old, new: new))
        }
    }
}
