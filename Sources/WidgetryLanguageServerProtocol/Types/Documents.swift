/// A change to a document: with a range, the range's text is replaced (an incremental change);
/// without, the whole text is.
public struct TextDocumentContentChangeEvent: Codable, Hashable, Sendable {
    public var range: LSPRange?
    /// Deprecated by the specification; ignored.
    public var rangeLength: Int?
    public var text: String

    public init(range: LSPRange? = nil, rangeLength: Int? = nil, text: String) {
        self.range = range
        self.rangeLength = rangeLength
        self.text = text
    }
}

/// The params of `textDocument/didOpen`.
public struct DidOpenTextDocumentParams: Codable, Hashable, Sendable {
    public var textDocument: TextDocumentItem

    public init(textDocument: TextDocumentItem) {
        self.textDocument = textDocument
    }
}

/// The params of `textDocument/didChange`: changes to apply in order.
public struct DidChangeTextDocumentParams: Codable, Hashable, Sendable {
    public var textDocument: VersionedTextDocumentIdentifier
    public var contentChanges: [TextDocumentContentChangeEvent]

    public init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [TextDocumentContentChangeEvent]) {
        self.textDocument = textDocument
        self.contentChanges = contentChanges
    }
}

/// The params of `textDocument/didClose`.
public struct DidCloseTextDocumentParams: Codable, Hashable, Sendable {
    public var textDocument: TextDocumentIdentifier

    public init(textDocument: TextDocumentIdentifier) {
        self.textDocument = textDocument
    }
}

/// The params of `textDocument/didSave`.
public struct DidSaveTextDocumentParams: Codable, Hashable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var text: String?

    public init(textDocument: TextDocumentIdentifier, text: String? = nil) {
        self.textDocument = textDocument
        self.text = text
    }
}

/// How the client sends a document's changes.
public enum TextDocumentSyncKind: Int, Codable, Hashable, Sendable {
    case none = 0
    case full = 1
    case incremental = 2
}

/// What the server wants to hear of documents the client opens.
public struct TextDocumentSyncOptions: Codable, Hashable, Sendable {
    public var openClose: Bool?
    public var change: TextDocumentSyncKind?
    public var save: Bool?

    public init(openClose: Bool? = nil, change: TextDocumentSyncKind? = nil, save: Bool? = nil) {
        self.openClose = openClose
        self.change = change
        self.save = save
    }
}
