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
        self.init(DiagnosticReport(error), exitCode: exitCode)
    }

    /// Problems gathered from several errors.
    init(_ report: DiagnosticReport, exitCode: Int32 = ExitStatus.inputError) {
        self.report = report
        self.exitCode = exitCode
    }

    /// `error`'s diagnostics about files of `bundle`: their names are put under the bundle's
    /// display prefix, and their sources are read from the bundle's folder for the caret line.
    init(_ error: any DiagnosticConvertible, in bundle: BundlePlace, exitCode: Int32 = ExitStatus.inputError) {
        self.init(DiagnosticReport(error, shownUnder: bundle.prefix, readingFrom: bundle.root), exitCode: exitCode)
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
        if case .directory(let path) = source { root = path }
        prefix = source.displayPrefix
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

extension BundleLoader {
    /// Loads the bundle a command line names (a folder, an archive or a URL); the errors of
    /// loading name files as the person named the bundle.
    func load(argument: String, progress: (@Sendable (DownloadProgress) -> Void)? = nil) async throws -> (bundle: LoadedBundle, place: BundlePlace) {
        let source = try BundleSource(argument: argument)
        let loaded = try await BundlePlace(source).reporting { try await load(source, progress: progress) }
        return (loaded, BundlePlace(loaded))
    }
}
