/// A value the specification types `integer | string`: a request's `id`, a progress token, a
/// diagnostic's `code`.
public enum IntegerOrString: Codable, Hashable, Sendable, CustomStringConvertible {
    case integer(Int)
    case string(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        }
    }

    /// The number, or the string in quotes, as a log names it.
    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .string(let value): "\"\(value)\""
        }
    }
}

/// The `id` of a JSON-RPC request, which its response repeats.
public typealias RequestID = IntegerOrString

/// The token that ties `$/progress` notifications to the work they report on.
public typealias ProgressToken = IntegerOrString
