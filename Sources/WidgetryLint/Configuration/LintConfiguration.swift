public import WidgetryBundle
public import WidgetryJSON

/// `.widgetry.json`: how lint treats a bundle. Rule severities (or `off`), files to skip,
/// overrides for files matching a pattern or for one place (`file#/json/pointer`), and the hosts
/// and `FUNCTION` selectors a widget may use.
///
/// ```json
/// {"rules": {"unused-object": "off"},
///  "exclude": ["Legacy/**"],
///  "overrides": [{"files": ["Old*.json", "Feed.json#/Feed/objects/spare"], "rules": {"unknown-key-path": "warning"}}],
///  "allowedHosts": ["api.example.com", "*.cdn.example.com"]}
/// ```
public struct LintConfiguration: Sendable {
    /// What a rule is set to: a severity, or off.
    public enum Level: String, Sendable, CaseIterable {
        case off, note, warning, error

        var severity: Diagnostic.Severity? {
            switch self {
            case .off: nil
            case .note: .note
            case .warning: .warning
            case .error: .error
            }
        }
    }

    /// Rule levels for the findings in files a pattern matches, or at one place.
    public struct Override: Sendable {
        /// `Old*.json`, or `Feed.json#/Feed/objects/spare` for one place and everything under it.
        public var targets: [(glob: Glob, pointer: JSONPointer?, value: JSONValue)]
        public var rules: [String: Level]
        public var value: JSONValue
    }

    public var rules: [String: Level] = [:]
    public var exclude: [Glob] = []
    public var overrides: [Override] = []
    /// Hosts actions may talk to (`*.example.com` matches any subdomain); empty: any host.
    public var allowedHosts: [String] = []
    /// The file it was read from, as findings name it; nil for the defaults.
    public var file: String?

    public init() {}

    /// The file name lint looks for in a bundle's folder and the folders above it.
    public static let fileName = BundleFileName.lintConfiguration
}
