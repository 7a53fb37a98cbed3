public import WidgetryDiagnostics

/// The stable codes of the problems the connection itself answers (a frame it cannot read, a
/// message that is not JSON-RPC, a request out of the lifecycle's order), sent as the `code` of a
/// ``ResponseError``'s `data` beside the numeric JSON-RPC code.
public enum LSPProtocolCode: String, DomainCode {
    /// A header block without a `Content-Length` header.
    case missingContentLength = "lsp.missing-content-length"
    /// A `Content-Length` that is not a non-negative decimal number.
    case invalidContentLength = "lsp.invalid-content-length"
    /// A header line that is not `Name: value`, or a header block with no blank line after it.
    case malformedHeader = "lsp.malformed-header"
    /// A header block longer than ``MessageLimits/maximumHeaderBytes``.
    case headerTooLong = "lsp.header-too-long"
    /// A `Content-Length` above ``MessageLimits/maximumContentLength``: the body is skipped unread.
    case messageTooLarge = "lsp.message-too-large"
    /// A body that is not JSON (or not UTF-8).
    case invalidJSON = "lsp.invalid-json"
    /// JSON that is not a JSON-RPC 2.0 request, notification or response.
    case notJSONRPC = "lsp.not-json-rpc"
    /// A request for a method the server has no handler for.
    case unknownMethod = "lsp.unknown-method"
    /// A request whose `params` do not have the method's shape.
    case invalidParams = "lsp.invalid-params"
    /// A request before `initialize` was answered.
    case notInitialized = "lsp.not-initialized"
    /// A request whose id another request still open has.
    case duplicateRequestID = "lsp.duplicate-request-id"
    /// A second `initialize`.
    case alreadyInitialized = "lsp.already-initialized"
    /// A request after `shutdown`.
    case shutDown = "lsp.shut-down"
    /// A request the client cancelled with `$/cancelRequest`.
    case requestCancelled = "lsp.request-cancelled"
    /// A handler failed with an error that is not a ``ResponseError``.
    case handlerFailed = "lsp.handler-failed"
}
