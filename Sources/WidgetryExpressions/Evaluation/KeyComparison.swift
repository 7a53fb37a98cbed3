/// A comparison of a plain key path of `SELF` with a constant (`count > 10`,
/// `text CONTAINS[cd] 'x'`, `author.name BEGINSWITH 'a'`, `text MATCHES '…'`), the shape of
/// nearly every predicate a screen or a fetch writes, compiled to a closure that reads the key
/// path where the record holds the value and tests it against the constant prepared for it: an
/// integer against an integer constant as integers, a string against the folded constant or the
/// compiled pattern. Any other value goes through ``ComparisonEvaluator/test(_:_:)``, so results
/// and errors are the general path's.
///
/// The tests are methods of one object (``KeyComparison``) rather than closures over their parts,
/// and the value is borrowed in place: an evaluation then retains and releases nothing, where the
/// closures retained the evaluator, the folded constant and the record's dictionaries once each
/// (figures in `Benchmarks/README.md`, "Predicates against GNUstep's NSPredicate").
extension Compiler {
    func compileKeyComparison(_ path: PlainKeyPath, _ evaluator: ComparisonEvaluator, constant: Value,
                              range: Range<Int>) -> PredicateProgram {
        let test = KeyComparison(path, evaluator, constant: constant, range: range)
        let comparison = evaluator.comparison
        if case .int(let bound) = constant, let order = IntegerComparison(comparison) {
            return { object, _ throws(EvaluationError) in try test.integer(object, order, bound) }
        }
        if evaluator.foldedConstant != nil, [.beginsWith, .endsWith, .contains, .like].contains(comparison) {
            return { object, _ throws(EvaluationError) in try test.folded(object) }
        }
        if comparison == .matches, evaluator.constantRegex != nil {
            return { object, _ throws(EvaluationError) in try test.matches(object) }
        }
        return { object, _ throws(EvaluationError) in try test.other(object) }
    }
}

/// The parts of one compiled key comparison, behind one reference: the closure that runs it
/// captures only this object, and its tests read the parts in place, so an evaluation retains
/// nothing. Each test reads the value where the record holds it and falls back to
/// ``general(_:)`` for anything its fast path does not take.
final class KeyComparison: Sendable {
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

    /// An integer at the path against the integer constant `bound`.
    func integer(_ object: borrowing Value, _ order: IntegerComparison, _ bound: Int64) throws(EvaluationError) -> Bool {
        if let value = path.valueAddress(in: object), case .int(let number) = value.pointee {
            return order.test(number, bound)
        }
        return try general(path.read(object))
    }

    /// A string at the path, folded, against the folded constant.
    func folded(_ object: borrowing Value) throws(EvaluationError) -> Bool {
        if let value = path.valueAddress(in: object), case .string(let text) = value.pointee {
            return evaluator.foldedMatchesConstant(text)
        }
        return try general(path.read(object))
    }

    /// A string at the path against the compiled pattern.
    func matches(_ object: borrowing Value) throws(EvaluationError) -> Bool {
        if let value = path.valueAddress(in: object), case .string(let text) = value.pointee {
            do throws(EvaluationError) {
                return try evaluator.matchesConstant(text)
            } catch {
                throw error.located(range)
            }
        }
        return try general(path.read(object))
    }

    /// The value at the path, through the general test.
    func other(_ object: borrowing Value) throws(EvaluationError) -> Bool {
        try general(path.read(object))
    }

    /// Any value, through ``ComparisonEvaluator/test(_:_:)``.
    private func general(_ value: Value) throws(EvaluationError) -> Bool {
        do throws(EvaluationError) {
            return try evaluator.test(value, constant)
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
