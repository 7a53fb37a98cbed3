/// A predicate in Apple's format syntax, parsed and compiled once, then evaluated any number of
/// times:
///
/// ```swift
/// let predicate = try Predicate(format: "%K == %@", "name", "Ann")
/// try predicate.evaluate(with: ["name": "Ann"])   // true
/// ```
///
/// The syntax tree (``syntax``) keeps source ranges for diagnostics; ``facts`` lists the key
/// paths, variables and functions the text uses; ``canonicalText`` is the normal form.
/// Semantics are documented in `docs/EXPRESSIONS.md`.
public struct Predicate: Sendable, CustomStringConvertible {
    /// The text as written.
    public let format: String
    public let syntax: PredicateSyntax
    @usableFromInline
    let program: PredicateProgram

    /// Parses `format`, taking `%@`, `%K`, `%d`, `%i`, `%f` and `%s` values from `arguments` in order.
    public init(format: String, arguments: [Value], options: ParseOptions = .default) throws(PredicateSyntaxError) {
        self.format = format
        syntax = try Parser.parsePredicate(format, arguments: arguments, options: options)
        program = Compiler(functions: options.functions).compile(syntax)
    }

    public init(format: String, _ arguments: Value...) throws(PredicateSyntaxError) {
        try self.init(format: format, arguments: arguments)
    }

    /// Evaluates the predicate with `object` as `SELF`, no variables and the system clock.
    /// Inlined into the caller: over many records, the call is a sizeable part of the cost.
    @inlinable
    public func evaluate(with object: Value) throws(EvaluationError) -> Bool {
        var scope = Scope()
        return try program(object, &scope)
    }

    /// Evaluates the predicate with `object` as `SELF`.
    public func evaluate(with object: Value, context: EvaluationContext) throws(EvaluationError) -> Bool {
        var scope = Scope(context)
        return try program(object, &scope)
    }

    /// Evaluates the predicate with `object` as `SELF` and `variables` as the `$` values.
    public func evaluate(with object: Value, variables: [String: Value]) throws(EvaluationError) -> Bool {
        try evaluate(with: object, context: EvaluationContext(variables: variables))
    }

    /// The normal form (see ``PredicateSyntax/canonicalText``).
    public var canonicalText: String { syntax.canonicalText }

    public var facts: StaticFacts { StaticFacts(syntax) }

    public var description: String { canonicalText }
}

/// An expression in Apple's NSExpression format syntax (`a.b + 1`, `sum:(items.price)`,
/// `FUNCTION(items, 'wx_takeLast:', 2)`), parsed and compiled once.
public struct Expression: Sendable, CustomStringConvertible {
    /// The text as written.
    public let format: String
    public let syntax: ExpressionSyntax
    @usableFromInline
    let program: ExpressionProgram

    public init(format: String, arguments: [Value], options: ParseOptions = .default) throws(PredicateSyntaxError) {
        self.format = format
        syntax = try Parser.parseExpression(format, arguments: arguments, options: options)
        program = Compiler(functions: options.functions).compile(syntax)
    }

    public init(format: String, _ arguments: Value...) throws(PredicateSyntaxError) {
        try self.init(format: format, arguments: arguments)
    }

    /// The value of the expression with `object` as `SELF`, no variables and the system clock.
    /// Inlined into the caller, as ``Predicate/evaluate(with:)`` is.
    @inlinable
    public func evaluate(with object: Value) throws(EvaluationError) -> Value {
        var scope = Scope()
        return try program(object, &scope)
    }

    /// The value of the expression with `object` as `SELF`.
    public func evaluate(with object: Value, context: EvaluationContext) throws(EvaluationError) -> Value {
        var scope = Scope(context)
        return try program(object, &scope)
    }

    public var canonicalText: String { syntax.canonicalText }

    public var facts: StaticFacts { StaticFacts(syntax) }

    public var description: String { canonicalText }
}
