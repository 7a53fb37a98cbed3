/// What a predicate or expression reads and calls, found without evaluating it: lint uses it to
/// check key paths against the model and variables against what a binding provides.
public struct StaticFacts: Sendable, Equatable {
    /// A key path read from the evaluated object, a variable, or an element of a SUBQUERY.
    public struct KeyPathUse: Sendable, Equatable {
        public enum Root: Sendable, Equatable {
            /// `SELF` (a plain `a.b`).
            case evaluatedObject
            /// `$name.a.b`; SUBQUERY variables included.
            case variable(String)
            /// Anything else: a function result, a subscript, a literal.
            case computed
        }

        public var root: Root
        /// Components in order, collection operators included (`items`, `@sum`, `price`).
        public var components: [String]
        /// UTF-8 byte range in the text.
        public var range: Range<Int>
    }

    public var keyPaths: [KeyPathUse] = []
    /// `$name` variables the text needs from its caller (SUBQUERY's own variables excluded).
    public var variables: Set<String> = []
    /// Built-in functions (`sum:`) and `FUNCTION` selectors called.
    public var functions: Set<String> = []

    public init(_ predicate: PredicateSyntax) {
        visit(predicate, bound: [])
    }

    public init(_ expression: ExpressionSyntax) {
        visit(expression, bound: [])
    }

    private mutating func visit(_ predicate: PredicateSyntax, bound: Set<String>) {
        switch predicate.kind {
        case .constant: break
        case .not(let operand): visit(operand, bound: bound)
        case .and(let operands), .or(let operands): for operand in operands { visit(operand, bound: bound) }
        case .comparison(let comparison):
            visit(comparison.left, bound: bound)
            visit(comparison.right, bound: bound)
        }
    }

    private mutating func visit(_ expression: ExpressionSyntax, bound: Set<String>) {
        switch expression.kind {
        case .constant, .evaluatedObject: break
        case .variable(let name):
            if !bound.contains(name) { variables.insert(name) }
        case .keyPath(let operand, let components):
            let root: KeyPathUse.Root
            switch operand.kind {
            case .evaluatedObject: root = .evaluatedObject
            case .variable(let name): root = .variable(name)
            default: root = .computed
            }
            keyPaths.append(KeyPathUse(root: root, components: components, range: expression.range))
            visit(operand, bound: bound)
        case .subscripted(let collection, let index):
            visit(collection, bound: bound)
            if case .expression(let position) = index { visit(position, bound: bound) }
        case .aggregate(let elements):
            for element in elements { visit(element, bound: bound) }
        case .arithmetic(_, let left, let right), .setOperation(_, let left, let right):
            visit(left, bound: bound)
            visit(right, bound: bound)
        case .negate(let operand), .cast(let operand, _):
            visit(operand, bound: bound)
        case .function(let name, let arguments):
            functions.insert(name)
            for argument in arguments { visit(argument, bound: bound) }
        case .call(let receiver, let selector, let arguments):
            functions.insert(selector)
            visit(receiver, bound: bound)
            for argument in arguments { visit(argument, bound: bound) }
        case .ternary(let condition, let ifTrue, let ifFalse):
            visit(condition, bound: bound)
            visit(ifTrue, bound: bound)
            visit(ifFalse, bound: bound)
        case .subquery(let collection, let variable, let predicate):
            visit(collection, bound: bound)
            visit(predicate, bound: bound.union([variable]))
        }
    }
}
