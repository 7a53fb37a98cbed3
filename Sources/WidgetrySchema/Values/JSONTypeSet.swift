import WidgetryJSON

/// A set of the JSON Schema type names, as `type` lists them.
struct JSONTypeSet: OptionSet, Sendable, Hashable {
    let rawValue: UInt8

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    static let null = JSONTypeSet(rawValue: 1 << 0)
    static let boolean = JSONTypeSet(rawValue: 1 << 1)
    static let integer = JSONTypeSet(rawValue: 1 << 2)
    static let number = JSONTypeSet(rawValue: 1 << 3)
    static let string = JSONTypeSet(rawValue: 1 << 4)
    static let array = JSONTypeSet(rawValue: 1 << 5)
    static let object = JSONTypeSet(rawValue: 1 << 6)
    static let all: JSONTypeSet = [.null, .boolean, .integer, .number, .string, .array, .object]

    /// The names in the order messages list them.
    static let named: [(name: String, type: JSONTypeSet)] = [
        ("object", .object), ("array", .array), ("string", .string), ("number", .number),
        ("integer", .integer), ("boolean", .boolean), ("null", .null),
    ]

    /// The type with this name, or nil for a name that is not a JSON Schema type.
    init?(name: String) {
        guard let match = JSONTypeSet.named.first(where: { $0.name == name }) else { return nil }
        self = match.type
    }

    /// Whether `value` has one of the types: a number with no fractional part is an integer,
    /// and every integer is a number.
    func admits(_ value: JSONValue) -> Bool {
        switch value.kind {
        case .null: contains(.null)
        case .bool: contains(.boolean)
        case .string: contains(.string)
        case .array: contains(.array)
        case .object: contains(.object)
        case .integer: contains(.integer) || contains(.number)
        case .double(let number): contains(.number) || (contains(.integer) && number.isFinite && number.rounded() == number)
        }
    }

    /// The type names in the set, in message order.
    var names: [String] {
        JSONTypeSet.named.filter { contains($0.type) }.map(\.name)
    }
}
