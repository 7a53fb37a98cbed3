/// `UNION`, `INTERSECT` and `MINUS` on collections (arrays, sets, dictionaries by their values;
/// null counts as empty). The result is a set in first-occurrence order: the left side's
/// elements first.
enum SetOperations {
    static func apply(_ op: SetOperator, _ left: Value, _ right: Value) throws(EvaluationError) -> Value {
        let a = try elements(left, op), b = try elements(right, op)
        switch op {
        case .union: return .makeSet(a + b)
        case .intersect:
            let other = Set(b)
            return .makeSet(a.filter { other.contains($0) })
        case .minus:
            let other = Set(b)
            return .makeSet(a.filter { !other.contains($0) })
        }
    }

    private static func elements(_ value: Value, _ op: SetOperator) throws(EvaluationError) -> [Value] {
        switch value {
        case .null: return []
        case .array(let elements), .set(let elements): return elements
        case .dictionary(let dictionary): return Array(dictionary.values)
        default: throw .typeMismatch("\(op.rawValue) needs collections on both sides, not a \(value.typeName)")
        }
    }
}
