/// Order between values, for `<`, `<=`, `>`, `>=`, `BETWEEN`, `@min`, `@max`, `min:` and `max:`.
///
/// Numbers (and booleans) order with numbers, strings with strings, dates with dates. A null on
/// either side has no order (the comparison is false); any other mix is a type mismatch.
enum Ordering {
    enum Order {
        case ascending, same, descending
    }

    static func compare(_ left: Value, _ right: Value, folding: StringFolding) throws(EvaluationError) -> Order? {
        switch (left, right) {
        case (.null, _), (_, .null):
            return nil
        case (.int(let a), .int(let b)):
            return a < b ? .ascending : a == b ? .same : .descending
        case (.string(let a), .string(let b)):
            if folding.isPlain { return a < b ? .ascending : a == b ? .same : .descending }
            let other = folding.fold(b)
            return folding.withFolded(a) { StringOperations.compare($0, other) }
        case (.date(let a), .date(let b)):
            return a < b ? .ascending : a == b ? .same : .descending
        default:
            if let a = left.integerValue, let b = right.integerValue, left.isNumeric, right.isNumeric {
                return a < b ? .ascending : a == b ? .same : .descending
            }
            guard left.isNumeric, right.isNumeric, let a = left.doubleValue, let b = right.doubleValue else {
                throw .typeMismatch("cannot order a \(left.typeName) and a \(right.typeName)")
            }
            if a.isNaN || b.isNaN { return nil }
            return a < b ? .ascending : a == b ? .same : .descending
        }
    }

    /// The smallest or largest of values that all order with each other; null for none.
    static func extreme(_ values: [Value], wantMaximum: Bool, operation: String) throws(EvaluationError) -> Value {
        guard var best = values.first else { return .null }
        for value in values.dropFirst() {
            let order: Order?
            do {
                order = try compare(value, best, folding: StringFolding([]))
            } catch {
                throw .typeMismatch("\(operation) needs values of one kind, found a \(best.typeName) and a \(value.typeName)")
            }
            if order == (wantMaximum ? .descending : .ascending) { best = value }
        }
        return best
    }
}

extension Value {
    /// Numbers and booleans.
    var isNumeric: Bool {
        switch self {
        case .int, .double, .bool: true
        default: false
        }
    }
}
