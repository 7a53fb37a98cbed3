import WidgetryJSON

/// The functions the language knows. The parser refuses any other name, and evaluation calls
/// only what the catalog holds: there is no dynamic dispatch on a name from the text.
public struct FunctionCatalog: Sendable {
    /// Built-ins called as `name:(args)` with their argument count, e.g. `sum:` → 1.
    public private(set) var builtIns: [String: Int]
    /// Selectors `FUNCTION(receiver, 'selector', args…)` may name.
    public private(set) var selectors: [String: SelectorFunction]

    /// NSExpression's built-in functions (and Widgetry's `timeAgo:`), the pure Foundation selectors bundles call
    /// (`uppercaseString`, `count`, …) and the `resultChain` selectors (`wx_…`, `valueForKeyPath:`).
    public static let standard = FunctionCatalog(
        builtIns: [
            "sum:": 1, "count:": 1, "min:": 1, "max:": 1, "average:": 1, "median:": 1, "mode:": 1, "stddev:": 1,
            "modulus:by:": 2, "sqrt:": 1, "log:": 1, "ln:": 1, "exp:": 1, "floor:": 1, "ceiling:": 1,
            "abs:": 1, "trunc:": 1, "uppercase:": 1, "lowercase:": 1, "random": 0, "random:": 1, "now": 0, "timeAgo:": 1,
            "bitwiseAnd:with:": 2, "bitwiseOr:with:": 2, "bitwiseXor:with:": 2, "leftshift:by:": 2,
            "rightshift:by:": 2, "onesComplement:": 1, "noindex:": 1,
        ],
        selectors: FoundationSelectors.all.merging(ResultChainFunctions.all) { foundation, _ in foundation }
    )

    /// Built-ins Apple has that make no sense headless; the parser names them in its error.
    static let unsupported: Set<String> = ["distanceToLocation:fromLocation:"]

    /// Adds (or replaces) a selector the host implements, callable as `FUNCTION(x, 'selector', …)`.
    /// Its signature is what evaluation checks and lint types the call by.
    public mutating func register(selector: String, _ function: SelectorFunction) {
        selectors[selector] = function
    }

    /// The built-in a call `name(args)` or `name:(args)` means: the name as written, or, for a
    /// name written without its colon and with arguments (`count(tags)`), the built-in with the
    /// colon (`count:`), as Apple's parser reads it. Nil when there is no such built-in.
    public func builtIn(named name: String, argumentCount: Int) -> (name: String, argumentCount: Int)? {
        if !name.contains(":"), argumentCount > 0, let expected = builtIns[name + ":"] { return (name + ":", expected) }
        return builtIns[name].map { (name, $0) }
    }

    /// The allowed selector nearest to `selector` by edit distance, for the hint of a refused one.
    public func nearestSelector(to selector: String) -> String? {
        Suggestion.nearest(to: selector, among: selectors.keys.sorted())
    }
}
