/// A parsed expression, with the byte range of each node in the source text. Equality ignores ranges.
public struct ExpressionSyntax: Sendable, Equatable {
    public indirect enum Kind: Sendable, Equatable {
        /// A literal, or a value given as a format argument (`%@`, `%d`, …).
        case constant(Value)
        /// `SELF`: the evaluated object.
        case evaluatedObject
        /// `$name`.
        case variable(String)
        /// `operand.key.key…`; a plain `a.b` has `SELF` as its operand. Components may be
        /// collection operators (`@count`, `@sum`, …).
        case keyPath(operand: ExpressionSyntax, components: [String])
        /// `collection[index]`, `[FIRST]`, `[LAST]`, `[SIZE]`, `dictionary['key']`.
        case subscripted(collection: ExpressionSyntax, index: SubscriptIndex)
        /// `{a, b, c}`.
        case aggregate([ExpressionSyntax])
        /// `a + b`, `a ** b`, … (also written `add:to:(a, b)` and friends).
        case arithmetic(ArithmeticOperator, ExpressionSyntax, ExpressionSyntax)
        /// `-a`.
        case negate(ExpressionSyntax)
        /// `a UNION b`, `a INTERSECT b`, `a MINUS b`.
        case setOperation(SetOperator, ExpressionSyntax, ExpressionSyntax)
        /// A built-in function called as `name:(args)`, named by its selector (`sum:`, `now`).
        case function(name: String, arguments: [ExpressionSyntax])
        /// `FUNCTION(receiver, 'selector', args…)`, for selectors on the allow-list.
        case call(receiver: ExpressionSyntax, selector: String, arguments: [ExpressionSyntax])
        /// `TERNARY(predicate, ifTrue, ifFalse)`.
        case ternary(PredicateSyntax, ExpressionSyntax, ExpressionSyntax)
        /// `CAST(value, 'NSNumber' | 'NSString' | 'NSDate')`.
        case cast(ExpressionSyntax, CastType)
        /// `SUBQUERY(collection, $variable, predicate)`.
        case subquery(collection: ExpressionSyntax, variable: String, predicate: PredicateSyntax)
    }

    public var kind: Kind
    /// UTF-8 byte range in the source text.
    public var range: Range<Int>

    public init(_ kind: Kind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }

    public static func == (lhs: ExpressionSyntax, rhs: ExpressionSyntax) -> Bool {
        lhs.kind == rhs.kind
    }
}

public enum SubscriptIndex: Sendable, Equatable {
    case expression(ExpressionSyntax)
    case first
    case last
    case size
}

public enum ArithmeticOperator: String, Sendable, CaseIterable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case power = "**"

    /// The NSExpression function of the operator (`add:to:`, …).
    public var functionName: String {
        switch self {
        case .add: "add:to:"
        case .subtract: "from:subtract:"
        case .multiply: "multiply:by:"
        case .divide: "divide:by:"
        case .power: "raise:toPower:"
        }
    }
}

public enum SetOperator: String, Sendable, CaseIterable {
    case union = "UNION"
    case intersect = "INTERSECT"
    case minus = "MINUS"
}

/// The class names `CAST` accepts.
public enum CastType: String, Sendable, CaseIterable {
    case number = "NSNumber"
    case string = "NSString"
    case date = "NSDate"
}

/// Key-value coding's collection operators, written `@name` in a key path.
public enum CollectionOperator: String, Sendable, CaseIterable {
    case count, sum, avg, min, max
    case distinctUnionOfObjects, unionOfObjects, distinctUnionOfArrays, unionOfArrays
}
