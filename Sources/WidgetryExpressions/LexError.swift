/// A token that could not be read.
public struct LexError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable {
        case unexpectedCharacter = "predicate.unexpected-character"
        case unterminatedString = "predicate.unterminated-string"
        case invalidEscape = "predicate.invalid-escape"
        case invalidNumber = "predicate.invalid-number"
        case invalidVariable = "predicate.invalid-variable"
    }

    public var code: Code
    public var message: String
    /// UTF-8 byte offset of the problem in the source text.
    public var offset: Int

    public var description: String { "\(message) at offset \(offset) [\(code.rawValue)]" }
}
