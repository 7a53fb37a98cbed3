public import WidgetryJSON

/// The places of a `.widgetry.json` that turn a security rule off or lower its severity
/// (``LintRuleDescription/isSecurity``), in `rules` or in an override's `rules`. A configuration
/// lint found in a folder above the bundle is not the bundle's own: each such place is then a
/// warning (`config.security-rule-disabled`) at the level in that file, which the configuration
/// cannot silence, since it is added after the configuration is applied.
package enum SecurityRuleChanges {
    /// The code of the warning.
    public static let code = "config.security-rule-disabled"

    /// The rule ids and codes that count as security rules, with the default severity of each:
    /// the security rules' ids, and the confinement code their path rules report.
    static let defaults: [String: Diagnostic.Severity] = {
        var defaults: [String: Diagnostic.Severity] = [:]
        for rule in LintRules.all where type(of: rule).description.isSecurity {
            defaults[type(of: rule).description.id] = type(of: rule).description.severity
        }
        defaults["bundle.path-escape"] = .error
        return defaults
    }()

    /// A warning for each place of `document` (the configuration as read, named `file`) that
    /// sets a security rule below its default severity.
    public static func warnings(in document: JSONDocument, file: String) -> [Diagnostic] {
        var tables: [(JSONValue, String)] = []
        if let rules = document.root["rules"] { tables.append((rules, "")) }
        for (index, override) in (document.root["overrides"]?.arrayValue ?? []).enumerated() {
            if let rules = override["rules"] { tables.append((rules, " for the files of override \(index + 1)")) }
        }
        var warnings: [Diagnostic] = []
        for (table, scope) in tables {
            guard let members = table.objectValue else { continue }
            for member in members {
                guard let standard = defaults[member.key], let text = member.value.stringValue,
                      let level = LintConfiguration.Level(rawValue: text), level.severity.map({ $0 < standard }) ?? true else { continue }
                let change = level == .off ? "turns off the security rule \(member.key)" : "lowers the security rule \(member.key) to \(text)"
                warnings.append(Diagnostic(code: code, severity: .warning, file: file, location: member.value.location, pointer: member.value.pointer,
                                           message: "\(file), found above the bundle, \(change)\(scope)",
                                           hint: "keep the bundle's settings in its own .widgetry.json, or pass --config to choose this file; remove the file if it is not yours"))
            }
        }
        return warnings
    }
}
