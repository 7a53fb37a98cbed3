import WidgetryLanguageServerProtocol

extension LanguageServer {
    /// The server's capabilities: incremental sync, diagnostics pushed and pulled, quick fixes
    /// and fix-all, hover and completion, definition, references, rename and document symbols,
    /// positions in UTF-16, workspace folders added and removed.
    static let capabilities = ServerCapabilities(
        positionEncoding: .utf16,
        textDocumentSync: TextDocumentSyncOptions(openClose: true, change: .incremental, save: true),
        completionProvider: CompletionOptions(triggerCharacters: ["\"", "."]),
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        documentSymbolProvider: true,
        codeActionProvider: CodeActionOptions(codeActionKinds: [.quickFix, CodeActions.fixAllKind]),
        renameProvider: RenameOptions(prepareProvider: true),
        diagnosticProvider: DiagnosticOptions(identifier: "widgetry", interFileDependencies: true, workspaceDiagnostics: true),
        workspace: WorkspaceServerCapabilities(workspaceFolders: WorkspaceFoldersServerCapabilities(supported: true, changeNotifications: true)))

    /// Installs the handlers of every method the server answers on its connection.
    public func register() async {
        await connection.onRequest(InitializeRequest.self) { params, _ in await self.initialize(params) }
        await connection.onNotification(InitializedNotification.self) { _ in await self.initialized() }
        await connection.onNotification(DidOpenTextDocumentNotification.self) { await self.didOpen($0) }
        await connection.onNotification(DidChangeTextDocumentNotification.self) { await self.didChange($0) }
        await connection.onNotification(DidSaveTextDocumentNotification.self) { await self.didSave($0) }
        await connection.onNotification(DidCloseTextDocumentNotification.self) { await self.didClose($0) }
        await connection.onNotification(DidChangeWatchedFilesNotification.self) { await self.didChangeWatchedFiles($0) }
        await connection.onNotification(DidChangeWorkspaceFoldersNotification.self) { await self.didChangeWorkspaceFolders($0) }
        await connection.onRequest(DocumentDiagnosticRequest.self) { params, _ in try await self.documentDiagnostics(params) }
        await connection.onRequest(WorkspaceDiagnosticRequest.self) { params, _ in await self.workspaceDiagnostics(params) }
        await connection.onRequest(CodeActionRequest.self) { params, _ in try await self.codeActions(params) }
        await connection.onRequest(HoverRequest.self) { params, _ in try await self.hover(params) }
        await connection.onRequest(CompletionRequest.self) { params, _ in try await self.completion(params) }
        await connection.onRequest(DefinitionRequest.self) { params, _ in try await self.definition(params) }
        await connection.onRequest(ReferencesRequest.self) { params, _ in try await self.references(params) }
        await connection.onRequest(PrepareRenameRequest.self) { params, _ in try await self.prepareRename(params) }
        await connection.onRequest(RenameRequest.self) { params, _ in try await self.rename(params) }
        await connection.onRequest(DocumentSymbolRequest.self) { params, _ in try await self.documentSymbols(params) }
    }

    // MARK: Lifecycle

    private func initialize(_ params: InitializeParams) -> InitializeResult {
        let folders = params.workspaceFolders?.map(\.uri) ?? params.rootUri.map { [$0] } ?? []
        workspaceFolders = folders.compactMap(FileURI.path(of:))
        bundles = BundleFinder.bundles(in: workspaceFolders, limit: limits.maximumFoldersSearched)
        canRegisterWatchers = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration == true
        definitionLinks = params.capabilities.textDocument?.definition?.linkSupport == true
        if params.capabilities.textDocument?.completion?.completionItem?.documentationFormat?.contains(.markdown) == true {
            completionDocumentation = .markdown
        }
        return InitializeResult(capabilities: Self.capabilities, serverInfo: ServerInfo(name: "widgetry"))
    }

    /// Lints every bundle of the workspace, and asks the client to watch their files when it
    /// lets the server ask (without waiting for its answer, so that messages go on).
    private func initialized() async {
        if canRegisterWatchers {
            let connection = connection
            // DidChangeWatchedFilesRegistrationOptions: every file of the workspace.
            let options = LSPAny.object(["watchers": .array([.object(["globPattern": .string("**/*")])])])
            Task {
                _ = try? await connection.sendRequest(RegisterCapabilityRequest.self, RegistrationParams(registrations: [
                    Registration(id: "widgetry-watched-files", method: DidChangeWatchedFilesNotification.method, registerOptions: options),
                ]))
            }
        }
        for root in bundles { await lintAndPublish(root) }
    }

