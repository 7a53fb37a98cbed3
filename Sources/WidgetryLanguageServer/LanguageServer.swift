public import WidgetryLanguageServerProtocol
import WidgetryDiagnostics
import WidgetryBundle
import WidgetryJSON
import WidgetryLint

/// The language server of Widgetry bundles: one more client of the lint session, working on
/// the editor's unsaved contents. It keeps the documents the client has open, finds the bundles
/// of the workspace, lints the bundle of a document on every change with the open documents'
/// contents over the disk's, and answers from the findings: diagnostics pushed and pulled, quick
/// fixes from fix-its, the explanation of a code on hover, and completion of the names a
/// bundle defines.
///
/// A change is linted before the connection takes the next message (the connection finishes a
/// notification's handler first), so a request that follows a change is answered from the
/// findings of the text it was made for, and what the server sends is the same on every run.
public actor LanguageServer {
    let connection: Connection
    let limits: ServerLimits
    /// The folders of the workspace, and the bundles found in them or above an opened document.
    var workspaceFolders: [String] = []
    var bundles: [String] = []
    /// The documents the client has open, by absolute path.
    var documents: [String: TextDocument] = [:]
    /// The last findings of each bundle, by its folder.
    var findings: [String: BundleFindings] = [:]
    /// What the client was last told of each file of each bundle that has findings.
    var published: [String: [String: Publication]] = [:]
    /// The lint session of each bundle, which keeps per-screen work from one lint to the next.
    private var sessions: [String: IncrementalLintSession] = [:]
    /// The lint of each bundle that is running, which the next lint of it and pulls wait for.
    private var running: [String: Task<BundleFindings, Never>] = [:]
    private var nextGeneration = 1
    /// What each bundle defines (actions, entities), read for completion once per lint.
    var definitions: [String: BundleDefinitions] = [:]
    /// Whether the client lets the server register file watchers.
    var canRegisterWatchers = false
    /// Whether the client takes ``LocationLink``s as the answer to a definition request.
    var definitionLinks = false
    /// How completion items' documentation is written: Markdown when the client takes it.
    var completionDocumentation = MarkupKind.plaintext

    /// A server answering on `connection`; ``register()`` installs its handlers.
    public init(connection: Connection, limits: ServerLimits = ServerLimits()) {
        self.connection = connection
        self.limits = limits
    }

    /// Serves one client over `input` and `output` (standard input and output for `widgetry
    /// lsp`) until `exit` or the input's end, and gives the exit code the protocol asks for.
    public static func serve<Input: AsyncSequence & Sendable>(input: Input, output: any MessageOutput,
                                                               limits: ServerLimits = ServerLimits()) async -> Int32 where Input.Element == [UInt8] {
        let connection = Connection(output: output)
        let server = LanguageServer(connection: connection, limits: limits)
        await server.register()
        return await connection.run(input: input)
    }

    // MARK: Linting

    /// Lints the bundle at `root` with the open documents' contents (after any lint of it still
    /// running), keeps the findings and tells the client of every file whose diagnostics it
    /// holds or held.
    func lintAndPublish(_ root: String) async {
        await publish(await lint(root))
    }

    /// Lints the bundle at `root` with the open documents' contents, after any lint of it still
    /// running; the findings are kept unless a later lint's already are. The bundle's session
    /// works out again only what changed since its last lint, and the files whose findings and
    /// text are those of the last lint keep their converted diagnostics.
    func lint(_ root: String) async -> BundleFindings {
        let generation = nextGeneration
        nextGeneration += 1
        let open = documents.filter { $0.key.hasPrefix(root + "/") }
        let limit = limits.maximumDocumentBytes
        let overrides = open.filter { $0.value.bytes.count <= limit }.mapValues(\.bytes)
        let previous = running[root]
        let kept = findings[root]
        let session = sessions[root] ?? IncrementalLintSession(root: root)
        sessions[root] = session
        let task = Task.detached { () -> BundleFindings in
            let earlier = await previous?.value ?? kept
            let (outcome, context) = await session.lintAndRead(fileSystem: BundleFileSystem(overriding: overrides))
            var result = BundleFindings(root: root, generation: generation, report: outcome.report, documents: open.filter { $0.value.bytes.count <= limit },
                                        reusing: earlier)
            result.context = context
            for (path, document) in open where document.bytes.count > limit {
                result.files[path] = Self.tooLarge(document, path: path, limit: limit)
            }
            return result
        }
        running[root] = task
        let result = await task.value
        if running[root] == task { running[root] = nil }
        if (findings[root]?.generation ?? 0) < generation {
            findings[root] = result
            definitions[root] = nil
        }
        return findings[root] ?? result
    }

    /// The findings of the bundle at `root` as of now: those of the lint running, else the last,
    /// else a new lint's.
    func currentFindings(_ root: String) async -> BundleFindings {
        if let task = running[root] {
            let result = await task.value
            if let kept = findings[root], kept.generation >= result.generation { return kept }
            return result
        }
        if let kept = findings[root] { return kept }
        return await lint(root)
    }

    /// What the client was told of a file: its diagnostics, for the version of the document.
    struct Publication: Equatable {
        var version: Int?
        var diagnostics: [WidgetryLanguageServerProtocol.Diagnostic]
    }

    /// Sends `publishDiagnostics`, in path order, for every file of the bundle whose
    /// diagnostics (or, with findings, its document's version) differ from what the client was
    /// last told: files with new findings, with other findings, and with none any more (to
    /// clear them).
    func publish(_ result: BundleFindings) async {
        var told = published[result.root] ?? [:]
        for path in Set(result.files.keys).union(told.keys).sorted() {
            let file = result.files[path]
            let publication = Publication(version: documents[path]?.version, diagnostics: file?.findings.map(\.diagnostic) ?? [])
            guard publication != told[path] ?? Publication(version: publication.version, diagnostics: []) else { continue }
            told[path] = publication.diagnostics.isEmpty ? nil : publication
            let uri = documents[path]?.uri ?? file?.uri ?? FileURI.uri(of: path)
            let params = PublishDiagnosticsParams(uri: uri, version: publication.version, diagnostics: publication.diagnostics)
            try? await connection.send(PublishDiagnosticsNotification.self, params)
        }
        published[result.root] = told
    }

    /// The cache the lints of the bundle at `root` read through, for other reads of it.
    func readCache(of root: String) -> BundleReadCache? {
        sessions[root]?.readCache
    }

    /// Clears what the client was told of a bundle that is gone.
    func forget(_ root: String) async {
        bundles.removeAll { $0 == root }
        findings[root] = nil
        sessions[root] = nil
        definitions[root] = nil
        await publish(BundleFindings(root: root, generation: 0, files: [:]))
    }

    /// The findings of a document too large to work on: one, at its start.
    private static func tooLarge(_ document: TextDocument, path: String, limit: Int) -> BundleFindings.File {
        let finding = WidgetryDiagnostics.Diagnostic(
            code: LanguageServerCode.documentTooLarge.diagnosticCode, severity: .error,
            place: DiagnosticLocation(file: path, start: SourceLocation(offset: 0, line: 1, column: 1)),
            message: "the document has \(document.bytes.count) bytes, more than the \(limit) the language server works on",
            hint: "its bundle is checked with the file as the disk has it; run widgetry lint on the bundle to check this file")
        let empty = TextDocument(uri: document.uri, languageId: document.languageId, version: document.version, text: "")
        return BundleFindings.File(uri: document.uri, text: empty, findings: [Finding(source: finding, diagnostic: BundleFindings.convert(finding, in: empty))])
    }

    // MARK: Documents

    /// The bundle that holds `path`, among those known or found above it (then known).
    func bundle(holding path: String) -> String? {
        guard let root = BundleFinder.bundle(holding: path, known: bundles) else { return nil }
        if !bundles.contains(root) { bundles = (bundles + [root]).sorted() }
        return root
    }

    /// The text of the document `uri` names, for a request about it: the editor's when it is
    /// open, else the disk's for a file of a bundle; refused when unknown or too large.
    func document(_ uri: DocumentUri) throws(ResponseError) -> (path: String, text: TextDocument) {
        let path = try FileURI.requirePath(of: uri)
        if let open = documents[path] {
            guard open.bytes.count <= limits.maximumDocumentBytes else {
                throw .refusal(.documentTooLarge, "\(uri) has \(open.bytes.count) bytes, more than the \(limits.maximumDocumentBytes) the language server works on",
                               hint: "split the file, or check it with widgetry lint")
            }
            return (path, open)
        }
        guard bundle(holding: path) != nil, let bytes = try? BoundedFile.bytes(of: path, limit: limits.maximumDocumentBytes) else {
            throw .refusal(.unknownDocument, "\(uri) is neither open nor a file of a bundle of the workspace",
                           hint: "open the document first (textDocument/didOpen), or name a file of a bundle folder")
        }
        return (path, TextDocument(uri: uri, languageId: "json", version: 0, text: String(decoding: bytes, as: UTF8.self)))
    }

    /// `position`, refused when it is not in `text`.
    static func check(_ position: Position, in text: TextDocument) throws(ResponseError) {
        guard text.contains(position) else {
            throw .refusal(.positionOutOfRange, "line \(position.line), character \(position.character) is not in \(text.uri), which has \(text.lineCount) lines",
                           hint: "positions are 0-based lines and UTF-16 code units within the line, as the document was last changed")
        }
    }

    /// Tells the client's log of a notification the server could not follow.
    func log(_ code: LanguageServerCode, _ message: String) async {
        try? await connection.send(LogMessageNotification.self, LogMessageParams(type: .error, message: "\(message) [\(code.rawValue)]"))
    }
}
