import Synchronization
public import WidgetryExpressions

/// A mediating controller of a running screen (an `objects` entry): its type's attributes and
/// outlets, and the values the runtime derives (a provider's `value`, a status's `inProgress`),
/// all read by key, so bindings and predicates reach them (`homeFeedStatus.inProgress`).
public final class ScreenObject: KeyValueCoding {
    public let id: String
    public let type: ObjectType

    private struct State {
        var attributes: [String: Value] = [:]
        var outlets: [String: Value] = [:]
        var derived: [String: Value] = [:]
    }

    private let state: Mutex<State>
    /// The host's own service provider classes (a host profile's `providers`), which
    /// `serviceProviderClassName` may name besides the built-in ones, as the screen's may.
    public let hostProviders: Set<String>

    public init(id: String, type: ObjectType, hostProviders: Set<String> = []) {
        self.id = id
        self.type = type
        self.hostProviders = hostProviders
        var initial = State()
        for (name, attribute) in type.attributes where !attribute.defaultValue.isNull { initial.attributes[name] = attribute.defaultValue }
        state = Mutex(initial)
    }

    /// An attribute's value (its default when not set).
    public func attribute(_ name: String) -> Value {
        state.withLock { $0.attributes[name] ?? .null }
    }

    /// An outlet's target (an object, or an array of objects for array outlets).
    public func outlet(_ name: String) -> Value {
        state.withLock { $0.outlets[name] ?? .null }
    }

    /// Sets a value the runtime derives; bindings read it like any key.
    public func setDerived(_ name: String, _ value: Value) {
        state.withLock { $0.derived[name] = value }
    }

    /// Points an outlet at `target`, or appends it for array outlets (IB connections kept, FORMAT.md#screen.outlets).
    package func connect(_ name: String, to target: Value, appending: Bool) {
        state.withLock { state in
            if appending {
                state.outlets[name] = .array((state.outlets[name]?.elements ?? []) + [target])
            } else {
                state.outlets[name] = target
            }
        }
    }

    /// Drops the outlets and derived values, which may hold elements that hold this object back
    /// (see ``Element/releaseValues()``).
    package func releaseValues() {
        state.withLock { state in
            state.outlets.removeAll()
            state.derived.removeAll()
        }
    }

    public func value(forKey key: String) -> Value {
        state.withLock { state in state.derived[key] ?? state.attributes[key] ?? state.outlets[key] ?? .null }
    }

    /// Sets an attribute, converted to its kind: numbers and booleans set boolean attributes,
    /// strings string attributes, arrays of strings string-array ones (FORMAT.md#screen.object).
    public func setValue(_ value: Value, forKey key: String) throws(KeyValueError) {
        guard var attribute = type.attributes[key] else {
            throw KeyValueError(key: key, typeName: type.rawValue, reason: type.outlets[key] != nil ? .readOnly : .unknownKey)
        }
        if case .name(let names) = attribute.kind, key == "serviceProviderClassName", !hostProviders.isEmpty {
            attribute.kind = .name(oneOf: names + hostProviders.sorted())
        }
        let converted: Value?
        switch (attribute.kind, value) {
        case (_, .null): converted = .null
        case (.string, .string): converted = value
        case (.bool, .bool): converted = value
        case (.bool, .int(let number)): converted = .bool(number != 0)
        case (.number, .int), (.number, .double): converted = value
        case (.number, .bool(let flag)): converted = .int(flag ? 1 : 0)
        case (.strings, .array(let items)) where items.allSatisfy({ $0.stringValue != nil }): converted = value
        case (.any, _): converted = value
        case (.name(let names), .string(let name)) where names.contains(name): converted = value
        default: converted = nil
        }
        guard let converted else {
            throw KeyValueError(key: key, typeName: type.rawValue, reason: .typeMismatch(expected: Self.describe(attribute.kind), found: value.typeName))
        }
        state.withLock { $0.attributes[key] = converted.isNull ? nil : converted }
    }

    static func describe(_ kind: ObjectType.AttributeKind) -> String {
        switch kind {
        case .string: "a string"
        case .bool: "a boolean"
        case .number: "a number"
        case .strings: "an array of strings"
        case .any: "any value"
        case .name(let names): names.joined(separator: " or ")
        }
    }

    public var keyValueTypeName: String { type.rawValue }

    public var keyValueDescription: String { "<\(type.rawValue) \(id)>" }
}
