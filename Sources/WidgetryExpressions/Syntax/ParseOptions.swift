/// Limits and the function catalog a parse works with.
public struct ParseOptions: Sendable {
    /// Deepest nesting of parentheses, braces, functions and `NOT`s.
    public var maxDepth = 256
    /// Longest text, in UTF-8 bytes.
    public var maxLength = 65_536
    /// The functions and `FUNCTION` selectors the text may call.
    public var functions = FunctionCatalog.standard

    public init() {}

    public static let `default` = ParseOptions()
}
