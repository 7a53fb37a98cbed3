import Foundation
public import WidgetryBundle
public import WidgetryJSON
public import WidgetrySchema

/// Checks every JSON file of a bundle against the schema of its kind (`widgetry validate`).
///
/// Each ``SchemaViolation`` becomes a ``Diagnostic`` whose rule is the violation's code
/// (`schema.additional-property`), and a file that is not valid JSON is one finding with the
/// parser's code (`json.trailing-comma`). JSON files no schema covers are listed as skipped.
/// The schemas are compiled once (``BundleSchemas``); a validator may be shared between tasks.
public struct BundleValidator: Sendable {
    /// What validating one bundle found.
    public struct Outcome: Sendable {
        /// The findings, sorted, with every checked file and its source.
        public var report: DiagnosticReport
        /// JSON files no schema covers, as findings would name them.
        public var skippedFiles: [String]
    }

    public let schemas: BundleSchemas

    public init(schemas: BundleSchemas) {
        self.schemas = schemas
    }

    /// A validator with the bundled schemas (compiled on first use).
    public init() throws(SchemaError) {
        self.init(schemas: try BundleSchemas.shared())
    }

    /// Validates the bundle folder at `directory`: each file is read, checked and let go on the
    /// core that read it, so a bundle of any size holds one file per core.
    ///
    /// - Parameters:
    ///   - displayPrefix: put before each file's relative path in findings (the folder as the
    ///     user named it, ending in `/`).
    ///   - fileSystem: where the files are read (the disk, or some files' contents in memory).
    ///   - dialect: the dialect the bundle is written in (`--dialect`); nil to find it as loading
    ///     does (``DialectDetection``). A Graffiti bundle's screens follow Graffiti's schema.
    /// - Throws: ``BundleError`` when the folder is not a bundle or a file cannot be read.
    public func validate(directory: String, displayPrefix: String = "", fileSystem: BundleFileSystem = .disk,
                         dialect: Dialect? = nil) throws(BundleError) -> Outcome {
        let testsFolder = BundleJSONFiles.rootPath(of: directory) + "/" + BundleFileName.testsFolder
        let dialect = dialect ?? DialectDetection.detect(directory: directory, fileSystem: fileSystem).dialect
        let read = try BundleJSONFiles.read(directory: directory, displayPrefix: displayPrefix, fileSystem: fileSystem) { file in
            CheckedFile(file, findings: check(file, testsFolder: testsFolder, dialect: dialect))
        }
        return outcome(read.results, imageSets: ImageSetPaths.escapes(root: read.rootPath, displayPrefix: displayPrefix, fileSystem: fileSystem))
    }

    /// Validates files already read.
    public func validate(_ bundle: BundleJSONFiles) -> Outcome {
        let testsFolder = bundle.rootPath + "/" + BundleFileName.testsFolder
        let dialect = DialectDetection.detect(directory: bundle.rootPath).dialect
        return outcome(bundle.files.concurrentMap { file in CheckedFile(file, findings: check(file, testsFolder: testsFolder, dialect: dialect)) },
                       imageSets: ImageSetPaths.escapes(root: bundle.rootPath, displayPrefix: bundle.displayPrefix))
    }

    /// What checking one file left: its findings (nil when no schema covers it), what the
    /// not-a-screen check needs (read from the tape while the file is at hand), and the file
    /// itself only when that check may report it.
    private struct CheckedFile: Sendable {
        var displayPath: String
        var source: SourceText
        var findings: [Diagnostic]?
        var facts: NotAScreen.FileFacts?
        /// The manifest's `entryScreen`.
        var entryScreen: String?
        var file: BundleJSONFiles.File?

        init(_ file: BundleJSONFiles.File, findings: [Diagnostic]?) {
            displayPath = file.displayPath
            source = file.source
            self.findings = findings
            facts = file.tape.flatMap { NotAScreen.FileFacts(path: file.path, tape: $0) }
            if file.path == BundleFileName.jsonManifest, let tape = file.tape {
                entryScreen = tape.stringMember("entryScreen", of: tape.root)
            }
            self.file = facts?.isScreen == false ? file : nil
        }
    }

    /// The outcome of the checked files, in file order, with what the image sets name outside the bundle.
    private func outcome(_ checked: [CheckedFile], imageSets: (findings: [Diagnostic], sources: [String: SourceText])) -> Outcome {
        var report = DiagnosticReport()
        report.files.reserveCapacity(checked.count)
        report.sources.reserveCapacity(checked.count)
        var skipped: [String] = []
        for file in checked {
            guard let findings = file.findings else {
                skipped.append(file.displayPath)
                continue
            }
            report.diagnostics += findings
            report.files.append(file.displayPath)
            report.sources[file.displayPath] = file.source
        }
        report.diagnostics += notAScreen(checked)
        report.diagnostics += imageSets.findings
        for (file, source) in imageSets.sources.sorted(by: { $0.key < $1.key }) {
            report.files.append(file)
            report.sources[file] = source
        }
        report.diagnostics.sort()
        return Outcome(report: report, skippedFiles: skipped)
    }

