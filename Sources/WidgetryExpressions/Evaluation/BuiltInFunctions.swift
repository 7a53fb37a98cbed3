import Foundation

/// NSExpression's built-in functions (`sum:`, `sqrt:`, `uppercase:`, `now`, …), looked up once
/// at compile time by the name the parser checked against ``FunctionCatalog``.
///
/// Statistics (`sum:`, `average:`, `median:`, `mode:`, `stddev:`) take one collection of numbers;
/// `count:` counts any collection; `min:`/`max:` take values of one kind. `average:`, `median:`
/// and `stddev:` (population standard deviation) of an empty collection are null; `sum:` is 0 and
/// `mode:` is an empty array. `mode:` returns an array, since several values may tie.
enum BuiltInFunctions {
    typealias Implementation = @Sendable ([Value], inout Scope) throws(EvaluationError) -> Value

    static func implementation(_ name: String) -> Implementation {
        switch name {
        case "sum:": return { arguments, _ throws(EvaluationError) in try Arithmetic.sum(collection(arguments[0], name), operation: name) }
        case "count:": return { arguments, _ throws(EvaluationError) in .int(Int64(try collection(arguments[0], name).count)) }
        case "min:": return { arguments, _ throws(EvaluationError) in try Ordering.extreme(collection(arguments[0], name), wantMaximum: false, operation: name) }
        case "max:": return { arguments, _ throws(EvaluationError) in try Ordering.extreme(collection(arguments[0], name), wantMaximum: true, operation: name) }
        case "average:": return { arguments, _ throws(EvaluationError) in
            let numbers = try Arithmetic.numbers(collection(arguments[0], name), operation: name)
            return numbers.isEmpty ? .null : .double(numbers.reduce(0, +) / Double(numbers.count))
        }
        case "median:": return { arguments, _ throws(EvaluationError) in
            let numbers = try Arithmetic.numbers(collection(arguments[0], name), operation: name).sorted()
            guard !numbers.isEmpty else { return .null }
            let middle = numbers.count / 2
            return number(numbers.count % 2 == 1 ? numbers[middle] : (numbers[middle - 1] + numbers[middle]) / 2)
        }
        case "mode:": return { arguments, _ throws(EvaluationError) in
            let values = try collection(arguments[0], name)
            var counts: [Value: Int] = [:]
            for value in values { counts[value, default: 0] += 1 }
            let highest = counts.values.max() ?? 0
            return .array(Value.distinct(values).filter { counts[$0] == highest })
        }
        case "stddev:": return { arguments, _ throws(EvaluationError) in
            let numbers = try Arithmetic.numbers(collection(arguments[0], name), operation: name)
            guard !numbers.isEmpty else { return .null }
            let mean = numbers.reduce(0, +) / Double(numbers.count)
            let variance = numbers.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(numbers.count)
            return .double(variance.squareRoot())
        }
        case "modulus:by:": return { arguments, _ throws(EvaluationError) in try Arithmetic.modulus(arguments[0], arguments[1]) }
        case "sqrt:": return real(name) { $0 >= 0 ? $0.squareRoot() : nil }
        case "log:": return real(name) { $0 > 0 ? log10($0) : nil }
        case "ln:": return real(name) { $0 > 0 ? log($0) : nil }
        case "exp:": return real(name) { exp($0) }
        case "floor:": return rounding(name, .down)
        case "ceiling:": return rounding(name, .up)
        case "trunc:": return rounding(name, .towardZero)
        case "abs:": return { arguments, _ throws(EvaluationError) in
            let value = arguments[0]
            if case .int(let integer) = value, integer != .min { return .int(abs(integer)) }
            guard let double = value.doubleValue else { throw .typeMismatch("abs: needs a number, not a \(value.typeName)") }
            return number(abs(double))
        }
        case "uppercase:": return text(name) { $0.uppercased() }
        case "lowercase:": return text(name) { $0.lowercased() }
        case "random": return { _, scope throws(EvaluationError) in .double(scope.nextRandom()) }
        case "random:": return { arguments, scope throws(EvaluationError) in
            guard let bound = arguments[0].integerValue, bound > 0 else {
                throw EvaluationError(.invalidArgument, "random: needs a positive integer, not \(arguments[0])")
            }
            return .int(Int64(scope.nextRandom() * Double(bound)))
        }
        case "now": return { _, scope throws(EvaluationError) in .date(scope.now) }
        case "timeAgo:": return { arguments, scope throws(EvaluationError) in
            switch arguments[0] {
            case .null: return .null
            case .date(let date): return .string(ElapsedTime.inSeconds(from: date, to: scope.now))
            case let other: throw .typeMismatch("timeAgo: needs a date, not a \(other.typeName)")
            }
        }
        case "bitwiseAnd:with:": return bitwise(name) { $0 & $1 }
        case "bitwiseOr:with:": return bitwise(name) { $0 | $1 }
        case "bitwiseXor:with:": return bitwise(name) { $0 ^ $1 }
        case "leftshift:by:": return bitwise(name) { $1 >= 64 || $1 < 0 ? 0 : $0 << $1 }
        case "rightshift:by:": return bitwise(name) { $1 >= 64 || $1 < 0 ? ($0 < 0 ? -1 : 0) : $0 >> $1 }
        case "onesComplement:": return { arguments, _ throws(EvaluationError) in
            guard let integer = integer(arguments[0]) else {
                throw .typeMismatch("onesComplement: needs an integer, not a \(arguments[0].typeName)")
            }
            return .int(~integer)
        }
        default: // "noindex:" and anything the catalog adds without an implementation here: the argument itself.
            return { arguments, _ throws(EvaluationError) in arguments.first ?? .null }
        }
    }

