import Foundation
public import WidgetryJSON

/// Finding and reading `.widgetry.json`.
public enum LintConfigurationFile {
    /// The configuration at `path` (or, when nil, the `.widgetry.json` of the bundle folder
    /// `bundleRoot`, if any), with its problems as findings named `displayName`. With
    /// `searchingParents`, a bundle folder without one takes the nearest in the folders above
    /// it, as eslint and SwiftLint find theirs; its findings name it relative to the working
    /// directory.
    public static func load(path: String?, bundleRoot: String, displayName: String? = nil, searchingParents: Bool = false) -> (LintConfiguration, [Diagnostic]) {
        var candidate = path ?? (bundleRoot as NSString).appendingPathComponent(LintConfiguration.fileName)
        var displayName = displayName
        if path == nil, searchingParents, !FileManager.default.fileExists(atPath: candidate), let found = nearest(above: bundleRoot) {
            candidate = found
            displayName = RelativePath.of(found, from: FileManager.default.currentDirectoryPath)
        }
        guard FileManager.default.fileExists(atPath: candidate) else {
            guard path == nil else {
                return (LintConfiguration(), [Diagnostic(code: "config.missing", severity: .error, file: candidate, location: nil, pointer: nil,
                                                         message: "the configuration file \(candidate) does not exist")])
            }
            return (LintConfiguration(), [])
        }
        let name = displayName ?? candidate
        guard let data = FileManager.default.contents(atPath: candidate) else {
            return (LintConfiguration(), [Diagnostic(code: "config.unreadable", severity: .error, file: name, location: nil, pointer: nil,
                                                     message: "the configuration file cannot be read")])
        }
        let document: JSONDocument
        do {
            document = try JSONParser.parse([UInt8](data), fileName: name)
        } catch {
            return (LintConfiguration(), [Diagnostic(error, file: name)])
        }
        return LintConfigurationReader.read(document, file: name, knownRules: Set(LintRules.all.map { type(of: $0).description.id }))
    }

    /// The nearest `.widgetry.json` in the folders above `folder`, up to the file system's root.
    private static func nearest(above folder: String) -> String? {
        var current = URL(fileURLWithPath: folder).standardizedFileURL
        while current.path != "/" {
            current.deleteLastPathComponent()
            let candidate = current.appendingPathComponent(LintConfiguration.fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }
}
