import WidgetryLanguageServerProtocol

extension LanguageServer {
    /// `textDocument/diagnostic`: the document's findings as of the last change (waiting for a
    /// lint that is running), or `unchanged` when they are those of the result id the client
    /// sent. A document open outside any bundle has none.
    func documentDiagnostics(_ params: DocumentDiagnosticParams) async throws -> DocumentDiagnosticReport {
        let path = try FileURI.requirePath(of: params.textDocument.uri)
        guard let root = bundle(holding: path) else {
            guard documents[path] != nil else {
                throw ResponseError.refusal(.unknownDocument, "\(params.textDocument.uri) is neither open nor a file of a bundle of the workspace",
                                            hint: "open the document first (textDocument/didOpen), or name a file of a bundle folder")
            }
            return .full(FullDocumentDiagnosticReport(items: []))
        }
        let result = await currentFindings(root)
        if params.previousResultId == result.resultId { return .unchanged(UnchangedDocumentDiagnosticReport(resultId: result.resultId)) }
        return .full(FullDocumentDiagnosticReport(resultId: result.resultId, items: result.files[path]?.findings.map(\.diagnostic) ?? []))
    }

    /// `workspace/diagnostic`: for every bundle of the workspace, a report of each file with
    /// findings, and an empty one for each file the client holds a report of that has none now;
    /// `unchanged` for a file whose result id the client sent is still current.
    func workspaceDiagnostics(_ params: WorkspaceDiagnosticParams) async -> WorkspaceDiagnosticReport {
        let previous = Dictionary(params.previousResultIds.compactMap { id in FileURI.path(of: id.uri).map { ($0, id.value) } },
                                  uniquingKeysWith: { _, last in last })
        var items: [WorkspaceDocumentDiagnosticReport] = []
        for root in bundles {
            let result = await currentFindings(root)
            let held = previous.keys.filter { $0.hasPrefix(root + "/") }
            for path in Set(result.files.keys).union(held).sorted() {
                let file = result.files[path]
                let uri = documents[path]?.uri ?? file?.uri ?? FileURI.uri(of: path)
                let report: DocumentDiagnosticReport = previous[path] == result.resultId
                    ? .unchanged(UnchangedDocumentDiagnosticReport(resultId: result.resultId))
                    : .full(FullDocumentDiagnosticReport(resultId: result.resultId, items: file?.findings.map(\.diagnostic) ?? []))
                items.append(WorkspaceDocumentDiagnosticReport(uri: uri, version: documents[path]?.version, report: report))
            }
        }
        return WorkspaceDiagnosticReport(items: items)
    }
}
