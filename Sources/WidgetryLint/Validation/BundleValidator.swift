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

    /// Validates the bundle folder at `directory`.
    ///
    /// - Parameter displayPrefix: put before each file's relative path in findings (the folder
    ///   as the user named it, ending in `/`).
    /// - Throws: ``BundleError`` when the folder is not a bundle or a file cannot be read.
    public func validate(directory: String, displayPrefix: String = "") throws(BundleError) -> Outcome {
        validate(try BundleJSONFiles(directory: directory, displayPrefix: displayPrefix))
    }

    /// Validates files already read.
    public func validate(_ bundle: BundleJSONFiles) -> Outcome {
        let testsFolder = bundle.rootPath + "/" + BundleFileName.testsFolder
        // Files are checked on every core, and their findings gathered in file order.
        let checked = bundle.files.concurrentMap { file in check(file, testsFolder: testsFolder) }
        var report = DiagnosticReport()
        var skipped: [String] = []
        for index in bundle.files.indices {
            guard let findings = checked[index] else {
                skipped.append(bundle.files[index].displayPath)
                continue
            }
            report.diagnostics += findings
            report.files.append(bundle.files[index].displayPath)
            report.sources[bundle.files[index].displayPath] = bundle.files[index].source
        }
        report.diagnostics += notAScreen(bundle)
        report.diagnostics.sort()
        return Outcome(report: report, skippedFiles: skipped)
    }

    /// The findings of one file of a bundle: its syntax error, or what its kind's schema (and,
    /// for a scenario, the paths it names) says of it; nil for a file no schema covers.
    ///
    /// A file the schema passes on its tape has no findings; only the others are parsed with
    /// locations and validated again to say what is wrong and where.
    private func check(_ file: BundleJSONFiles.File, testsFolder: String) -> [Diagnostic]? {
        if let tape = file.tape {
            guard let kind = file.kind, let schema = schemas.schema(for: kind) else { return nil }
            if kind != .scenario, schema.isValid(tape) == true { return [] }
        }
        switch file.parse() {
        case .failure(let error):
            return [Diagnostic(error, file: file.displayPath)]
        case .success(let document):
            guard let kind = file.kind, let schema = schemas.schema(for: kind) else { return nil }
            var findings = diagnostics(for: document, schema: schema, file: file.displayPath)
            if kind == .scenario {
                findings += ScenarioPaths.escapes(in: document, file: file.displayPath, testsFolder: testsFolder)
            }
            return findings
        }
    }

    /// A top-level `X.json` that the entry screen or a segue opens but that is not a screen
    /// (``NotAScreen``): an error at the file. Read from the tapes; only a file found to be
    /// opened but not a screen is parsed, for the finding's place.
    private func notAScreen(_ bundle: BundleJSONFiles) -> [Diagnostic] {
        let topLevel = bundle.files.filter { !$0.path.contains("/") && $0.tape != nil }
        var segues: [NotAScreen.Segue] = []
        var entryScreen: String?
        for file in topLevel {
            guard let tape = file.tape else { continue }
            if file.path == BundleFileName.jsonManifest { entryScreen = tape.stringMember("entryScreen", of: tape.root) }
            let name = String(file.path.dropLast(".json".count))
            guard let screen = tape.member(name, of: tape.root), let declared = tape.member("segues", of: screen),
                tape.kind(of: declared) == .object
            else { continue }
            var key = tape.firstChild(of: declared)
            for _ in 0..<tape.count(of: declared) {
                if let destination = tape.stringMember("destination", of: key + 1) {
                    segues.append(NotAScreen.Segue(screen: name, name: tape.string(at: key), destination: destination))
                }
                key = tape.after(key + 1)
            }
        }
        let openers = NotAScreen.openers(entryScreen: entryScreen, segues: segues)
        return topLevel.compactMap { file -> Diagnostic? in
            let name = String(file.path.dropLast(".json".count))
            guard let tape = file.tape, let by = openers[name], tape.member(name, of: tape.root) == nil,
                case .success(let document) = file.parse(),
                let finding = NotAScreen.finding(path: file.path, root: document.root, openedBy: by)
            else { return nil }
            var diagnostic = finding.diagnostic(severity: .error)
            diagnostic.file = file.displayPath
            return diagnostic
        }
    }

    /// Validates one JSON file on its own (`widgetry validate Feed.json`, or standard input):
    /// `bytes` named `file`, of the kind `kindName` names (``BundleFileKind/named(_:root:)``), or
    /// of the kind its name says (``BundleFileKind/classify(path:root:)`` on the file's name; a
    /// screen file is then `X.json` holding `X`). No kind named and a name that says nothing:
    /// the file is skipped.
    public func validate(file: String, bytes: [UInt8], kindName: String?) -> Outcome {
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
            report.diagnostics = diagnostics(for: document, kind: kind, file: file).sorted()
        } catch {
            report.sources[file] = SourceText(fileName: file, bytes: bytes)
            report.diagnostics = [Diagnostic(error, file: file)]
        }
        return Outcome(report: report, skippedFiles: [])
    }

    /// The findings of one parsed file against the schema for `kind`; empty when there is none.
    public func diagnostics(for document: JSONDocument, kind: BundleFileKind, file: String) -> [Diagnostic] {
        guard let schema = schemas.schema(for: kind) else { return [] }
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
