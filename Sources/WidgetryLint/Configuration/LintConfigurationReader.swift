public import WidgetryJSON

/// Reads `.widgetry.json` strictly: unknown keys, unknown rules and wrong levels are findings
/// (`config.*`) at their place, so a typo never silently turns a rule off.
public enum LintConfigurationReader {
    static let keys: Set<String> = ["$schema", "rules", "exclude", "overrides", "allowedHosts"]
    static let overrideKeys: Set<String> = ["files", "rules"]

    /// The configuration in `document`, and what is wrong with it. `knownRules` are the ids a
    /// `rules` map may name.
    public static func read(_ document: JSONDocument, file: String, knownRules: Set<String>) -> (LintConfiguration, [Diagnostic]) {
        var configuration = LintConfiguration()
        configuration.file = file
        var findings: [Diagnostic] = []
        func fail(_ code: String, _ message: String, at value: JSONValue, hint: String? = nil) {
            findings.append(Diagnostic(rule: "config.\(code)", severity: .error, file: file, location: value.location,
                                       pointer: value.pointer, message: message, hint: hint))
        }
        func strings(_ value: JSONValue, what: String) -> [(String, JSONValue)] {
            guard let items = value.arrayValue else {
                fail("wrong-type", "\(what) must be an array of strings", at: value)
                return []
            }
            return items.compactMap { item in
                guard let text = item.stringValue else {
                    fail("wrong-type", "\(what) holds \(item.typeName), not a string", at: item)
                    return nil
                }
                return (text, item)
            }
        }
        func levels(_ value: JSONValue) -> [String: Level] {
            guard let object = value.objectValue else {
                fail("wrong-type", "rules must be an object of rule ids and levels", at: value)
                return [:]
            }
            var result: [String: Level] = [:]
            for member in object {
                guard knownRules.contains(member.key) || member.key.contains(".") else {
                    fail("unknown-rule", "there is no rule \(member.key)", at: member.value,
                         hint: Suggestion.closest(to: member.key, among: knownRules.sorted()).map { "did you mean '\($0)'?" } ?? "widgetry lint --explain lists them")
                    continue
                }
                guard let text = member.value.stringValue, let level = Level(rawValue: text) else {
                    fail("invalid-level", "the level of \(member.key) must be off, note, warning or error", at: member.value)
                    continue
                }
                result[member.key] = level
            }
            return result
        }
        typealias Level = LintConfiguration.Level
        guard let root = document.root.objectValue else {
            fail("wrong-type", "the configuration must be an object", at: document.root)
            return (configuration, findings)
        }
        for member in root where !keys.contains(member.key) && !member.key.hasPrefix("***") {
            fail("unknown-key", "the configuration has no key \(member.key)", at: member.value, hint: "keys: " + keys.sorted().joined(separator: ", "))
        }
        if let rules = root["rules"] { configuration.rules = levels(rules) }
        if let exclude = root["exclude"] { configuration.exclude = strings(exclude, what: "exclude").map { Glob($0.0) } }
        if let hosts = root["allowedHosts"] { configuration.allowedHosts = strings(hosts, what: "allowedHosts").map(\.0) }
        if let overrides = root["overrides"] {
            for entry in overrides.arrayValue ?? [] {
                guard let object = entry.objectValue else {
                    fail("wrong-type", "an override must be an object with files and rules", at: entry)
                    continue
                }
                for member in object where !overrideKeys.contains(member.key) && !member.key.hasPrefix("***") {
                    fail("unknown-key", "an override has no key \(member.key)", at: member.value, hint: "keys: files, rules")
                }
                guard let files = object["files"], let rules = object["rules"] else {
                    fail("missing-key", "an override needs files and rules", at: entry)
                    continue
                }
                let targets = strings(files, what: "files").compactMap { text, value -> (Glob, JSONPointer?, JSONValue)? in
                    let parts = text.split(separator: "#", maxSplits: 1).map(String.init)
                    guard parts.count == 2 else { return (Glob(text), nil, value) }
                    guard let pointer = JSONPointer(parsing: parts[1]) else {
                        fail("invalid-pointer", "\(parts[1]) is not a JSON Pointer", at: value, hint: "write file#/path/to/value")
                        return nil
                    }
                    return (Glob(parts[0]), pointer, value)
                }
                configuration.overrides.append(LintConfiguration.Override(targets: targets, rules: levels(rules), value: entry))
            }
            if overrides.arrayValue == nil { fail("wrong-type", "overrides must be an array", at: overrides) }
        }
        return (configuration, findings)
    }
}
