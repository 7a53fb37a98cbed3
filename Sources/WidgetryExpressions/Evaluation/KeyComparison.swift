/// A comparison of a plain key path of `SELF` with a constant (`count > 10`,
/// `text CONTAINS[cd] 'x'`, `author.name BEGINSWITH 'a'`, `text MATCHES '…'`), the shape of
/// nearly every predicate a screen or a fetch writes, compiled to a closure that reads the key
/// path where the record holds the value and tests it against the constant prepared for it: an
/// integer against an integer constant as integers, a string against the folded constant or the
/// compiled pattern. Any other value goes through ``ComparisonEvaluator/test(_:_:)``
/// (``KeyComparisonFallback``), so results and errors are the general path's.
///
/// An evaluation retains and releases nothing. The record is borrowed and its member found by
/// address (``PlainKeyPath/valueAddress(in:)``); the fast path calls no closure, so the optimizer
/// has none to specialize (a specialized closure takes its captures as owned arguments, and
/// retained the evaluator, the folded constant and the record's dictionaries for every record);
/// and the evaluator's entry points read their own constant. Figures in `Benchmarks/README.md`,
/// "Predicates against GNUstep's NSPredicate".
extension Compiler {
    func compileKeyComparison(_ path: PlainKeyPath, _ evaluator: ComparisonEvaluator, constant: Value,
                              range: Range<Int>) -> PredicateProgram {
        let fallback = KeyComparisonFallback(path, evaluator, constant: constant, range: range)
        let comparison = evaluator.comparison
        if case .int(let bound) = constant, let order = IntegerComparison(comparison) {
            return { object, _ throws(EvaluationError) in
                if let value = path.valueAddress(in: object), case .int(let number) = value.pointee {
                    return order.test(number, bound)
                }
                return try fallback.test(object)
            }
        }
        if evaluator.foldedConstant != nil, [.beginsWith, .endsWith, .contains, .like].contains(comparison) {
            return { object, _ throws(EvaluationError) in
                if let value = path.valueAddress(in: object), case .string(let text) = value.pointee {
                    return evaluator.foldedMatchesConstant(text)
                }
                return try fallback.test(object)
            }
        }
        if comparison == .matches, evaluator.constantRegex != nil {
            return { object, _ throws(EvaluationError) in
                if let value = path.valueAddress(in: object), case .string(let text) = value.pointee {
                    do throws(EvaluationError) {
                        return try evaluator.matchesConstant(text)
                    } catch {
                        throw error.located(range)
                    }
                }
                return try fallback.test(object)
            }
        }
        return { object, _ throws(EvaluationError) in try fallback.test(object) }
    }
}

/// What a key comparison does with any value its fast path does not take: reads the path as
/// ``Value/value(forKey:)`` would and tests the value through ``ComparisonEvaluator/test(_:_:)``,
/// with errors placed at the comparison. One object, so that the closure captures one reference
/// for the slow path; not inlined, so that the fast path keeps a small frame.
final class KeyComparisonFallback: Sendable {
    private let path: PlainKeyPath
    private let evaluator: ComparisonEvaluator
    private let constant: Value
    private let range: Range<Int>

    init(_ path: PlainKeyPath, _ evaluator: ComparisonEvaluator, constant: Value, range: Range<Int>) {
        self.path = path
        self.evaluator = evaluator
        self.constant = constant
        self.range = range
    }

    @inline(never)
    func test(_ object: Value) throws(EvaluationError) -> Bool {
        do throws(EvaluationError) {
            return try evaluator.test(path.read(object), constant)
        } catch {
            throw error.located(range)
        }
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
