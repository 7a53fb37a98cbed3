/// A comparison of a plain key path of `SELF` with a constant (`count > 10`,
/// `text CONTAINS[cd] 'x'`, `author.name BEGINSWITH 'a'`, `text MATCHES '…'`), the shape of
/// nearly every predicate a screen or a fetch writes, compiled to one closure that reads the key
/// path and tests the value against the constant prepared for it: an integer against an integer
/// constant as integers, a string against the folded constant or the compiled pattern. Any other
/// value goes through ``ComparisonEvaluator/test(_:_:)``, so results and errors are the general
/// path's.
extension Compiler {
    func compileKeyComparison(_ path: PlainKeyPath, _ evaluator: ComparisonEvaluator, constant: Value,
                              range: Range<Int>) -> PredicateProgram {
        @Sendable func general(_ value: Value) throws(EvaluationError) -> Bool {
            do throws(EvaluationError) {
                return try evaluator.test(value, constant)
            } catch {
                throw error.located(range)
            }
        }
        let comparison = evaluator.comparison
        if case .int(let bound) = constant, let order = IntegerComparison(comparison) {
            return { object, _ throws(EvaluationError) in
                let fast = path.withValue(in: object) { value -> Bool? in
                    guard case .int(let number) = value.pointee else { return nil }
                    return order.test(number, bound)
                }
                if let fast { return fast }
                return try general(path.read(object))
            }
        }
        if let needle = evaluator.foldedConstant, [.beginsWith, .endsWith, .contains, .like].contains(comparison) {
            return { object, _ throws(EvaluationError) in
                let fast = path.withValue(in: object) { value -> Bool? in
                    guard case .string(let text) = value.pointee else { return nil }
                    return evaluator.folded(text, matches: needle)
                }
                if let fast { return fast }
                return try general(path.read(object))
            }
        }
        if comparison == .matches, let regex = evaluator.constantRegex {
            return { object, _ throws(EvaluationError) in
                let value = path.read(object)
                guard case .string(let text) = value else { return try general(value) }
                do throws(EvaluationError) {
                    return try evaluator.matches(text, regex)
                } catch {
                    throw error.located(range)
                }
            }
        }
        return { object, _ throws(EvaluationError) in try general(path.read(object)) }
    }
}

/// An ordering or equality operator on two integers.
enum IntegerComparison: Sendable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual

    /// nil for operators that are not an ordering or an equality.
    init?(_ comparison: ComparisonOperator) {
        switch comparison {
        case .equal: self = .equal
        case .notEqual: self = .notEqual
        case .less: self = .less
        case .lessOrEqual: self = .lessOrEqual
        case .greater: self = .greater
        case .greaterOrEqual: self = .greaterOrEqual
        default: return nil
        }
    }

    @inline(__always)
    func test(_ a: Int64, _ b: Int64) -> Bool {
        switch self {
        case .equal: a == b
        case .notEqual: a != b
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        }
    }
}
