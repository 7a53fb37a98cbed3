/// A compiled expression: evaluates against an object with no parsing and no lookups by name.
@usableFromInline
typealias ExpressionProgram = @Sendable (Value, inout Scope) throws(EvaluationError) -> Value
/// A compiled predicate.
@usableFromInline
typealias PredicateProgram = @Sendable (Value, inout Scope) throws(EvaluationError) -> Bool

/// Lowers syntax trees to closures, once per parse: key paths are split into keys, constant
/// strings folded for their comparison's options, constant regular expressions compiled, built-in
/// functions resolved. Errors raised inside a node are placed at that node's source range.
struct Compiler {
    let functions: FunctionCatalog

    // MARK: Predicates

    func compile(_ predicate: PredicateSyntax) -> PredicateProgram {
        switch predicate.kind {
        case .constant(let value):
            return { _, _ throws(EvaluationError) in value }
        case .not(let operand):
            let test = compile(operand)
            return { object, scope throws(EvaluationError) in try !test(object, &scope) }
        case .and(let operands) where operands.count == 2:
            let first = compile(operands[0]), second = compile(operands[1])
            return { object, scope throws(EvaluationError) in
                guard try first(object, &scope) else { return false }
                return try second(object, &scope)
            }
        case .and(let operands):
            let tests = operands.map(compile)
            return { object, scope throws(EvaluationError) in
                for test in tests where try !test(object, &scope) { return false }
                return true
            }
        case .or(let operands) where operands.count == 2:
            let first = compile(operands[0]), second = compile(operands[1])
            return { object, scope throws(EvaluationError) in
                if try first(object, &scope) { return true }
                return try second(object, &scope)
            }
        case .or(let operands):
            let tests = operands.map(compile)
            return { object, scope throws(EvaluationError) in
                for test in tests where try test(object, &scope) { return true }
                return false
            }
        case .comparison(let comparison):
            return compile(comparison, range: predicate.range)
        }
    }

    private func compile(_ comparison: ComparisonSyntax, range: Range<Int>) -> PredicateProgram {
        var constantRight: Value?
        if case .constant(let value) = comparison.right.kind { constantRight = value }
        let evaluator = ComparisonEvaluator(comparison.comparison, options: comparison.options, constantRight: constantRight)
        let modifier = comparison.modifier
        if modifier == .direct, let constantRight, let path = PlainKeyPath(comparison.left) {
            return compileKeyComparison(path, evaluator, constant: constantRight, range: range)
        }
        let left = compile(comparison.left)
        if modifier == .direct, let constantRight {
            return { object, scope throws(EvaluationError) in
                do throws(EvaluationError) {
                    return try evaluator.test(left(object, &scope), constantRight)
                } catch {
                    throw error.located(range)
                }
            }
        }
        let right = compile(comparison.right)
        if modifier == .direct {
            return { object, scope throws(EvaluationError) in
                do throws(EvaluationError) {
                    return try evaluator.test(left(object, &scope), right(object, &scope))
                } catch {
                    throw error.located(range)
                }
            }
        }
        return { object, scope throws(EvaluationError) in
            do throws(EvaluationError) {
                let collection = try left(object, &scope)
                let elements: [Value]
                switch collection {
                case .null: elements = []
                case .array(let values), .set(let values): elements = values
                case .dictionary(let dictionary): elements = Array(dictionary.values)
                default:
                    throw EvaluationError.typeMismatch("\(modifier.rawValue) needs a collection on its left, not a \(collection.typeName)")
                }
                let other = try right(object, &scope)
                switch modifier {
                case .any:
                    for element in elements where try evaluator.test(element, other) { return true }
                    return false
                case .all:
                    for element in elements where try !evaluator.test(element, other) { return false }
                    return true
                default:
                    for element in elements where try evaluator.test(element, other) { return false }
                    return true
                }
            } catch {
                throw error.located(range)
            }
        }
    }

    // MARK: Expressions

