import Foundation

/// Arithmetic on numbers. Booleans count as 1 and 0. Integer operands give an integer result
/// whenever it is exact and fits in 64 bits (`+ - *`, exact `/`, `**` with a non-negative
/// exponent); otherwise the result is a double. Anything that is not a number is an
/// ``EvaluationError/Code/typeMismatch``; dividing by zero is ``EvaluationError/Code/divisionByZero``.
enum Arithmetic {
    static func apply(_ op: ArithmeticOperator, _ left: Value, _ right: Value) throws(EvaluationError) -> Value {
        let (a, b) = try operands(op.rawValue, left, right)
        switch op {
        case .add: return integral(a, b, Int64.addingReportingOverflow) ?? .double(a.double + b.double)
        case .subtract: return integral(a, b, Int64.subtractingReportingOverflow) ?? .double(a.double - b.double)
        case .multiply: return integral(a, b, Int64.multipliedReportingOverflow) ?? .double(a.double * b.double)
        case .divide:
            guard b.double != 0 else { throw EvaluationError(.divisionByZero, "division by zero") }
            if let x = a.integer, let y = b.integer, y != -1 || x != .min, x % y == 0 { return .int(x / y) }
            return .double(a.double / b.double)
        case .power:
            if let x = a.integer, let y = b.integer, y >= 0, let result = power(x, y) { return .int(result) }
            return .double(pow(a.double, b.double))
        }
    }

    static func modulus(_ left: Value, _ right: Value) throws(EvaluationError) -> Value {
        let (a, b) = try operands("modulus:by:", left, right)
        guard b.double != 0 else { throw EvaluationError(.divisionByZero, "modulus by zero") }
        if let x = a.integer, let y = b.integer { return .int(y == -1 ? 0 : x % y) }
        return .double(fmod(a.double, b.double))
    }

    static func negate(_ value: Value) throws(EvaluationError) -> Value {
        guard let number = Number(value) else {
            throw .typeMismatch("cannot negate a \(value.typeName)")
        }
        if let integer = number.integer, integer != .min { return .int(-integer) }
        return .double(-number.double)
    }

    /// The sum of numbers: an integer while every term is one and the total fits.
    static func sum(_ values: [Value], operation: String) throws(EvaluationError) -> Value {
        var integerTotal: Int64? = 0
        var doubleTotal = 0.0
        for value in values {
            guard let number = Number(value) else {
                throw .typeMismatch("\(operation) needs numbers, found a \(value.typeName)")
            }
            doubleTotal += number.double
            if let total = integerTotal, let integer = number.integer {
                let (sum, overflow) = total.addingReportingOverflow(integer)
                integerTotal = overflow ? nil : sum
            } else {
                integerTotal = nil
            }
        }
        if let integerTotal { return .int(integerTotal) }
        return .double(doubleTotal)
    }

    /// The numbers of a function's argument list, or a type mismatch naming the function.
    static func numbers(_ values: [Value], operation: String) throws(EvaluationError) -> [Double] {
        var numbers: [Double] = []
        numbers.reserveCapacity(values.count)
        for value in values {
            guard let number = value.doubleValue else {
                throw .typeMismatch("\(operation) needs numbers, found a \(value.typeName)")
            }
            numbers.append(number)
        }
        return numbers
    }

    /// A number operand: its integer form when it has one, and its double form.
    struct Number {
        let integer: Int64?
        let double: Double

        init?(_ value: Value) {
            switch value {
            case .int(let number): integer = number; double = Double(number)
            case .bool(let flag): integer = flag ? 1 : 0; double = flag ? 1 : 0
            case .double(let number): integer = nil; double = number
            default: return nil
            }
        }
    }

    private static func operands(_ symbol: String, _ left: Value, _ right: Value) throws(EvaluationError) -> (Number, Number) {
        guard let a = Number(left), let b = Number(right) else {
            let culprit = Number(left) == nil ? left : right
            throw .typeMismatch("'\(symbol)' needs numbers, but one side is \(culprit.isNull ? "null" : "a \(culprit.typeName)")")
        }
        return (a, b)
    }

    private static func integral(_ a: Number, _ b: Number, _ operation: (Int64) -> (Int64) -> (partialValue: Int64, overflow: Bool)) -> Value? {
        guard let x = a.integer, let y = b.integer else { return nil }
        let (result, overflow) = operation(x)(y)
        return overflow ? nil : .int(result)
    }

    private static func power(_ base: Int64, _ exponent: Int64) -> Int64? {
        var result: Int64 = 1
        var factor = base
        var remaining = exponent
        while remaining > 0 {
            if remaining & 1 == 1 {
                let (product, overflow) = result.multipliedReportingOverflow(by: factor)
                if overflow { return nil }
                result = product
            }
            remaining >>= 1
            if remaining > 0 {
                let (square, overflow) = factor.multipliedReportingOverflow(by: factor)
                if overflow { return nil }
                factor = square
            }
        }
        return result
    }
}
