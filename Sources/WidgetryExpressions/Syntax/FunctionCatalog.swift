/// The functions the language knows. The parser refuses any other name, and evaluation calls
/// only what the catalog holds: there is no dynamic dispatch on a name from the text.
public struct FunctionCatalog: Sendable {
    /// Built-ins called as `name:(args)` with their argument count, e.g. `sum:` → 1.
    public private(set) var builtIns: [String: Int]
    /// Selectors `FUNCTION(receiver, 'selector', args…)` may name.
    public private(set) var selectors: [String: SelectorFunction]

    /// NSExpression's built-in functions and the `resultChain` selectors (`wx_…`, `valueForKeyPath:`).
    public static let standard = FunctionCatalog(
        builtIns: [
            "sum:": 1, "count:": 1, "min:": 1, "max:": 1, "average:": 1, "median:": 1, "mode:": 1, "stddev:": 1,
            "modulus:by:": 2, "sqrt:": 1, "log:": 1, "ln:": 1, "exp:": 1, "floor:": 1, "ceiling:": 1,
            "abs:": 1, "trunc:": 1, "uppercase:": 1, "lowercase:": 1, "random": 0, "random:": 1, "now": 0,
            "bitwiseAnd:with:": 2, "bitwiseOr:with:": 2, "bitwiseXor:with:": 2, "leftshift:by:": 2,
            "rightshift:by:": 2, "onesComplement:": 1, "noindex:": 1,
        ],
        selectors: ResultChainFunctions.all
    )

    /// Built-ins Apple has that make no sense headless; the parser names them in its error.
    static let unsupported: Set<String> = ["distanceToLocation:fromLocation:"]

    /// Adds (or replaces) a selector the host implements, callable as `FUNCTION(x, 'selector', …)`.
    public mutating func register(selector: String, _ function: SelectorFunction) {
        selectors[selector] = function
    }
}

/// A function `FUNCTION(receiver, 'selector', arguments…)` may call.
public struct SelectorFunction: Sendable {
    public typealias Implementation = @Sendable (_ receiver: Value, _ arguments: [Value]) throws(EvaluationError) -> Value

    public var argumentCount: Int
    public var implementation: Implementation

    public init(argumentCount: Int, _ implementation: @escaping Implementation) {
        self.argumentCount = argumentCount
        self.implementation = implementation
    }
}