    func compile(_ expression: ExpressionSyntax) -> ExpressionProgram {
        let range = expression.range
        switch expression.kind {
        case .constant(let value):
            return { _, _ throws(EvaluationError) in value }
        case .evaluatedObject:
            return { object, _ throws(EvaluationError) in object }
        case .variable(let name):
            return { _, scope throws(EvaluationError) in
                guard let value = scope[variable: name] else {
                    throw EvaluationError(.unboundVariable, "no value for the variable $\(name)", range: range)
                }
                return value
            }
        case .keyPath(let operand, let components):
            return compileKeyPath(operand, components, range: range)
        case .subscripted(let collection, let index):
            return compileSubscript(collection, index, range: range)
        case .aggregate(let elements):
            let programs = elements.map(compile)
            return { object, scope throws(EvaluationError) in
                var values: [Value] = []
                values.reserveCapacity(programs.count)
                for program in programs { values.append(try program(object, &scope)) }
                return .array(values)
            }
        case .arithmetic(let op, let leftSyntax, let rightSyntax):
            let left = compile(leftSyntax), right = compile(rightSyntax)
            return { object, scope throws(EvaluationError) in
                let a = try left(object, &scope), b = try right(object, &scope)
                do throws(EvaluationError) { return try Arithmetic.apply(op, a, b) } catch { throw error.located(range) }
            }
        case .negate(let operandSyntax):
            let operand = compile(operandSyntax)
            return { object, scope throws(EvaluationError) in
                let value = try operand(object, &scope)
                do throws(EvaluationError) { return try Arithmetic.negate(value) } catch { throw error.located(range) }
            }
        case .setOperation(let op, let leftSyntax, let rightSyntax):
            let left = compile(leftSyntax), right = compile(rightSyntax)
            return { object, scope throws(EvaluationError) in
                let a = try left(object, &scope), b = try right(object, &scope)
                do throws(EvaluationError) { return try SetOperations.apply(op, a, b) } catch { throw error.located(range) }
            }
        case .function(let name, let argumentSyntax):
            let arguments = argumentSyntax.map(compile)
            let implementation = BuiltInFunctions.implementation(name)
            return { object, scope throws(EvaluationError) in
                var values: [Value] = []
                values.reserveCapacity(arguments.count)
                for argument in arguments { values.append(try argument(object, &scope)) }
                do throws(EvaluationError) { return try implementation(values, &scope) } catch { throw error.located(range) }
            }
        case .call(let receiverSyntax, let selector, let argumentSyntax):
            let receiver = compile(receiverSyntax)
            let arguments = argumentSyntax.map(compile)
            let function = functions.selectors[selector]
            return { object, scope throws(EvaluationError) in
                let target = try receiver(object, &scope)
                var values: [Value] = []
                for argument in arguments { values.append(try argument(object, &scope)) }
                guard let function else {
                    throw EvaluationError(.invalidArgument, "no implementation of FUNCTION selector '\(selector)'", range: range)
                }
                do throws(EvaluationError) { return try function.call(selector, receiver: target, arguments: values) } catch { throw error.located(range) }
            }
        case .ternary(let conditionSyntax, let ifTrueSyntax, let ifFalseSyntax):
            let condition = compile(conditionSyntax)
            let ifTrue = compile(ifTrueSyntax), ifFalse = compile(ifFalseSyntax)
            return { object, scope throws(EvaluationError) in
                try condition(object, &scope) ? ifTrue(object, &scope) : ifFalse(object, &scope)
            }
        case .cast(let valueSyntax, let type):
            let value = compile(valueSyntax)
            return { object, scope throws(EvaluationError) in
                let input = try value(object, &scope)
                do throws(EvaluationError) { return try Casting.cast(input, to: type) } catch { throw error.located(range) }
            }
        case .subquery(let collectionSyntax, let variable, let predicateSyntax):
            let collection = compile(collectionSyntax)
            let test = compile(predicateSyntax)
            return { object, scope throws(EvaluationError) in
                let source = try collection(object, &scope)
                let elements: [Value]
                switch source {
                case .null: elements = []
                case .array(let values), .set(let values): elements = values
                default:
                    throw EvaluationError(.typeMismatch, "SUBQUERY needs a collection, not a \(source.typeName)", range: range)
                }
                let saved = scope[variable: variable]
                defer { scope[variable: variable] = saved }
                var matching: [Value] = []
                for element in elements {
                    scope[variable: variable] = element
                    if try test(element, &scope) { matching.append(element) }
                }
                return .array(matching)
            }
        }
    }

    private func compileKeyPath(_ operandSyntax: ExpressionSyntax, _ components: [String], range: Range<Int>) -> ExpressionProgram {
        if let path = PlainKeyPath(operand: operandSyntax, components: components) {
            return { object, _ throws(EvaluationError) in path.read(object) }
        }
        let keyPath = KeyPathProgram(components)
        if operandSyntax.kind == .evaluatedObject {
            return { object, _ throws(EvaluationError) in
                do throws(EvaluationError) { return try keyPath.evaluate(on: object) } catch { throw error.located(range) }
            }
        }
        let operand = compile(operandSyntax)
        return { object, scope throws(EvaluationError) in
            let base = try operand(object, &scope)
            do throws(EvaluationError) { return try keyPath.evaluate(on: base) } catch { throw error.located(range) }
        }
    }

    private func compileSubscript(_ collectionSyntax: ExpressionSyntax, _ index: SubscriptIndex, range: Range<Int>) -> ExpressionProgram {
        let collection = compile(collectionSyntax)
        let indexProgram: ExpressionProgram? = if case .expression(let syntax) = index { compile(syntax) } else { nil }
        return { object, scope throws(EvaluationError) in
            let container = try collection(object, &scope)
            let position = try indexProgram?(object, &scope)
            do throws(EvaluationError) {
                return try Subscripting.element(of: container, index: index, position: position)
            } catch {
                throw error.located(range)
            }
        }
    }
}
