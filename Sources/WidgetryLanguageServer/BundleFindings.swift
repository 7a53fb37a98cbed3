import Foundation
import WidgetryDiagnostics
import WidgetryLanguageServerProtocol
import WidgetryLint

/// One finding of lint as the server keeps it: the project's diagnostic (its fix-its and code)
/// and the protocol's, placed in the text it was made of.
struct Finding: Sendable {
    var source: WidgetryDiagnostics.Diagnostic
    var diagnostic: WidgetryLanguageServerProtocol.Diagnostic
}

/// What one lint of a bundle found, by file: each file with findings, with the text they were
/// made of (the editor's, or the disk's), so that ranges and fix-its convert in that text.
struct BundleFindings: Sendable {
    /// One file's findings.
    struct File: Sendable {
        var uri: DocumentUri
        /// The text the findings were made of.
        var text: TextDocument
        var findings: [Finding]
    }

    /// The bundle's folder.
    var root: String
    /// Which lint this is: lints are numbered in the order they start, across bundles.
    var generation: Int
    /// The files with findings, by absolute path.
    var files: [String: File]
    /// The absolute path of each file as findings name it, kept for the next lint's findings.
    var paths: [String: String] = [:]
    /// The bundle as the lint read it, with the open documents' contents; nil when it could not
    /// be read (a document that is no JSON as it is typed).
    var context: LintContext?

    /// The id of this set of diagnostics, for pulled diagnostics.
    var resultId: String { "\(generation)" }

    init(root: String, generation: Int, files: [String: File]) {
        self.root = root
        self.generation = generation
        self.files = files
    }

    /// The findings of `report` by file; the texts are those of `documents` (open in the editor,
    /// by path), else those the report quotes, else the disk's. A file whose findings and text
    /// are those `earlier` holds takes its converted diagnostics from there.
    init(root: String, generation: Int, report: DiagnosticReport, documents: [String: TextDocument], reusing earlier: BundleFindings? = nil) {
        self.root = root
        self.generation = generation
        var grouped: [String: [WidgetryDiagnostics.Diagnostic]] = [:]
        var shownAs: [String: String] = [:]
        var paths = earlier?.paths ?? [:]
        // The findings come sorted by file: each run of one file's is placed once.
        var start = report.diagnostics.startIndex
        while start < report.diagnostics.endIndex {
            let file = report.diagnostics[start].file
            var end = start + 1
            while end < report.diagnostics.endIndex, report.diagnostics[end].file == file { end += 1 }
            let path = paths[file] ?? Self.path(of: file, root: root)
            // Where a finding about the whole bundle goes depends on the manifest on the disk.
            if path != root + "/Info.json", path != root + "/Info.plist" { paths[file] = path }
            grouped[path, default: []] += report.diagnostics[start..<end]
            shownAs[path] = shownAs[path] ?? file
            start = end
        }
        var files: [String: File] = [:]
        files.reserveCapacity(grouped.count)
        for (path, findings) in grouped {
            let document = documents[path]
            let kept = earlier?.files[path]
            let uri = document?.uri ?? kept?.uri ?? FileURI.uri(of: path)
            let bytes = document?.bytes ?? Self.bytes(of: path, quoted: shownAs[path].flatMap { report.sources[$0] })
            if var file = kept, file.uri == uri, file.text.bytes == bytes, file.findings.lazy.map(\.source).elementsEqual(findings) {
                if let document { file.text = document }
                files[path] = file
                continue
            }
            let text = document ?? TextDocument(uri: uri, languageId: "json", version: 0, text: String(decoding: bytes, as: UTF8.self))
            files[path] = File(uri: uri, text: text, findings: findings.map { Finding(source: $0, diagnostic: Self.convert($0, in: text)) })
        }
        self.files = files
        self.paths = paths
    }

    /// The absolute path of a file as a finding names it: relative to the working directory
    /// (under the bundle's display prefix) or absolute; a finding about the bundle as a whole is
    /// placed on its manifest.
    static func path(of file: String, root: String) -> String {
        let path = FileURI.standardized(file.isEmpty ? root : file)
        guard path == root else { return path }
        let plist = root + "/" + "Info.plist"
        return FileManager.default.fileExists(atPath: root + "/Info.json") || !FileManager.default.fileExists(atPath: plist) ? root + "/Info.json" : plist
    }

    /// The text of a file lint quoted, else the disk's (nothing when it cannot be read).
    private static func bytes(of path: String, quoted: SourceText?) -> [UInt8] {
        if let quoted { return quoted.bytes }
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= 64 << 20 else { return [] }
        return FileManager.default.contents(atPath: path).map { Array($0) } ?? []
    }

    /// The protocol's diagnostic of a finding in `text`: its range in UTF-16, its code with a
    /// link to its documentation, the hint after the message, the notes as related
    /// information at the finding's own range.
    static func convert(_ finding: WidgetryDiagnostics.Diagnostic, in text: TextDocument) -> WidgetryLanguageServerProtocol.Diagnostic {
        let range = text.range(of: finding.place)
        let code = finding.code.description
        let severity: DiagnosticSeverity = switch finding.severity {
        case .error: .error
        case .warning: .warning
        case .note: .information
        }
        let related = finding.notes.map { DiagnosticRelatedInformation(location: Location(uri: text.uri, range: range), message: $0) }
        return WidgetryLanguageServerProtocol.Diagnostic(
            range: range, severity: severity, code: .string(code),
            codeDescription: CodeExplanation(code)?.helpURI.map(CodeDescription.init(href:)), source: "widgetry",
            message: finding.message + (finding.hint.map { "\nhint: \($0)" } ?? ""),
            relatedInformation: related.isEmpty ? nil : related)
    }
}
