/// How serious a ``Diagnostic`` is.
public enum DiagnosticSeverity: Int, Codable, Hashable, Sendable {
    case error = 1
    case warning = 2
    case information = 3
    case hint = 4
}

/// How a client may show a ``Diagnostic`` besides its severity.
public enum DiagnosticTag: Int, Codable, Hashable, Sendable {
    /// Code that is not used, shown faded.
    case unnecessary = 1
    /// Code that is deprecated, shown struck through.
    case deprecated = 2
}

/// Where a diagnostic's code is documented.
public struct CodeDescription: Codable, Hashable, Sendable {
    public var href: String

    public init(href: String) {
        self.href = href
    }
}

/// Another place that explains a diagnostic (a note), with its message.
public struct DiagnosticRelatedInformation: Codable, Hashable, Sendable {
    public var location: Location
    public var message: String

    public init(location: Location, message: String) {
        self.location = location
        self.message = message
    }
}

/// A problem in a document as the protocol carries it (named `Diagnostic` as the specification
/// names it; the project's own is WidgetryDiagnostics' `Diagnostic`).
public struct Diagnostic: Codable, Hashable, Sendable {
    public var range: LSPRange
    public var severity: DiagnosticSeverity?
    public var code: IntegerOrString?
    public var codeDescription: CodeDescription?
    /// Who reports it (`widgetry`).
    public var source: String?
    public var message: String
    public var tags: [DiagnosticTag]?
    public var relatedInformation: [DiagnosticRelatedInformation]?
    /// Kept by the client and sent back with code action requests.
    public var data: LSPAny?

    public init(range: LSPRange, severity: DiagnosticSeverity? = nil, code: IntegerOrString? = nil, codeDescription: CodeDescription? = nil, source: String? = nil, message: String, tags: [DiagnosticTag]? = nil, relatedInformation: [DiagnosticRelatedInformation]? = nil, data: LSPAny? = nil) {
        self.range = range
        self.severity = severity
        self.code = code
        self.codeDescription = codeDescription
        self.source = source
        self.message = message
        self.tags = tags
        self.relatedInformation = relatedInformation
        self.data = data
    }
}

/// The params of `textDocument/publishDiagnostics`: every diagnostic of one document.
public struct PublishDiagnosticsParams: Codable, Hashable, Sendable {
    public var uri: DocumentUri
    public var version: Int?
    public var diagnostics: [Diagnostic]

    public init(uri: DocumentUri, version: Int? = nil, diagnostics: [Diagnostic]) {
        self.uri = uri
        self.version = version
        self.diagnostics = diagnostics
    }
}

/// The params of `textDocument/diagnostic`.
public struct DocumentDiagnosticParams: Codable, Hashable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var identifier: String?
    public var previousResultId: String?

    public init(textDocument: TextDocumentIdentifier, identifier: String? = nil, previousResultId: String? = nil) {
        self.textDocument = textDocument
        self.identifier = identifier
        self.previousResultId = previousResultId
    }
}

/// A result id the client kept from an earlier pull of a document's diagnostics.
public struct PreviousResultId: Codable, Hashable, Sendable {
    public var uri: DocumentUri
    public var value: String

    public init(uri: DocumentUri, value: String) {
        self.uri = uri
        self.value = value
    }
}

/// The params of `workspace/diagnostic`.
public struct WorkspaceDiagnosticParams: Codable, Hashable, Sendable {
    public var identifier: String?
    public var previousResultIds: [PreviousResultId]

    public init(identifier: String? = nil, previousResultIds: [PreviousResultId] = []) {
        self.identifier = identifier
        self.previousResultIds = previousResultIds
    }
}

/// The server's options for pulled diagnostics.
public struct DiagnosticOptions: Codable, Hashable, Sendable {
    public var identifier: String?
    /// Whether a change to one file changes the diagnostics of others.
    public var interFileDependencies: Bool
    /// Whether the server answers `workspace/diagnostic`.
    public var workspaceDiagnostics: Bool

    public init(identifier: String? = nil, interFileDependencies: Bool, workspaceDiagnostics: Bool) {
        self.identifier = identifier
        self.interFileDependencies = interFileDependencies
        self.workspaceDiagnostics = workspaceDiagnostics
    }
}
