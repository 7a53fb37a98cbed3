/// Any JSON value, as the specification's `LSPAny` names it: the type of values the protocol does
/// not type (`initializationOptions`, `data` of a diagnostic or a code action, an error's `data`).
///
/// Objects are dictionaries; the connection's encoder sorts keys, so their bytes are the same on
/// every run.
public enum LSPAny: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case array([LSPAny])
    case object([String: LSPAny])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([LSPAny].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: LSPAny].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
