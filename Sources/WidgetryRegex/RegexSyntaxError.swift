/// A regular-expression pattern that could not be compiled.
public struct RegexSyntaxError: Error, Sendable, Equatable {
    /// What is wrong, in words (for example "nothing to repeat").
    public var message: String
    /// UTF-8 byte offset of the problem in the pattern.
    public var offset: Int

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }
}
