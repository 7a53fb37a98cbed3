/// A JSON value that remembers where it came from.
///
/// Every node produced by ``JSONParser`` carries its ``location`` (byte offset, line, column) and
/// its ``pointer`` (RFC 6901), so any later stage (schema validation, lint, the runtime) can
/// report a problem at the exact place in the file. Values built in code have no location.
///
/// Equality is structural and ignores locations and pointers: two values are equal when they
/// hold the same data. Objects compare without regard to member order; `1` and `1.0` are
/// different values (an integer and a double), as the parser keeps them.
public struct JSONValue: Sendable, Equatable, CustomStringConvertible {
    /// What the value holds.
    public enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        /// A number written without fraction or exponent that fits in 64 bits.
        case integer(Int64)
        /// Any other number.
        case double(Double)
        case string(String)
        case array([JSONValue])
        case object(JSONObject)
    }

    /// The data.
    public var kind: Kind
    /// Where the value starts in its source; nil for values built in code.
    public var location: SourceLocation?
    /// Where the value sits in its document; the root for values built in code.
    public var pointer: JSONPointer

    public init(_ kind: Kind, location: SourceLocation? = nil, pointer: JSONPointer = .root) {
        self.kind = kind
        self.location = location
        self.pointer = pointer
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.kind == rhs.kind
    }

    /// Compact JSON text of the value (see ``JSONValue/serialized(_:)``).
    public var description: String { serialized() }
}

// MARK: - Reading

extension JSONValue {
    /// The JSON type name as JSON Schema spells it: `null`, `boolean`, `integer`, `number`,
    /// `string`, `array` or `object`.
    public var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    public var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    public var boolValue: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    /// The value as an integer: an integer, or a double with no fractional part that fits.
    public var integerValue: Int64? {
        switch kind {
        case .integer(let value): return value
        case .double(let value):
            guard value.rounded() == value, let exact = Int64(exactly: value) else { return nil }
            return exact
        default: return nil
        }
    }

    /// The value as a double, for integers and doubles alike.
    public var doubleValue: Double? {
        switch kind {
        case .integer(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = kind { return value }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let value) = kind { return value }
        return nil
    }

    /// The member `key` of an object; nil for a missing key or a non-object. Setting a member
    /// of an object adds, replaces or (with nil) removes it; setting on a non-object does nothing.
    public subscript(key: String) -> JSONValue? {
        get { objectValue?[key] }
        set {
            guard case .object(var object) = kind else { return }
            object[key] = newValue
            kind = .object(object)
        }
    }

    /// The element at `index` of an array; nil when out of range or not an array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = kind, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The value `pointer` names below this one, or nil when any step is missing.
    /// The pointer is read relative to this value, whatever this value's own pointer is.
    public func value(at pointer: JSONPointer) -> JSONValue? {
        var current = self
        for token in pointer.tokens {
            switch current.kind {
            case .object(let object):
                guard let next = object[token.text] else { return nil }
                current = next
            case .array(let elements):
                guard let index = JSONValue.arrayIndex(token), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    private static func arrayIndex(_ token: JSONPointer.Token) -> Int? {
        switch token {
        case .index(let index): return index
        case .key(let text):
            // RFC 6901: an array index is "0" or digits without a leading zero.
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                text == "0" || !text.hasPrefix("0")
            else { return nil }
            return Int(text)
        }
    }
}

// MARK: - Building in code

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self.init(.null) }
    public init(booleanLiteral value: Bool) { self.init(.bool(value)) }
    public init(integerLiteral value: Int64) { self.init(.integer(value)) }
    public init(floatLiteral value: Double) { self.init(.double(value)) }
    public init(stringLiteral value: String) { self.init(.string(value)) }
    public init(arrayLiteral elements: JSONValue...) { self.init(.array(elements)) }

    /// Builds an object from key-value pairs in order; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject()
        for (key, value) in elements {
            object[key] = value
        }
        self.init(.object(object))
    }
}