    private static func collection(_ value: Value, _ name: String) throws(EvaluationError) -> [Value] {
        switch value {
        case .array(let elements), .set(let elements): return elements
        case .dictionary(let dictionary): return Array(dictionary.values)
        default: throw .typeMismatch("\(name) needs a collection, such as {1, 2, 3} or a to-many key path, not a \(value.typeName)")
        }
    }

    /// An integral double as an integer, others as they are.
    private static func number(_ value: Double) -> Value {
        if let integer = Value.exactInteger(value) { return .int(integer) }
        return .double(value)
    }

    private static func real(_ name: String, _ function: @escaping @Sendable (Double) -> Double?) -> Implementation {
        { arguments, _ throws(EvaluationError) in
            guard let input = arguments[0].doubleValue else {
                throw .typeMismatch("\(name) needs a number, not a \(arguments[0].typeName)")
            }
            guard let result = function(input) else {
                throw EvaluationError(.invalidArgument, "\(name) is not defined for \(arguments[0])")
            }
            return .double(result)
        }
    }

    private static func rounding(_ name: String, _ rule: FloatingPointRoundingRule) -> Implementation {
        { arguments, _ throws(EvaluationError) in
            switch arguments[0] {
            case .int(let integer): return .int(integer)
            case let value:
                guard let double = value.doubleValue else { throw .typeMismatch("\(name) needs a number, not a \(value.typeName)") }
                return .double(double.rounded(rule))
            }
        }
    }

    private static func text(_ name: String, _ transform: @escaping @Sendable (String) -> String) -> Implementation {
        { arguments, _ throws(EvaluationError) in
            switch arguments[0] {
            case .null: return .null
            case .string(let string): return .string(transform(string))
            case let value: throw .typeMismatch("\(name) needs a string, not a \(value.typeName)")
            }
        }
    }

    private static func integer(_ value: Value) -> Int64? {
        value.isNumeric ? value.integerValue : nil
    }

    private static func bitwise(_ name: String, _ operation: @escaping @Sendable (Int64, Int64) -> Int64) -> Implementation {
        { arguments, _ throws(EvaluationError) in
            guard let a = integer(arguments[0]), let b = integer(arguments[1]) else {
                let culprit = integer(arguments[0]) == nil ? arguments[0] : arguments[1]
                throw .typeMismatch("\(name) needs integers, not a \(culprit.typeName)")
            }
            return .int(operation(a, b))
        }
    }
}
