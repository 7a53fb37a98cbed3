import Foundation
public import WidgetryJSON

/// Finding and reading `.widgetry.json`.
public enum LintConfigurationFile {
    /// The configuration at `path` (or, when nil, the `.widgetry.json` of the bundle folder
    /// `bundleRoot`, if any), with its problems as findings named `displayName`.
    public static func load(path: String?, bundleRoot: String, displayName: String? = nil) -> (LintConfiguration, [Diagnostic]) {
        let candidate = path ?? (bundleRoot as NSString).appendingPathComponent(LintConfiguration.fileName)
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
}
