import Synchronization
public import WidgetryExpressions

/// A screen's names (FORMAT.md#screen.namespace): its elements, its objects and their aliases, `content` and
/// `defaults`, read by key. The scope controller bindings and predicates evaluate in.
/// First registration wins, except `content` and `defaults`, which are always written.
public final class Namespace: KeyValueCoding {
    private struct State {
        var entries: [String: Value] = [:]
        var order: [String] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Registers `value` under `name` unless the name is taken; returns whether it was registered.
    @discardableResult
    public func register(_ name: String, _ value: Value) -> Bool {
        state.withLock { state in
            guard state.entries[name] == nil else { return false }
            state.entries[name] = value
            state.order.append(name)
            return true
        }
    }

    /// `content` or `defaults`: always written.
    public func set(_ name: String, _ value: Value) {
        state.withLock { state in
            if state.entries[name] == nil { state.order.append(name) }
            state.entries[name] = value
        }
    }

    public func value(forKey key: String) -> Value {
        state.withLock { $0.entries[key] ?? .null }
    }

    /// The names in registration order.
    public var names: [String] { state.withLock { $0.order } }

    /// A copy whose `content` is `content` (cell identifier evaluations, FORMAT.md#binding.evals).
    public func copy(content: Value) -> Namespace {
        let copy = Namespace()
        state.withLock { state in
            copy.state.withLock { $0 = state }
        }
        copy.set("content", content)
        return copy
    }

    public var keyValueTypeName: String { "Namespace" }
}

/// The screen's view controller (`@self`): its content, the attributes screens set on it, and
/// `wx_dismissed`, which dismisses a presented screen.
public final class ScreenController: KeyValueCoding {
    public let name: String

    private struct State {
        var content: Value = .null
        var attributes: [String: Value] = [:]
        var dismissed = false
    }

    private let state = Mutex(State())

    /// The attributes a screen may set on `@self`.
    public static let attributeNames: Set<String> = ["serviceProviderClassName", "deriveSegueContent", "useDynamicBindings", "title"]

    /// Service provider classes of the host's own that `serviceProviderClassName` may name.
    public let hostProviders: Set<String>

    public init(name: String, hostProviders: Set<String> = []) {
        self.name = name
        self.hostProviders = hostProviders
    }

    /// The hint for a `serviceProviderClassName` no one supplies: which profile key to add.
    public static func providerHint(_ value: Value) -> String? {
        guard let name = value.stringValue else { return nil }
        return "\(name) is the host's own class: add \"providers\": {\"\(name)\": {…}} to the host profile (--profile), with how it signs requests"
    }

    public var content: Value {
        get { state.withLock { $0.content } }
        set { state.withLock { $0.content = newValue } }
    }

    public var isDismissed: Bool { state.withLock { $0.dismissed } }

    public func value(forKey key: String) -> Value {
        state.withLock { state in
            switch key {
            case "content": state.content
            case "wx_dismissed": .bool(state.dismissed)
            default: state.attributes[key] ?? .null
            }
        }
    }

    public func setValue(_ value: Value, forKey key: String) throws(KeyValueError) {
        switch key {
        case "content":
            state.withLock { $0.content = value }
        case "wx_dismissed":
            // Writing true dismisses; false does nothing (a dismissed screen stays dismissed).
            if value.isOn { state.withLock { $0.dismissed = true } }
        case "serviceProviderClassName":
            let names = ObjectType.serviceProviderNames + hostProviders.sorted()
            let kind = ObjectType.AttributeKind.name(oneOf: names)
            guard value.isNull || value.stringValue.map(names.contains) == true else {
                throw KeyValueError(key: key, typeName: keyValueTypeName, reason: .typeMismatch(expected: ScreenObject.describe(kind), found: value.description))
            }
            state.withLock { $0.attributes[key] = value }
        case _ where ScreenController.attributeNames.contains(key):
            state.withLock { $0.attributes[key] = value }
        default:
            throw KeyValueError(key: key, typeName: keyValueTypeName, reason: .unknownKey)
        }
    }

    public var keyValueTypeName: String { "ContentViewController" }

    public var keyValueDescription: String { "<\(name)>" }
}
