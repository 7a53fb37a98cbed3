/// The `error` of a JSON-RPC response: a numeric code of ``ErrorCodes``, a message and data.
///
/// Handlers throw it to answer a request with that error; any other error a handler throws is
/// answered as ``ErrorCodes/internalError``.
public struct ResponseError: Error, Codable, Hashable, Sendable {
    public var code: Int
    public var message: String
    /// For the connection's own errors: `{"code": "lsp.…", "hint": …}`, the project's stable
    /// code of the problem and how to avoid it.
    public var data: LSPAny?

    public init(code: Int, message: String, data: LSPAny? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// The error with a project code and a hint as its `data`.
    init(code: Int, message: String, problem: LSPProtocolCode, hint: String) {
        self.init(code: code, message: message, data: .object(["code": .string(problem.rawValue), "hint": .string(hint)]))
    }
}

/// The numeric error codes of JSON-RPC and of the Language Server Protocol, under the names the
/// specification gives them.
public enum ErrorCodes {
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    /// A request came before `initialize`.
    public static let serverNotInitialized = -32002
    public static let unknownErrorCode = -32001
    /// The server gave up a request it could not answer; the client may send it again.
    public static let requestFailed = -32803
    /// The server cancelled the request (it was asked to, or its result no longer mattered).
    public static let serverCancelled = -32802
    /// The document changed under the request, so its result would be stale.
    public static let contentModified = -32801
    /// The client cancelled the request with `$/cancelRequest`.
    public static let requestCancelled = -32800
}
