public import Foundation

/// A value the expression language can see: what key paths read, what expressions compute,
/// what bindings write.
///
/// Numbers keep their kind (`int` or `double`) but compare across kinds; booleans are numbers
/// that print as `1`/`0` (as `NSNumber` does). A set keeps its first-insertion order so that
/// printing it is deterministic; build one with ``Value/makeSet(_:)`` so its elements are distinct.
public enum Value: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case date(Date)
    case data([UInt8])
    case array([Value])
    /// Distinct elements in first-insertion order.
    case set([Value])
    /// Members in insertion order.
    case dictionary(ValueDictionary)
    /// A store object, controller, element or anything else that answers ``KeyValueCoding``.
    case object(any KeyValueCoding)
}

extension Value {
    /// A set of the distinct `elements`, in first-occurrence order.
    public static func makeSet(_ elements: some Sequence<Value>) -> Value {
        .set(Value.distinct(elements))
    }

    /// The distinct elements of a sequence, in first-occurrence order.
    static func distinct(_ elements: some Sequence<Value>) -> [Value] {
        var seen = Set<Value>()
        var result: [Value] = []
        for element in elements where seen.insert(element).inserted {
            result.append(element)
        }
        return result
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The elements of an array or a set; nil for anything else.
    public var elements: [Value]? {
        switch self {
        case .array(let elements), .set(let elements): elements
        default: nil
        }
    }

    /// The number as a double, for `int`, `double` and `bool`; nil otherwise.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        case .bool(let value): value ? 1 : 0
        default: nil
        }
    }

    /// The number as an integer when it is one exactly (`2.0` counts); nil otherwise.
    public var integerValue: Int64? {
        switch self {
        case .int(let value): value
        case .bool(let value): value ? 1 : 0
        case .double(let value): Value.exactInteger(value)
        default: nil
        }
    }

    /// True for `int` and `double` (not for `bool`).
    public var isNumber: Bool {
        switch self {
        case .int, .double: true
        default: false
        }
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The name of the value's type as messages print it.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int, .double: "number"
        case .string: "string"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .set: "set"
        case .dictionary: "dictionary"
        case .object(let object): object.keyValueTypeName
        }
    }

    static func exactInteger(_ value: Double) -> Int64? {
        guard value.rounded(.towardZero) == value, value >= -0x1p63, value < 0x1p63 else { return nil }
        return Int64(value)
    }
}
