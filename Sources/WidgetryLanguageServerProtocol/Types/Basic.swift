/// A document's URI, as the client names it (`file:///…`).
public typealias DocumentUri = String

/// A place in a document: a 0-based line, and a 0-based offset in UTF-16 code units within the
/// line (the specification's default position encoding). ``TextDocument`` converts it.
public struct Position: Codable, Hashable, Sendable, Comparable {
    public var line: Int
    /// UTF-16 code units from the start of the line.
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

extension Position {
    public static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

/// A range in a document, from `start` up to but not including `end` (the specification's
/// `Range`, named so as not to hide Swift's).
public struct LSPRange: Codable, Hashable, Sendable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
}

/// A range in a document named by its URI.
public struct Location: Codable, Hashable, Sendable {
    public var uri: DocumentUri
    public var range: LSPRange

    public init(uri: DocumentUri, range: LSPRange) {
        self.uri = uri
        self.range = range
    }
}

/// A link from a range of the origin to a range of a target document (go to definition).
public struct LocationLink: Codable, Hashable, Sendable {
    /// The span of the origin that is underlined as the link.
    public var originSelectionRange: LSPRange?
    public var targetUri: DocumentUri
    /// The whole of the target (a function's body, say).
    public var targetRange: LSPRange
    /// The part of the target to select (its name).
    public var targetSelectionRange: LSPRange

    public init(originSelectionRange: LSPRange? = nil, targetUri: DocumentUri, targetRange: LSPRange, targetSelectionRange: LSPRange) {
        self.originSelectionRange = originSelectionRange
        self.targetUri = targetUri
        self.targetRange = targetRange
        self.targetSelectionRange = targetSelectionRange
    }
}

/// A document named by its URI.
public struct TextDocumentIdentifier: Codable, Hashable, Sendable {
    public var uri: DocumentUri

    public init(uri: DocumentUri) {
        self.uri = uri
    }
}

/// A document named by its URI, at a version the client numbered.
public struct VersionedTextDocumentIdentifier: Codable, Hashable, Sendable {
    public var uri: DocumentUri
    public var version: Int

    public init(uri: DocumentUri, version: Int) {
        self.uri = uri
        self.version = version
    }
}

/// A document as the client opened it: its URI, language, version and whole text.
public struct TextDocumentItem: Codable, Hashable, Sendable {
    public var uri: DocumentUri
    public var languageId: String
    public var version: Int
    public var text: String

    public init(uri: DocumentUri, languageId: String, version: Int, text: String) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.text = text
    }
}

/// A document and a position in it: the params of hover, definition and the like.
public struct TextDocumentPositionParams: Codable, Hashable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position

    public init(textDocument: TextDocumentIdentifier, position: Position) {
        self.textDocument = textDocument
        self.position = position
    }
}

/// A replacement of a range of a document by new text (empty to delete).
public struct TextEdit: Codable, Hashable, Sendable {
    public var range: LSPRange
    public var newText: String

    public init(range: LSPRange, newText: String) {
        self.range = range
        self.newText = newText
    }
}

/// Changes to several documents: the edits of each, by URI.
public struct WorkspaceEdit: Codable, Hashable, Sendable {
    public var changes: [DocumentUri: [TextEdit]]?

    public init(changes: [DocumentUri: [TextEdit]]? = nil) {
        self.changes = changes
    }
}

/// A command the client runs on the server's behalf (`workspace/executeCommand`).
public struct Command: Codable, Hashable, Sendable {
    public var title: String
    public var command: String
    public var arguments: [LSPAny]?

    public init(title: String, command: String, arguments: [LSPAny]? = nil) {
        self.title = title
        self.command = command
        self.arguments = arguments
    }
}

/// How text of ``MarkupContent`` is written.
public enum MarkupKind: String, Codable, Hashable, Sendable {
    case plaintext
    case markdown
}

/// Text for a person, plain or Markdown: hover contents, completion documentation.
public struct MarkupContent: Codable, Hashable, Sendable {
    public var kind: MarkupKind
    public var value: String

    public init(kind: MarkupKind, value: String) {
        self.kind = kind
        self.value = value
    }
}
