import Synchronization
public import WidgetryExpressions

/// The widget's user defaults (`defaults.showAvatars`): one set per run, read by every screen
/// and every cell. Changing a default renders nothing by itself, as upstream: the host posts
/// the notification the screens render on.
public final class WidgetDefaults: KeyValueCoding {
    private let values: Mutex<[String: Value]>

    public init(_ values: [String: Value] = [:]) {
        self.values = Mutex(values)
    }

    public func value(forKey key: String) -> Value {
        values.withLock { $0[key] ?? .null }
    }

    /// Sets a default; null removes it.
    public func setValue(_ value: Value, forKey key: String) {
        values.withLock { $0[key] = value.isNull ? nil : value }
    }

    /// Every default, by key.
    public var all: [String: Value] { values.withLock { $0 } }

    public var keyValueTypeName: String { "UserDefaults" }
}