    /// The findings of one file of a bundle: its syntax error, or what its kind's schema (and,
    /// for a scenario, the paths it names) says of it; nil for a file no schema covers.
    ///
    /// A file the schema passes on its tape has no findings; only the others are parsed with
    /// locations and validated again to say what is wrong and where.
    private func check(_ file: BundleJSONFiles.File, testsFolder: String, dialect: Dialect) -> [Diagnostic]? {
        if let tape = file.tape {
            guard let kind = file.kind, let schema = schemas.schema(for: kind, in: dialect) else { return nil }
            if kind != .scenario, schema.isValid(tape) == true { return [] }
        }
        switch file.parse() {
        case .failure(let error):
            return [Diagnostic(error, file: file.displayPath, source: file.source)]
        case .success(let document):
            guard let kind = file.kind, let schema = schemas.schema(for: kind, in: dialect) else { return nil }
            var findings = diagnostics(for: document, schema: schema, file: file.displayPath)
            if kind == .scenario {
                findings += ScenarioPaths.escapes(in: document, file: file.displayPath, testsFolder: testsFolder)
            }
            return findings
        }
    }

    /// A top-level `X.json` that the entry screen or a segue opens but that is not a screen
    /// (``NotAScreen``): an error at the file. Decided from each file's facts; only a file
    /// found opened but not a screen is parsed, for the finding's place.
    private func notAScreen(_ checked: [CheckedFile]) -> [Diagnostic] {
        let entryScreen = checked.lazy.compactMap(\.entryScreen).first
        let found = NotAScreen.find(checked.map(\.facts), entryScreen: entryScreen) { position in
            try? checked[position].file?.parse().get().root
        }
        return found.map { position, finding in
            var diagnostic = finding.diagnostic(severity: .error)
            diagnostic.file = checked[position].displayPath
            return diagnostic
        }
    }

    /// Validates one JSON file on its own (`widgetry validate Feed.json`, or standard input):
    /// `bytes` named `file`, of the kind `kindName` names (``BundleFileKind/named(_:root:)``), or
    /// of the kind its name says (``BundleFileKind/classify(path:root:)`` on the file's name; a
    /// screen file is then `X.json` holding `X`). No kind named and a name that says nothing:
    /// the file is skipped. A screen follows its `dialect`'s schema, found from the file itself
    /// when nil (``DialectDetection/detect(file:)``).
    public func validate(file: String, bytes: [UInt8], kindName: String?, dialect: Dialect? = nil) -> Outcome {
        var report = DiagnosticReport()
        report.files = [file]
        do {
            let document = try JSONParser.parse(bytes, fileName: file)
            report.sources[file] = document.source
            let name = (file as NSString).lastPathComponent
            let fileName = name.hasSuffix(BundleFileName.scenarioSuffix) ? BundleFileName.testsFolder + "/" + name : name
            let named = kindName.flatMap { BundleFileKind.named($0, root: document.root) }
            guard let kind = named ?? BundleFileKind.classify(path: fileName, root: document.root) else {
                return Outcome(report: report, skippedFiles: [file])
            }
            var screenDialect = Dialect.widgetkit
            if case .screen = kind { screenDialect = dialect ?? DialectDetection.detect(file: BundleFile(path: name, document: document)).dialect }
            report.diagnostics = diagnostics(for: document, kind: kind, file: file, dialect: screenDialect).sorted()
        } catch {
            let source = SourceText(fileName: file, bytes: bytes)
            report.sources[file] = source
            report.diagnostics = [Diagnostic(error, file: file, source: source)]
        }
        return Outcome(report: report, skippedFiles: [])
    }

    /// The findings of one parsed file against the schema for `kind` in a bundle of `dialect`;
    /// empty when there is none.
    public func diagnostics(for document: JSONDocument, kind: BundleFileKind, file: String, dialect: Dialect = .widgetkit) -> [Diagnostic] {
        guard let schema = schemas.schema(for: kind, in: dialect) else { return [] }
        return diagnostics(for: document, schema: schema, file: file)
    }

    private func diagnostics(for document: JSONDocument, schema: Schema, file: String) -> [Diagnostic] {
        do {
            return try schema.validate(document.root, file: file).map { Diagnostic($0, in: document, file: file) }
        } catch {
            return [Diagnostic(error, file: file, at: document.root.location)]
        }
    }
}
