import Foundation
public import WidgetryJSON

extension BundleSource {
    /// What reports put before a file's path in the bundle: the folder or archive as named,
    /// relative to the working directory, with a trailing `/` (nothing for the working
    /// directory itself); a URL with a trailing `/`.
    public var displayPrefix: String {
        switch self {
        case .directory(let path), .archive(let path): Self.displayPrefix(for: path)
        case .remote(let url): url.hasSuffix("/") ? url : url + "/"
        }
    }

    /// What findings put before a file's path in the bundle at `path` (a folder or an archive):
    /// the path relative to the working directory, with a trailing `/`, or nothing for the
    /// working directory itself.
    public static func displayPrefix(for path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        if absolute == current { return "" }
        let shown = DiagnosticReport.relative(absolute, to: current)
        return shown.hasSuffix("/") ? shown : shown + "/"
    }
}

extension BundleWarning {
    /// The warning as a finding, its file named under `prefix` (a bundle's display prefix); a
    /// warning about no one file names the bundle.
    public func diagnostic(shownUnder prefix: String) -> Diagnostic {
        diagnostic.inFile(file.map { prefix + $0 } ?? String(prefix.dropLast()))
    }
}

extension DiagnosticReport {
    /// `error`'s diagnostics as a report about a bundle's files: a bundle-relative file is named
    /// under `prefix` and its source read from the folder `root` (through `fileSystem`) for the
    /// caret line; an absolute one is named relative to the working directory and read where it
    /// is; a diagnostic about no file stays so. A placed diagnostic covering one character gets
    /// its whole token underlined. With no prefix and no root, files are named as the error
    /// names them.
    public init(_ error: any DiagnosticConvertible, shownUnder prefix: String = "", readingFrom root: String? = nil,
                fileSystem: BundleFileSystem = .disk) {
        self.init()
        for diagnostic in error.diagnostics {
            if diagnostic.file.isEmpty {
                add(diagnostic, shownAs: "", readingFrom: nil, fileSystem: fileSystem)
            } else if diagnostic.file.hasPrefix("/") {
                add(diagnostic, shownAs: Self.relative(diagnostic.file), readingFrom: diagnostic.file, fileSystem: fileSystem)
            } else {
                add(diagnostic, shownAs: prefix + diagnostic.file, readingFrom: root.map { $0 + "/" + diagnostic.file }, fileSystem: fileSystem)
            }
        }
    }

    /// Adds `diagnostic` under the name `shown`, and that file to the files the report is about
    /// (a summary counts them); a placed one gets its source quoted (read once per file from
    /// `path`) and, when it covers one character, its whole token underlined.
    private mutating func add(_ diagnostic: Diagnostic, shownAs shown: String, readingFrom path: String?, fileSystem: BundleFileSystem) {
        if !shown.isEmpty, !files.contains(shown) { files.append(shown) }
        var placed = diagnostic.inFile(shown)
        if diagnostic.location != nil, let path {
            if sources[shown] == nil, let bytes = try? fileSystem.bytes(of: path, limit: 64 << 20) {
                sources[shown] = SourceText(fileName: path, bytes: bytes)
            }
            if let source = sources[shown] { placed = placed.underliningToken(in: source) }
        }
        diagnostics.append(placed)
    }

    /// `path` without the working directory's prefix, when it is under it.
    static func relative(_ path: String, to directory: String = FileManager.default.currentDirectoryPath) -> String {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
