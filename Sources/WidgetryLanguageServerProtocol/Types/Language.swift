/// The kind of a completion item, which picks its icon.
public enum CompletionItemKind: Int, Codable, Hashable, Sendable {
    case text = 1, method, function, constructor, field, variable, `class`, interface, module, property, unit, value, `enum`,
         keyword, snippet, color, file, reference, folder, enumMember, constant, `struct`, event, `operator`, typeParameter
}

/// Whether a completion's insert text is plain or a snippet.
public enum InsertTextFormat: Int, Codable, Hashable, Sendable {
    case plainText = 1
    case snippet = 2
}

/// What a completion item shows beside its label.
public struct CompletionItemLabelDetails: Codable, Hashable, Sendable {
    public var detail: String?
    public var description: String?

    public init(detail: String? = nil, description: String? = nil) {
        self.detail = detail
        self.description = description
    }
}

/// One completion the server proposes.
public struct CompletionItem: Codable, Hashable, Sendable {
    public var label: String
    public var labelDetails: CompletionItemLabelDetails?
    public var kind: CompletionItemKind?
    /// The type or signature, shown beside the label.
    public var detail: String?
    public var documentation: MarkupContent?
    public var sortText: String?
    public var filterText: String?
    public var insertText: String?
    public var insertTextFormat: InsertTextFormat?
    public var textEdit: TextEdit?
    public var additionalTextEdits: [TextEdit]?
    public var data: LSPAny?

    public init(label: String, labelDetails: CompletionItemLabelDetails? = nil, kind: CompletionItemKind? = nil, detail: String? = nil, documentation: MarkupContent? = nil, sortText: String? = nil, filterText: String? = nil, insertText: String? = nil, insertTextFormat: InsertTextFormat? = nil, textEdit: TextEdit? = nil, additionalTextEdits: [TextEdit]? = nil, data: LSPAny? = nil) {
        self.label = label
        self.labelDetails = labelDetails
        self.kind = kind
        self.detail = detail
        self.documentation = documentation
        self.sortText = sortText
        self.filterText = filterText
        self.insertText = insertText
        self.insertTextFormat = insertTextFormat
        self.textEdit = textEdit
        self.additionalTextEdits = additionalTextEdits
        self.data = data
    }
}

/// Completions, and whether typing more may bring others.
public struct CompletionList: Codable, Hashable, Sendable {
    public var isIncomplete: Bool
    public var items: [CompletionItem]

    public init(isIncomplete: Bool, items: [CompletionItem]) {
        self.isIncomplete = isIncomplete
        self.items = items
    }
}

/// How a completion was asked for: 1 invoked, 2 a trigger character, 3 incomplete before.
public struct CompletionContext: Codable, Hashable, Sendable {
    public var triggerKind: Int
    public var triggerCharacter: String?

    public init(triggerKind: Int, triggerCharacter: String? = nil) {
        self.triggerKind = triggerKind
        self.triggerCharacter = triggerCharacter
    }
}

/// The params of `textDocument/completion`.
public struct CompletionParams: Codable, Hashable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var context: CompletionContext?

    public init(textDocument: TextDocumentIdentifier, position: Position, context: CompletionContext? = nil) {
        self.textDocument = textDocument
        self.position = position
        self.context = context
    }
}

/// The server's completion options.
public struct CompletionOptions: Codable, Hashable, Sendable {
    public var triggerCharacters: [String]?
    public var resolveProvider: Bool?

    public init(triggerCharacters: [String]? = nil, resolveProvider: Bool? = nil) {
        self.triggerCharacters = triggerCharacters
        self.resolveProvider = resolveProvider
    }
}

/// The answer to `textDocument/hover`.
public struct Hover: Codable, Hashable, Sendable {
    public var contents: MarkupContent
    public var range: LSPRange?

    public init(contents: MarkupContent, range: LSPRange? = nil) {
        self.contents = contents
        self.range = range
    }
}

/// The kind of a symbol, which picks its icon.
public enum SymbolKind: Int, Codable, Hashable, Sendable {
    case file = 1, module, namespace, package, `class`, method, property, field, constructor, `enum`, interface, function,
         variable, constant, string, number, boolean, array, object, key, null, enumMember, `struct`, event, `operator`, typeParameter
}

/// A symbol of a document, with the symbols inside it.
public struct DocumentSymbol: Codable, Hashable, Sendable {
    public var name: String
    public var detail: String?
    public var kind: SymbolKind
    /// The whole of the symbol.
    public var range: LSPRange
    /// Its name, within ``range``.
    public var selectionRange: LSPRange
    public var children: [DocumentSymbol]?

