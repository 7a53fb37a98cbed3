/// A frame of the base protocol the connection could not read: its code, where in the input it
/// started, what is wrong and what to do.
public struct FrameError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: LSPProtocolCode
    /// The byte offset in the input at which the unreadable frame starts.
    public var offset: Int
    public var message: String
    public var hint: String

    public init(code: LSPProtocolCode, offset: Int, message: String, hint: String) {
        self.code = code
        self.offset = offset
        self.message = message
        self.hint = hint
    }

    /// `offset N: message [code]`.
    public var description: String { "byte \(offset) of the input: \(message) [\(code.rawValue)]" }

    /// The error response the connection sends for it: a JSON-RPC `ParseError` with no id.
    var responseError: ResponseError {
        ResponseError(code: ErrorCodes.parseError, message: description, problem: code, hint: hint)
    }
}
