import Foundation
public import WidgetryJSON

/// Finding and reading `.widgetry.json`.
public enum LintConfigurationFile {
    /// The configuration at `path` (or, when nil, the `.widgetry.json` of the bundle folder
    /// `bundleRoot`, if any), with its problems as findings named `displayName`. With
    /// `searchingParents`, a bundle folder without one takes the nearest in the folders above
    /// it, as eslint and SwiftLint find theirs, up to the repository's root (a folder holding
    /// `.git`) or the home folder, whichever comes first, never above; its findings name it
    /// relative to the working directory, and each place where it turns a security rule off or
    /// lowers it is a warning (``SecurityRuleChanges``). `home` is the home folder (default:
    /// `$HOME`). The configuration's ``LintConfiguration/file`` names the file that applied.
    /// Files are looked for and read through `fileSystem` (the disk, or some files' contents in memory).
    public static func load(path: String?, bundleRoot: String, displayName: String? = nil, searchingParents: Bool = false,
                            home: String? = nil, fileSystem: BundleFileSystem = .disk) -> (LintConfiguration, [Diagnostic]) {
        let home = home ?? ProcessInfo.processInfo.environment["HOME"]
        var candidate = path ?? (bundleRoot as NSString).appendingPathComponent(LintConfiguration.fileName)
        var displayName = displayName
        var foundAbove = false
        if path == nil, searchingParents, !fileSystem.fileExists(atPath: candidate),
           let found = nearest(above: bundleRoot, home: home, fileSystem: fileSystem) {
            candidate = found
            displayName = RelativePath.of(found, from: FileManager.default.currentDirectoryPath)
            foundAbove = true
        }
        guard fileSystem.fileExists(atPath: candidate) else {
            guard path == nil else {
                return (LintConfiguration(), [Diagnostic(code: "config.missing", severity: .error, file: candidate, location: nil, pointer: nil,
                                                         message: "the configuration file \(candidate) does not exist")])
            }
            return (LintConfiguration(), [])
        }
        let name = displayName ?? candidate
        guard let data = try? fileSystem.bytes(of: candidate, limit: JSONParserOptions().maxDocumentBytes) else {
            return (LintConfiguration(), [Diagnostic(code: "config.unreadable", severity: .error, file: name, location: nil, pointer: nil,
                                                     message: "the configuration file cannot be read")])
        }
        let document: JSONDocument
        do {
            document = try JSONParser.parse(data, fileName: name)
        } catch {
            return (LintConfiguration(), [Diagnostic(error, file: name, source: SourceText(fileName: name, bytes: data))])
        }
        let (configuration, problems) = LintConfigurationReader.read(document, file: name, knownRules: Set(LintRules.all.map { type(of: $0).description.id }))
        return (configuration, foundAbove ? problems + SecurityRuleChanges.warnings(in: document, file: name) : problems)
    }

    /// The nearest `.widgetry.json` in the folders above `folder`: none when `folder` is itself
    /// a repository's root or the home folder; else up to the first folder that is (its own
    /// `.widgetry.json` included), or up to the file system's root when none is on the way.
    static func nearest(above folder: String, home: String?, fileSystem: BundleFileSystem = .disk) -> String? {
        var current = URL(fileURLWithPath: folder).standardizedFileURL
        let home = home.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        func isBoundary(_ url: URL) -> Bool {
            url.path == home || FileManager.default.fileExists(atPath: url.appendingPathComponent(".git").path)
        }
        while current.path != "/", !isBoundary(current) {
            current.deleteLastPathComponent()
            let candidate = current.appendingPathComponent(LintConfiguration.fileName).path
            if fileSystem.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }
}
