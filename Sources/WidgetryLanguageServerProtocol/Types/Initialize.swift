/// The encoding of ``Position/character`` (`utf-16`, the default and the only one this module
/// converts), open-ended.
public struct PositionEncodingKind: Codable, Hashable, Sendable, RawRepresentable {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}

extension PositionEncodingKind {
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static let utf8 = PositionEncodingKind(rawValue: "utf-8")
    public static let utf16 = PositionEncodingKind(rawValue: "utf-16")
    public static let utf32 = PositionEncodingKind(rawValue: "utf-32")
}

/// The client or the server, by name.
public struct ClientInfo: Codable, Hashable, Sendable {
    public var name: String
    public var version: String?

    public init(name: String, version: String? = nil) {
        self.name = name
        self.version = version
    }
}

/// The server's name and version, as the answer to `initialize` gives them.
public struct ServerInfo: Codable, Hashable, Sendable {
    public var name: String
    public var version: String?

    public init(name: String, version: String? = nil) {
        self.name = name
        self.version = version
    }
}

/// What the client offers in general.
public struct GeneralClientCapabilities: Codable, Hashable, Sendable {
    public var positionEncodings: [PositionEncodingKind]?

    public init(positionEncodings: [PositionEncodingKind]? = nil) {
        self.positionEncodings = positionEncodings
    }
}

/// What the client's window offers.
public struct WindowClientCapabilities: Codable, Hashable, Sendable {
    /// Whether the server may create progress with `window/workDoneProgress/create`.
    public var workDoneProgress: Bool?

    public init(workDoneProgress: Bool? = nil) {
        self.workDoneProgress = workDoneProgress
    }
}

/// Whether the client lets the server register a capability after `initialize`.
public struct DidChangeWatchedFilesClientCapabilities: Codable, Hashable, Sendable {
    public var dynamicRegistration: Bool?
    public var relativePatternSupport: Bool?

    public init(dynamicRegistration: Bool? = nil, relativePatternSupport: Bool? = nil) {
        self.dynamicRegistration = dynamicRegistration
        self.relativePatternSupport = relativePatternSupport
    }
}

/// Whether the client answers `workspace/diagnostic/refresh`.
public struct DiagnosticWorkspaceClientCapabilities: Codable, Hashable, Sendable {
    public var refreshSupport: Bool?

    public init(refreshSupport: Bool? = nil) {
        self.refreshSupport = refreshSupport
    }
}

/// What the client offers of the workspace.
public struct WorkspaceClientCapabilities: Codable, Hashable, Sendable {
    public var applyEdit: Bool?
    public var workspaceFolders: Bool?
    public var didChangeWatchedFiles: DidChangeWatchedFilesClientCapabilities?
    public var diagnostics: DiagnosticWorkspaceClientCapabilities?

    public init(applyEdit: Bool? = nil, workspaceFolders: Bool? = nil, didChangeWatchedFiles: DidChangeWatchedFilesClientCapabilities? = nil, diagnostics: DiagnosticWorkspaceClientCapabilities? = nil) {
        self.applyEdit = applyEdit
        self.workspaceFolders = workspaceFolders
        self.didChangeWatchedFiles = didChangeWatchedFiles
        self.diagnostics = diagnostics
    }
}

/// What the client does with published diagnostics.
public struct PublishDiagnosticsClientCapabilities: Codable, Hashable, Sendable {
    public var relatedInformation: Bool?
    public var versionSupport: Bool?
    public var codeDescriptionSupport: Bool?
    public var dataSupport: Bool?

    public init(relatedInformation: Bool? = nil, versionSupport: Bool? = nil, codeDescriptionSupport: Bool? = nil, dataSupport: Bool? = nil) {
        self.relatedInformation = relatedInformation
        self.versionSupport = versionSupport
        self.codeDescriptionSupport = codeDescriptionSupport
        self.dataSupport = dataSupport
    }
}

/// Whether the client pulls diagnostics.
public struct DiagnosticClientCapabilities: Codable, Hashable, Sendable {
    public var dynamicRegistration: Bool?
    public var relatedDocumentSupport: Bool?

    public init(dynamicRegistration: Bool? = nil, relatedDocumentSupport: Bool? = nil) {
        self.dynamicRegistration = dynamicRegistration
        self.relatedDocumentSupport = relatedDocumentSupport
    }
}

/// What the client supports of completion items.
public struct CompletionItemClientCapabilities: Codable, Hashable, Sendable {
    public var snippetSupport: Bool?
    public var documentationFormat: [MarkupKind]?

    public init(snippetSupport: Bool? = nil, documentationFormat: [MarkupKind]? = nil) {
        self.snippetSupport = snippetSupport
        self.documentationFormat = documentationFormat
    }
}

/// What the client supports of completion.
public struct CompletionClientCapabilities: Codable, Hashable, Sendable {
    public var completionItem: CompletionItemClientCapabilities?

    public init(completionItem: CompletionItemClientCapabilities? = nil) {
        self.completionItem = completionItem
    }
}

/// What the client supports of hover.
public struct HoverClientCapabilities: Codable, Hashable, Sendable {
    public var contentFormat: [MarkupKind]?

    public init(contentFormat: [MarkupKind]? = nil) {
        self.contentFormat = contentFormat
    }
}

/// What the client supports of document symbols.
public struct DocumentSymbolClientCapabilities: Codable, Hashable, Sendable {
    public var hierarchicalDocumentSymbolSupport: Bool?