    // MARK: Documents

    private func didOpen(_ params: DidOpenTextDocumentParams) async {
        guard let path = FileURI.path(of: params.textDocument.uri) else {
            return await log(.unsupportedURI, "textDocument/didOpen: \(params.textDocument.uri) is not a file: URI")
        }
        documents[path] = TextDocument(params.textDocument)
        if let root = bundle(holding: path) { await lintAndPublish(root) }
    }

    /// Applies the changes in order; a change whose range is not in the text as the changes
    /// before left it refuses them all, so the document stays as it was, and the log says so.
    private func didChange(_ params: DidChangeTextDocumentParams) async {
        let uri = params.textDocument.uri
        guard let path = FileURI.path(of: uri), var document = documents[path] else {
            return await log(.unknownDocument, "textDocument/didChange: \(uri) is not open; the change is ignored")
        }
        for (index, change) in params.contentChanges.enumerated() {
            if let range = change.range, !(document.contains(range.start) && document.contains(range.end) && range.start <= range.end) {
                return await log(.positionOutOfRange, "textDocument/didChange: change \(index + 1) of version \(params.textDocument.version) of \(uri) "
                                 + "replaces \(range.start.line):\(range.start.character)-\(range.end.line):\(range.end.character), "
                                 + "which is not in the text; the document stays at version \(document.version): close and open it again")
            }
            document.apply([change], version: params.textDocument.version)
        }
        documents[path] = document
        if let root = bundle(holding: path) { await lintAndPublish(root) }
    }

    private func didSave(_ params: DidSaveTextDocumentParams) async {
        guard let path = FileURI.path(of: params.textDocument.uri), let root = bundle(holding: path) else { return }
        await lintAndPublish(root)
    }

    /// Forgets the document: its file is the disk's again, and its bundle is linted so.
    private func didClose(_ params: DidCloseTextDocumentParams) async {
        guard let path = FileURI.path(of: params.textDocument.uri), documents.removeValue(forKey: path) != nil else {
            return await log(.unknownDocument, "textDocument/didClose: \(params.textDocument.uri) is not open")
        }
        if let root = bundle(holding: path) { await lintAndPublish(root) }
    }

    /// Lints again every bundle a changed file belongs to; a manifest created or deleted makes
    /// the server look for the workspace's bundles again, and forget those that are gone.
    private func didChangeWatchedFiles(_ params: DidChangeWatchedFilesParams) async {
        let paths = params.changes.compactMap { FileURI.path(of: $0.uri) }
        var affected = Set(paths.compactMap { bundle(holding: $0) })
        if paths.contains(where: { $0.hasSuffix("/Info.json") || $0.hasSuffix("/Info.plist") }) {
            let found = BundleFinder.bundles(in: workspaceFolders, limit: limits.maximumFoldersSearched)
            let opened = bundles.filter { root in !found.contains(root) && BundleFinder.isBundleFolder(root) }
            for gone in bundles where !found.contains(gone) && !opened.contains(gone) {
                affected.remove(gone)
                await forget(gone)
            }
            bundles = (found + opened).sorted()
            affected.formUnion(found.filter { findings[$0] == nil })
        }
        for root in affected.sorted() { await lintAndPublish(root) }
    }

    /// Takes the folders added to the workspace and lints the bundles found in them; forgets the
    /// bundles no folder holds any more (those an open document is in stay), clearing their
    /// diagnostics.
    private func didChangeWorkspaceFolders(_ params: DidChangeWorkspaceFoldersParams) async {
        let removed = Set(params.event.removed.compactMap { FileURI.path(of: $0.uri) })
        let added = params.event.added.compactMap { FileURI.path(of: $0.uri) }
        workspaceFolders = workspaceFolders.filter { !removed.contains($0) } + added.filter { !workspaceFolders.contains($0) }
        let found = BundleFinder.bundles(in: workspaceFolders, limit: limits.maximumFoldersSearched)
        let open = { (root: String) in self.documents.keys.contains { $0.hasPrefix(root + "/") } }
        for gone in bundles where !found.contains(gone) && !open(gone) {
            await forget(gone)
        }
        bundles = Set(bundles + found).sorted()
        for root in found where findings[root] == nil { await lintAndPublish(root) }
    }
}
