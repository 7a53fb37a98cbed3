import WidgetryExpressions

/// The `eval --explain` text: the syntax tree with byte ranges, the canonical form, and the key
/// paths, variables and functions the text uses.
enum SyntaxExplanation {
    static func render(_ predicate: PredicateSyntax, canonical: String, facts: StaticFacts) -> String {
        var lines: [String] = []
        tree(predicate, depth: 0, into: &lines)
        return finish(lines, canonical: canonical, facts: facts)
    }

    static func render(_ expression: ExpressionSyntax, canonical: String, facts: StaticFacts) -> String {
        var lines: [String] = []
        tree(expression, label: nil, depth: 0, into: &lines)
        return finish(lines, canonical: canonical, facts: facts)
    }

    private static func finish(_ tree: [String], canonical: String, facts: StaticFacts) -> String {
        var lines = ["tree:"] + tree.map { "  " + $0 }
        lines.append("canonical: \(canonical)")
        let keyPaths = facts.keyPaths.map { use -> String in
            let path = use.components.joined(separator: ".")
            switch use.root {
            case .evaluatedObject: return path
            case .variable(let name): return "$\(name).\(path)"
            case .computed: return "(…).\(path)"
            }
        }
        lines.append("key paths: " + (keyPaths.isEmpty ? "none" : keyPaths.joined(separator: ", ")))
        lines.append("variables: " + (facts.variables.isEmpty ? "none" : facts.variables.sorted().map { "$" + $0 }.joined(separator: ", ")))
        lines.append("functions: " + (facts.functions.isEmpty ? "none" : facts.functions.sorted().joined(separator: ", ")))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func line(_ text: String, _ range: Range<Int>, depth: Int) -> String {
        String(repeating: "  ", count: depth) + text + "  @\(range.lowerBound)..<\(range.upperBound)"
    }

    private static func tree(_ predicate: PredicateSyntax, depth: Int, into lines: inout [String]) {
        switch predicate.kind {
        case .constant(let value):
            lines.append(line(value ? "TRUEPREDICATE" : "FALSEPREDICATE", predicate.range, depth: depth))
        case .not(let operand):
            lines.append(line("NOT", predicate.range, depth: depth))
            tree(operand, depth: depth + 1, into: &lines)
        case .and(let operands), .or(let operands):
            let name = if case .and = predicate.kind { "AND" } else { "OR" }
            lines.append(line(name, predicate.range, depth: depth))
            for operand in operands { tree(operand, depth: depth + 1, into: &lines) }
        case .comparison(let comparison):
            var name = "comparison " + comparison.comparison.rawValue
            if !comparison.options.isEmpty { name += "[\(comparison.options.letters)]" }
            if comparison.modifier != .direct { name = comparison.modifier.rawValue + " " + name }
            lines.append(line(name, predicate.range, depth: depth))
            tree(comparison.left, label: "left", depth: depth + 1, into: &lines)
            tree(comparison.right, label: "right", depth: depth + 1, into: &lines)
        }
    }

    private static func tree(_ expression: ExpressionSyntax, label: String?, depth: Int, into lines: inout [String]) {
        let prefix = label.map { $0 + ": " } ?? ""
        let child = depth + 1
        switch expression.kind {
        case .constant(let value):
            lines.append(line(prefix + "constant \(value.jsonValue(tagged: true).serialized())", expression.range, depth: depth))
        case .evaluatedObject:
            lines.append(line(prefix + "SELF", expression.range, depth: depth))
        case .variable(let name):
            lines.append(line(prefix + "variable $\(name)", expression.range, depth: depth))
        case .keyPath(let operand, let components):
            lines.append(line(prefix + "key path \(components.joined(separator: "."))", expression.range, depth: depth))
            if operand.kind != .evaluatedObject { tree(operand, label: "of", depth: child, into: &lines) }
        case .subscripted(let collection, let index):
            lines.append(line(prefix + "subscript", expression.range, depth: depth))
            tree(collection, label: "collection", depth: child, into: &lines)
            switch index {
            case .expression(let position): tree(position, label: "index", depth: child, into: &lines)
            case .first: lines.append(String(repeating: "  ", count: child) + "index: FIRST")
            case .last: lines.append(String(repeating: "  ", count: child) + "index: LAST")
            case .size: lines.append(String(repeating: "  ", count: child) + "index: SIZE")
            }
        case .aggregate(let elements):
            lines.append(line(prefix + "aggregate (\(elements.count))", expression.range, depth: depth))
            for element in elements { tree(element, label: nil, depth: child, into: &lines) }
        case .arithmetic(let op, let left, let right):
            lines.append(line(prefix + "arithmetic \(op.rawValue)", expression.range, depth: depth))
            tree(left, label: nil, depth: child, into: &lines)
            tree(right, label: nil, depth: child, into: &lines)
        case .negate(let operand):
            lines.append(line(prefix + "negate", expression.range, depth: depth))
            tree(operand, label: nil, depth: child, into: &lines)
        case .setOperation(let op, let left, let right):
            lines.append(line(prefix + op.rawValue, expression.range, depth: depth))
            tree(left, label: nil, depth: child, into: &lines)
            tree(right, label: nil, depth: child, into: &lines)
        case .function(let name, let arguments):
            lines.append(line(prefix + "function \(name)", expression.range, depth: depth))
            for argument in arguments { tree(argument, label: nil, depth: child, into: &lines) }
        case .call(let receiver, let selector, let arguments):
            lines.append(line(prefix + "FUNCTION '\(selector)'", expression.range, depth: depth))
            tree(receiver, label: "receiver", depth: child, into: &lines)
            for argument in arguments { tree(argument, label: nil, depth: child, into: &lines) }
        case .ternary(let condition, let ifTrue, let ifFalse):
            lines.append(line(prefix + "TERNARY", expression.range, depth: depth))
            tree(condition, depth: child, into: &lines)
            tree(ifTrue, label: "true", depth: child, into: &lines)
            tree(ifFalse, label: "false", depth: child, into: &lines)
        case .cast(let value, let type):
            lines.append(line(prefix + "CAST to \(type.rawValue)", expression.range, depth: depth))
            tree(value, label: nil, depth: child, into: &lines)
        case .subquery(let collection, let variable, let predicate):
            lines.append(line(prefix + "SUBQUERY $\(variable)", expression.range, depth: depth))
            tree(collection, label: "collection", depth: child, into: &lines)
            tree(predicate, depth: child, into: &lines)
        }
    }
}
