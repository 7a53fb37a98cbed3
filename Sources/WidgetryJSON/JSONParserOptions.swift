/// Limits and policies for ``JSONParser``.
///
/// Every limit exists because the documents come from places the host does not control; each
/// one, when exceeded, stops the parse with its own ``JSONParseError/Code``.
public struct JSONParserOptions: Sendable, Hashable {
    /// What to do when an object repeats a key.
    public enum DuplicateKeyPolicy: Sendable, Hashable {
        /// Fail with ``JSONParseError/Code/duplicateKey``, naming both places (the default).
        case reject
        /// Keep the first value and ignore later ones.
        case keepFirst
        /// Keep the last value, at the position of the first key (what Foundation does).
        case keepLast
    }

    /// Deepest nesting of arrays and objects. The parser itself never recurses, so this limit
    /// protects consumers that walk the tree recursively.
    public var maxDepth: Int
    /// Largest document, in bytes.
    public var maxDocumentBytes: Int
    /// Longest string (key or value), in bytes of source text.
    public var maxStringBytes: Int
    public var duplicateKeys: DuplicateKeyPolicy

    public init(
        maxDepth: Int = 512,
        maxDocumentBytes: Int = 256 << 20,
        maxStringBytes: Int = 16 << 20,
        duplicateKeys: DuplicateKeyPolicy = .reject
    ) {
        self.maxDepth = maxDepth
        self.maxDocumentBytes = maxDocumentBytes
        self.maxStringBytes = maxStringBytes
        self.duplicateKeys = duplicateKeys
    }
}