    public init(hierarchicalDocumentSymbolSupport: Bool? = nil) {
        self.hierarchicalDocumentSymbolSupport = hierarchicalDocumentSymbolSupport
    }
}

/// What the client supports of definitions.
public struct DefinitionClientCapabilities: Codable, Hashable, Sendable {
    /// Whether the answer may be ``LocationLink``s.
    public var linkSupport: Bool?

    public init(linkSupport: Bool? = nil) {
        self.linkSupport = linkSupport
    }
}

/// What the client offers for documents.
public struct TextDocumentClientCapabilities: Codable, Hashable, Sendable {
    public var completion: CompletionClientCapabilities?
    public var hover: HoverClientCapabilities?
    public var definition: DefinitionClientCapabilities?
    public var documentSymbol: DocumentSymbolClientCapabilities?
    public var publishDiagnostics: PublishDiagnosticsClientCapabilities?
    public var diagnostic: DiagnosticClientCapabilities?

    public init(completion: CompletionClientCapabilities? = nil, hover: HoverClientCapabilities? = nil, definition: DefinitionClientCapabilities? = nil, documentSymbol: DocumentSymbolClientCapabilities? = nil, publishDiagnostics: PublishDiagnosticsClientCapabilities? = nil, diagnostic: DiagnosticClientCapabilities? = nil) {
        self.completion = completion
        self.hover = hover
        self.definition = definition
        self.documentSymbol = documentSymbol
        self.publishDiagnostics = publishDiagnostics
        self.diagnostic = diagnostic
    }
}

/// What the client offers: the parts a server of bundles asks about (a client sends more, which
/// is ignored).
public struct ClientCapabilities: Codable, Hashable, Sendable {
    public var workspace: WorkspaceClientCapabilities?
    public var textDocument: TextDocumentClientCapabilities?
    public var window: WindowClientCapabilities?
    public var general: GeneralClientCapabilities?

    public init(workspace: WorkspaceClientCapabilities? = nil, textDocument: TextDocumentClientCapabilities? = nil, window: WindowClientCapabilities? = nil, general: GeneralClientCapabilities? = nil) {
        self.workspace = workspace
        self.textDocument = textDocument
        self.window = window
        self.general = general
    }
}

/// The params of `initialize`.
public struct InitializeParams: Codable, Hashable, Sendable {
    /// The client's process, or null.
    public var processId: Int?
    public var clientInfo: ClientInfo?
    public var locale: String?
    public var rootUri: DocumentUri?
    public var initializationOptions: LSPAny?
    public var capabilities: ClientCapabilities
    public var trace: String?
    public var workspaceFolders: [WorkspaceFolder]?
    public var workDoneToken: ProgressToken?

    public init(processId: Int? = nil, clientInfo: ClientInfo? = nil, locale: String? = nil, rootUri: DocumentUri? = nil, initializationOptions: LSPAny? = nil, capabilities: ClientCapabilities, trace: String? = nil, workspaceFolders: [WorkspaceFolder]? = nil, workDoneToken: ProgressToken? = nil) {
        self.processId = processId
        self.clientInfo = clientInfo
        self.locale = locale
        self.rootUri = rootUri
        self.initializationOptions = initializationOptions
        self.capabilities = capabilities
        self.trace = trace
        self.workspaceFolders = workspaceFolders
        self.workDoneToken = workDoneToken
    }
}

/// What the server offers.
public struct ServerCapabilities: Codable, Hashable, Sendable {
    public var positionEncoding: PositionEncodingKind?
    public var textDocumentSync: TextDocumentSyncOptions?
    public var completionProvider: CompletionOptions?
    public var hoverProvider: Bool?
    public var definitionProvider: Bool?
    public var referencesProvider: Bool?
    public var documentSymbolProvider: Bool?
    public var codeActionProvider: CodeActionOptions?
    public var renameProvider: RenameOptions?
    public var diagnosticProvider: DiagnosticOptions?
    /// What the server offers of the workspace (its folders).
    public var workspace: WorkspaceServerCapabilities?

    public init(positionEncoding: PositionEncodingKind? = nil, textDocumentSync: TextDocumentSyncOptions? = nil, completionProvider: CompletionOptions? = nil, hoverProvider: Bool? = nil, definitionProvider: Bool? = nil, referencesProvider: Bool? = nil, documentSymbolProvider: Bool? = nil, codeActionProvider: CodeActionOptions? = nil, renameProvider: RenameOptions? = nil, diagnosticProvider: DiagnosticOptions? = nil, workspace: WorkspaceServerCapabilities? = nil) {
        self.positionEncoding = positionEncoding
        self.textDocumentSync = textDocumentSync
        self.completionProvider = completionProvider
        self.hoverProvider = hoverProvider
        self.definitionProvider = definitionProvider
        self.referencesProvider = referencesProvider
        self.documentSymbolProvider = documentSymbolProvider
        self.codeActionProvider = codeActionProvider
        self.renameProvider = renameProvider
        self.diagnosticProvider = diagnosticProvider
        self.workspace = workspace
    }
}

/// The answer to `initialize`.
public struct InitializeResult: Codable, Hashable, Sendable {
    public var capabilities: ServerCapabilities
    public var serverInfo: ServerInfo?

    public init(capabilities: ServerCapabilities, serverInfo: ServerInfo? = nil) {
        self.capabilities = capabilities
        self.serverInfo = serverInfo
    }
}
