/// Equality as the language's `==` sees it without options: numbers (and booleans) compare by
/// numeric value across kinds, strings by canonical equivalence, dates by instant, arrays in
/// order, sets and dictionaries without regard to order, objects by identity. A string never
/// equals a number.
extension Value: Hashable {
    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.string(let a), .string(let b)): return a == b
        case (.date(let a), .date(let b)): return a == b
        case (.data(let a), .data(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.set(let a), .set(let b)): return a.count == b.count && Set(a) == Set(b)
        case (.dictionary(let a), .dictionary(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in a where b[key] != value { return false }
            return true
        case (.object(let a), .object(let b)): return a.isSameObject(as: b)
        default:
            return Value.numericEquals(lhs, rhs) ?? false
        }
    }

    /// Numeric equality, or nil when either side is not a number.
    static func numericEquals(_ lhs: Value, _ rhs: Value) -> Bool? {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return a == b
        default:
            guard let a = lhs.doubleValue, let b = rhs.doubleValue else { return nil }
            if let a = lhs.integerValue, let b = rhs.integerValue { return a == b }
            return a == b
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool, .int, .double:
            if let integer = integerValue {
                hasher.combine(1)
                hasher.combine(integer)
            } else {
                hasher.combine(2)
                hasher.combine(doubleValue ?? 0)
            }
        case .string(let value): hasher.combine(value)
        case .date(let value): hasher.combine(value)
        case .data(let value): hasher.combine(value)
        case .array(let value): hasher.combine(value)
        case .set(let value):
            hasher.combine(3)
            hasher.combine(Set(value))
        case .dictionary(let value):
            hasher.combine(4)
            hasher.combine(value.count)
        case .object(let value): value.hashIdentity(into: &hasher)
        }
    }
}
