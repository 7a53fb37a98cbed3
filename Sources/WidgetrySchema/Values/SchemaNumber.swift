import WidgetryJSON

/// A JSON number as a schema keyword or an instance holds it: an exact integer or a double.
/// Comparisons between the two are exact, so `9007199254740993` is greater than the double
/// `9007199254740992.0` although converting it to a double would make them equal.
enum SchemaNumber: Sendable, Hashable, CustomStringConvertible {
    case integer(Int64)
    case double(Double)

    /// The number `value` holds, or nil when it is not a number.
    init?(_ value: JSONValue) {
        switch value.kind {
        case .integer(let number): self = .integer(number)
        case .double(let number): self = .double(number)
        default: return nil
        }
    }

    /// The number as JSON writes it.
    var description: String {
        JSONValue(kind).serialized()
    }

    var kind: JSONValue.Kind {
        switch self {
        case .integer(let number): .integer(number)
        case .double(let number): .double(number)
        }
    }

    /// The exact order of two numbers; doubles here are always finite (no parsed document
    /// holds anything else).
    static func compare(_ lhs: SchemaNumber, _ rhs: SchemaNumber) -> Ordering {
        switch (lhs, rhs) {
        case (.integer(let left), .integer(let right)):
            return left < right ? .less : (left > right ? .greater : .equal)
        case (.double(let left), .double(let right)):
            return left < right ? .less : (left > right ? .greater : .equal)
        case (.integer(let left), .double(let right)):
            return compare(integer: left, double: right)
        case (.double(let left), .integer(let right)):
            return compare(integer: right, double: left).reversed
        }
    }

    enum Ordering: Sendable {
        case less, equal, greater

        var reversed: Ordering {
            switch self {
            case .less: .greater
            case .equal: .equal
            case .greater: .less
            }
        }
    }

    private static func compare(integer: Int64, double: Double) -> Ordering {
        // 2^63 is exactly representable; every Int64 lies in [-2^63, 2^63).
        if double >= 9_223_372_036_854_775_808.0 { return .less }
        if double < -9_223_372_036_854_775_808.0 { return .greater }
        let whole = double.rounded(.towardZero)
        let wholeInteger = Int64(whole)
        if integer < wholeInteger { return .less }
        if integer > wholeInteger { return .greater }
        let fraction = double - whole
        return fraction > 0 ? .less : (fraction < 0 ? .greater : .equal)
    }
}
