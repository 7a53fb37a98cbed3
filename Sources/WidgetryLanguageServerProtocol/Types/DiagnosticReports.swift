/// The answer to `textDocument/diagnostic`: every diagnostic of the document (`"kind": "full"`),
/// or word that they did not change since the result id the client sent (`"kind": "unchanged"`).
/// Either may carry the reports of related documents (the screens a service file's change
/// touches).
public enum DocumentDiagnosticReport: Codable, Hashable, Sendable {
    case full(FullDocumentDiagnosticReport)
    case unchanged(UnchangedDocumentDiagnosticReport)

    public init(from decoder: any Decoder) throws {
        switch try decoder.container(keyedBy: KindKey.self).decode(String.self, forKey: .kind) {
        case "full": self = .full(try FullDocumentDiagnosticReport(from: decoder))
        case "unchanged": self = .unchanged(try UnchangedDocumentDiagnosticReport(from: decoder))
        case let kind:
            throw DecodingError.dataCorrupted(.init(codingPath: [KindKey.kind], debugDescription: "unknown report kind \(kind)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .full(let report): try report.encode(to: encoder)
        case .unchanged(let report): try report.encode(to: encoder)
        }
    }
}

/// Every diagnostic of a document, with the result id that names this set of them.
public struct FullDocumentDiagnosticReport: Codable, Hashable, Sendable {
    public var resultId: String?
    public var items: [Diagnostic]
    /// Reports of other documents this one's contents affect, by URI.
    public var relatedDocuments: [DocumentUri: DocumentDiagnosticReport]?

    public init(resultId: String? = nil, items: [Diagnostic], relatedDocuments: [DocumentUri: DocumentDiagnosticReport]? = nil) {
        self.resultId = resultId
        self.items = items
        self.relatedDocuments = relatedDocuments
    }

    private enum CodingKeys: String, CodingKey {
        case kind, resultId, items, relatedDocuments
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        resultId = try container.decodeIfPresent(String.self, forKey: .resultId)
        items = try container.decode([Diagnostic].self, forKey: .items)
        relatedDocuments = try container.decodeIfPresent([DocumentUri: DocumentDiagnosticReport].self, forKey: .relatedDocuments)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("full", forKey: .kind)
        try container.encodeIfPresent(resultId, forKey: .resultId)
        try container.encode(items, forKey: .items)
        try container.encodeIfPresent(relatedDocuments, forKey: .relatedDocuments)
    }
}

/// Word that a document's diagnostics are still those of `resultId`.
public struct UnchangedDocumentDiagnosticReport: Codable, Hashable, Sendable {
    public var resultId: String
    public var relatedDocuments: [DocumentUri: DocumentDiagnosticReport]?

    public init(resultId: String, relatedDocuments: [DocumentUri: DocumentDiagnosticReport]? = nil) {
        self.resultId = resultId
        self.relatedDocuments = relatedDocuments
    }

    private enum CodingKeys: String, CodingKey {
        case kind, resultId, relatedDocuments
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        resultId = try container.decode(String.self, forKey: .resultId)
        relatedDocuments = try container.decodeIfPresent([DocumentUri: DocumentDiagnosticReport].self, forKey: .relatedDocuments)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("unchanged", forKey: .kind)
        try container.encode(resultId, forKey: .resultId)
        try container.encodeIfPresent(relatedDocuments, forKey: .relatedDocuments)
    }
}

/// The answer to `workspace/diagnostic`: a report for each document.
public struct WorkspaceDiagnosticReport: Codable, Hashable, Sendable {
    public var items: [WorkspaceDocumentDiagnosticReport]

    public init(items: [WorkspaceDocumentDiagnosticReport]) {
        self.items = items
    }
}

/// One document's report in a ``WorkspaceDiagnosticReport``: a full or unchanged report with the
/// document's URI and the version it was made for (`null` for a file the editor has not open).
public struct WorkspaceDocumentDiagnosticReport: Codable, Hashable, Sendable {
    public var uri: DocumentUri
    public var version: Int?
    public var report: DocumentDiagnosticReport

    public init(uri: DocumentUri, version: Int?, report: DocumentDiagnosticReport) {
        self.uri = uri
        self.version = version
        self.report = report
    }

    private enum CodingKeys: String, CodingKey {
        case uri, version
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uri = try container.decode(DocumentUri.self, forKey: .uri)
        version = try container.decodeIfPresent(Int.self, forKey: .version)
        report = try DocumentDiagnosticReport(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uri, forKey: .uri)
        if let version { try container.encode(version, forKey: .version) } else { try container.encodeNil(forKey: .version) }
    }
}
