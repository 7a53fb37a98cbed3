public import WidgetryDiagnostics
import WidgetryLanguageServerProtocol

/// The stable codes of what the language server refuses (a document it does not know, a
/// position outside a document's text, a document too large to work on), sent as the `code` of
/// a ``ResponseError``'s `data` beside the numeric JSON-RPC code, and in the log messages that
/// answer notifications the server cannot follow.
public enum LanguageServerCode: String, DomainCode {
    /// A request or change about a document the client has not opened and that is no file of
    /// a bundle of the workspace.
    case unknownDocument = "lsp.unknown-document"
    /// A position past the end of its line or of the text, or inside a surrogate pair.
    case positionOutOfRange = "lsp.position-out-of-range"
    /// A document larger than ``ServerLimits/maximumDocumentBytes``.
    case documentTooLarge = "lsp.document-too-large"
    /// A `file:` URI the server cannot turn into a path (another scheme, or no path).
    case unsupportedURI = "lsp.unsupported-uri"
    /// A rename at a place that names nothing the server renames (an action, or an object or
    /// element of a screen), or in a bundle whose open documents do not all parse.
    case notRenameable = "lsp.not-renameable"
    /// A rename to a name the bundle's readers refuse (an action name with a dot, an id that
    /// is no key path name).
    case invalidName = "lsp.invalid-name"
    /// A rename to a name something of the same kind already has.
    case nameTaken = "lsp.name-taken"
}

extension ResponseError {
    /// An `InvalidParams` answer carrying the server's code and a hint.
    static func refusal(_ code: LanguageServerCode, _ message: String, hint: String) -> ResponseError {
        ResponseError(code: ErrorCodes.invalidParams, message: message,
                      data: .object(["code": .string(code.rawValue), "hint": .string(hint)]))
    }
}

/// What the server takes on of the client's documents.
public struct ServerLimits: Sendable, Hashable {
    /// The largest document worked on (4 MiB): a larger one is kept in step with the client's
    /// changes, but its diagnostics are one `lsp.document-too-large` finding, its bundle is linted
    /// with the file as the disk has it, and requests about it are refused with that code.
    public var maximumDocumentBytes: Int
    /// How many folders the search for bundles in a workspace folder looks into (hidden folders
    /// are skipped).
    public var maximumFoldersSearched: Int
    /// How long hover waits for a screen's stub run to finish before it answers without the
    /// values the run shows (the run goes on, and the next hover has them): none by default, so
    /// hover never waits for a run.
    public var stubRunWait: Duration

    public init(maximumDocumentBytes: Int = 4 << 20, maximumFoldersSearched: Int = 20_000, stubRunWait: Duration = .zero) {
        self.maximumDocumentBytes = maximumDocumentBytes
        self.maximumFoldersSearched = maximumFoldersSearched
        self.stubRunWait = stubRunWait
    }
}
