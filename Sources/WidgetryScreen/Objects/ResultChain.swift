package import WidgetryExpressions

/// A provider's `resultChain` (FORMAT.md#objects.result-chain): functions applied left to right to its items, each with its
/// `resultChainArgs` string (or `""`), compiled once. Unknown functions and a length mismatch
/// are errors when compiled (upstream: fatal or a crash, FORMAT.md#differences.errors).
package struct ResultChain {
    private let steps: [(name: String, expression: Expression, argument: Value)]

    package init(names: [String], arguments: [String]?) throws(ResultChainError) {
        if let arguments, arguments.count != names.count {
            throw ResultChainError(message: "resultChainArgs has \(arguments.count) entries for \(names.count) functions in resultChain")
        }
        var steps: [(String, Expression, Value)] = []
        for (index, name) in names.enumerated() {
            let takesArgument = name.hasSuffix(":")
            let text = takesArgument ? "FUNCTION($items, '\(name)', $argument)" : "FUNCTION($items, '\(name)')"
            do {
                steps.append((name, try Expression(format: text), .string(arguments?[index] ?? "")))
            } catch {
                throw ResultChainError(message: "resultChain function \(name) cannot be used: \(error)")
            }
        }
        self.steps = steps
    }

    package func apply(to items: Value) throws(EvaluationError) -> Value {
        var value = items
        for step in steps {
            if value.isNull { return .null }
            value = try step.expression.evaluate(with: .null, context: EvaluationContext(variables: ["items": value, "argument": step.argument]))
        }
        return value
    }
}

package struct ResultChainError: Error {
    package var message: String
}