    public init(name: String, detail: String? = nil, kind: SymbolKind, range: LSPRange, selectionRange: LSPRange, children: [DocumentSymbol]? = nil) {
        self.name = name
        self.detail = detail
        self.kind = kind
        self.range = range
        self.selectionRange = selectionRange
        self.children = children
    }
}

/// The params of `textDocument/documentSymbol`.
public struct DocumentSymbolParams: Codable, Hashable, Sendable {
    public var textDocument: TextDocumentIdentifier

    public init(textDocument: TextDocumentIdentifier) {
        self.textDocument = textDocument
    }
}

/// Whether references include the declaration.
public struct ReferenceContext: Codable, Hashable, Sendable {
    public var includeDeclaration: Bool

    public init(includeDeclaration: Bool) {
        self.includeDeclaration = includeDeclaration
    }
}

/// The params of `textDocument/references`.
public struct ReferenceParams: Codable, Hashable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var context: ReferenceContext

    public init(textDocument: TextDocumentIdentifier, position: Position, context: ReferenceContext) {
        self.textDocument = textDocument
        self.position = position
        self.context = context
    }
}

/// The params of `textDocument/rename`.
public struct RenameParams: Codable, Hashable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var newName: String

    public init(textDocument: TextDocumentIdentifier, position: Position, newName: String) {
        self.textDocument = textDocument
        self.position = position
        self.newName = newName
    }
}

/// The answer to `textDocument/prepareRename`: the range of the name to rename, and the text
/// the client offers to edit.
public struct PrepareRenameResult: Codable, Hashable, Sendable {
    public var range: LSPRange
    public var placeholder: String

    public init(range: LSPRange, placeholder: String) {
        self.range = range
        self.placeholder = placeholder
    }
}

/// The server's rename options.
public struct RenameOptions: Codable, Hashable, Sendable {
    public var prepareProvider: Bool?

    public init(prepareProvider: Bool? = nil) {
        self.prepareProvider = prepareProvider
    }
}

/// The kind of a code action (`quickfix`, `source.fixAll`), dot-separated and open-ended.
public struct CodeActionKind: Codable, Hashable, Sendable, RawRepresentable {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}

extension CodeActionKind {
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static let quickFix = CodeActionKind(rawValue: "quickfix")
    public static let refactor = CodeActionKind(rawValue: "refactor")
    public static let source = CodeActionKind(rawValue: "source")
    public static let sourceFixAll = CodeActionKind(rawValue: "source.fixAll")
}

/// The diagnostics a code action request is about, and the kinds of action wanted.
public struct CodeActionContext: Codable, Hashable, Sendable {
    public var diagnostics: [Diagnostic]
    public var only: [CodeActionKind]?
    public var triggerKind: Int?

    public init(diagnostics: [Diagnostic], only: [CodeActionKind]? = nil, triggerKind: Int? = nil) {
        self.diagnostics = diagnostics
        self.only = only
        self.triggerKind = triggerKind
    }
}

/// The params of `textDocument/codeAction`.
public struct CodeActionParams: Codable, Hashable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var range: LSPRange
    public var context: CodeActionContext

    public init(textDocument: TextDocumentIdentifier, range: LSPRange, context: CodeActionContext) {
        self.textDocument = textDocument
        self.range = range
        self.context = context
    }
}

/// A change the server proposes: a quick fix, a refactoring, a fix of a whole file.
public struct CodeAction: Codable, Hashable, Sendable {
    public var title: String
    public var kind: CodeActionKind?
    public var diagnostics: [Diagnostic]?
    public var isPreferred: Bool?
    public var edit: WorkspaceEdit?
    public var command: Command?
    public var data: LSPAny?

    public init(title: String, kind: CodeActionKind? = nil, diagnostics: [Diagnostic]? = nil, isPreferred: Bool? = nil, edit: WorkspaceEdit? = nil, command: Command? = nil, data: LSPAny? = nil) {
        self.title = title
        self.kind = kind
        self.diagnostics = diagnostics
        self.isPreferred = isPreferred
        self.edit = edit
        self.command = command
        self.data = data
    }
}

/// The server's code action options.
public struct CodeActionOptions: Codable, Hashable, Sendable {
    public var codeActionKinds: [CodeActionKind]?
    public var resolveProvider: Bool?

    public init(codeActionKinds: [CodeActionKind]? = nil, resolveProvider: Bool? = nil) {
        self.codeActionKinds = codeActionKinds
        self.resolveProvider = resolveProvider
    }
}
