import Foundation
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON

/// Problems a command stops on, ready to print: every error a library throws becomes
/// ``Diagnostic``s here, with bundle-relative file names put under the path the person named
/// the bundle by, so every command prints the same `file:line:column: error: message [code]`
/// that an editor can open.
struct ReportedDiagnostics: Error {
    var report: DiagnosticReport
    var exitCode: Int32 = ExitStatus.inputError

    /// `error`'s diagnostics about files named as the person named them; an absolute name is
    /// shown relative to the working directory, and its source is read for the caret line.
    init(_ error: any DiagnosticConvertible, exitCode: Int32 = ExitStatus.inputError) {
        self.init(DiagnosticReport(), exitCode: exitCode)
        for diagnostic in error.diagnostics {
            if diagnostic.file.hasPrefix("/") {
                add(diagnostic, shownAs: DisplayPath.relative(diagnostic.file), readingFrom: diagnostic.file)
            } else {
                add(diagnostic, shownAs: diagnostic.file, readingFrom: nil)
            }
        }
    }

    /// Problems gathered from several errors.
    init(_ report: DiagnosticReport, exitCode: Int32 = ExitStatus.inputError) {
        self.report = report
        self.exitCode = exitCode
    }

    /// `error`'s diagnostics about files of `bundle`: their names are put under the bundle's
    /// display prefix, and their sources are read from the bundle's folder for the caret line.
    init(_ error: any DiagnosticConvertible, in bundle: BundlePlace, exitCode: Int32 = ExitStatus.inputError) {
        self.init(DiagnosticReport(), exitCode: exitCode)
        for diagnostic in error.diagnostics {
            if diagnostic.file.isEmpty || diagnostic.file.hasPrefix("/") {
                report.append(ReportedDiagnostics(diagnostic).report)
            } else {
                add(diagnostic, shownAs: bundle.prefix + diagnostic.file, readingFrom: bundle.root.map { $0 + "/" + diagnostic.file })
            }
        }
    }

    /// Adds `diagnostic` under the name `shown`, and that file to the files the report is about
    /// (a summary counts them); a placed one gets its source quoted (read once per file from
    /// `path`) and, when it covers one character, its whole token underlined.
    private mutating func add(_ diagnostic: Diagnostic, shownAs shown: String, readingFrom path: String?) {
        if !shown.isEmpty, !report.files.contains(shown) { report.files.append(shown) }
        var placed = diagnostic.inFile(shown)
        if let location = diagnostic.location, let path {
            if report.sources[shown] == nil { report.sources[shown] = SourceFiles.read(path) }
            if let source = report.sources[shown] { placed = placed.underliningToken(in: source) }
        }
        report.diagnostics.append(placed)
    }
}

/// Where a bundle's files are and how reports name them.
struct BundlePlace: Sendable {
    /// The folder holding the bundle's files, when they can be read (an archive's extracted
    /// folder is gone once the command fails).
    var root: String?
    /// What reports put before a file's path in the bundle: the folder or archive as named,
    /// relative to the working directory, with a trailing `/` (nothing for the working
    /// directory itself).
    var prefix: String

    /// The place of the bundle `source` names, before it is loaded.
    init(_ source: BundleSource) {
        switch source {
        case .directory(let path):
            root = path
            prefix = Self.displayPrefix(for: path)
        case .archive(let path):
            prefix = Self.displayPrefix(for: path)
        case .remote(let url):
            prefix = url.hasSuffix("/") ? url : url + "/"
        }
    }

    /// What findings put before a file's path in the bundle at `path` (a folder or an archive):
    /// the path relative to the working directory, with a trailing `/`, or nothing for the
    /// working directory itself.
    static func displayPrefix(for path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        if absolute == current { return "" }
        let shown = DisplayPath.relative(absolute, to: current)
        return shown.hasSuffix("/") ? shown : shown + "/"
    }

    /// The place of a loaded bundle: its files are read from where they were found.
    init(_ loaded: LoadedBundle) {
        self.init(loaded.source)
        root = loaded.bundle.rootPath
    }

    /// `body`'s result; a library error it throws is reported about this bundle's files.
    func reporting<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as any DiagnosticConvertible {
            throw ReportedDiagnostics(error, in: self)
        }
    }

    /// `body`'s result; a library error it throws is reported about this bundle's files.
    func reporting<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as any DiagnosticConvertible {
            throw ReportedDiagnostics(error, in: self)
        }
    }
}

extension BundleWarning {
    /// The warning as a finding, its file named under `prefix` (a bundle's display prefix); a
    /// warning about no one file names the bundle.
    func diagnostic(shownUnder prefix: String) -> Diagnostic {
        diagnostic.inFile(file.map { prefix + $0 } ?? String(prefix.dropLast()))
    }
}

extension BundleLoader {
    /// Loads the bundle a command line names (a folder, an archive or a URL); the errors of
    /// loading name files as the person named the bundle.
    func load(argument: String, progress: (@Sendable (DownloadProgress) -> Void)? = nil) async throws -> (bundle: LoadedBundle, place: BundlePlace) {
        let source = try BundleSource(argument: argument)
        let loaded = try await BundlePlace(source).reporting { try await load(source, progress: progress) }
        return (loaded, BundlePlace(loaded))
    }
}

/// Source files read for quoting a line under a finding; a file that cannot be read is not quoted.
enum SourceFiles {
    static func read(_ path: String) -> SourceText? {
        guard let bytes = try? BoundedFile.bytes(of: path, limit: 64 << 20) else { return nil }
        return SourceText(fileName: path, bytes: bytes)
    }
}
