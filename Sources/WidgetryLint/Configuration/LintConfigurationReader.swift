public import WidgetryBundle
public import WidgetryJSON

/// Reads `.widgetry.json` strictly: unknown keys, unknown rules and wrong levels are findings
/// (`config.*`) at their place, so a typo never silently turns a rule off.
package enum LintConfigurationReader {
    static let keys: Set<String> = ["$schema", "rules", "exclude", "overrides", "allowedHosts"]
    static let overrideKeys: Set<String> = ["files", "rules"]

    /// The codes of the configuration's problems.
    public enum Code: String, StrictReaderCodes {
        case unknownKey = "config.unknown-key"
        case wrongType = "config.wrong-type"
        case missingKey = "config.missing-key"
        /// A `rules` key that names no rule.
        case unknownRule = "config.unknown-rule"
        /// A level other than off, note, warning and error.
        case invalidLevel = "config.invalid-level"
        /// An override's `file#pointer` whose pointer does not parse.
        case invalidPointer = "config.invalid-pointer"
    }

    /// The configuration in `document`, and what is wrong with it. `knownRules` are the ids a
    /// `rules` map may name.
    public static func read(_ document: JSONDocument, file: String, knownRules: Set<String>) -> (LintConfiguration, [Diagnostic]) {
        var reader = Reader(read: StrictReader(file: file, commentPrefix: "***"), knownRules: knownRules)
        let configuration = reader.configuration(document.root)
        return (configuration, reader.read.problems.map { $0.diagnostic() })
    }

    private struct Reader {
        var read: StrictReader<Code>
        let knownRules: Set<String>
        typealias Level = LintConfiguration.Level

        mutating func configuration(_ root: JSONValue) -> LintConfiguration {
            var configuration = LintConfiguration()
            configuration.file = read.file
            guard let object = read.object(root, allowed: LintConfigurationReader.keys, what: "the configuration") else { return configuration }
            if let rules = object["rules"] { configuration.rules = levels(rules) }
            if let exclude = object["exclude"] { configuration.exclude = strings(exclude).map { Glob($0.text) } }
            if let hosts = object["allowedHosts"] { configuration.allowedHosts = strings(hosts).map(\.text) }
            for entry in read.array(object["overrides"]) ?? [] {
                if let override = override(entry) { configuration.overrides.append(override) }
            }
            return configuration
        }

        private mutating func override(_ entry: JSONValue) -> LintConfiguration.Override? {
            guard let object = read.object(entry, allowed: LintConfigurationReader.overrideKeys, what: "an override"),
                  let files = read.required("files", of: object, in: entry, what: "an override"),
                  let rules = read.required("rules", of: object, in: entry, what: "an override") else { return nil }
            let targets = strings(files).compactMap { text, value -> (Glob, JSONPointer?, JSONValue)? in
                let parts = text.split(separator: "#", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { return (Glob(text), nil, value) }
                guard let pointer = JSONPointer(parsing: parts[1]) else {
                    read.report(.invalidPointer, "\(parts[1]) is not a JSON Pointer", at: value, hint: "write file#/path/to/value")
                    return nil
                }
                return (Glob(parts[0]), pointer, value)
            }
            return LintConfiguration.Override(targets: targets, rules: levels(rules), value: entry)
        }

        private mutating func strings(_ value: JSONValue) -> [(text: String, value: JSONValue)] {
            (read.array(value, expected: "an array of strings") ?? []).compactMap { item in read.string(item).map { ($0, item) } }
        }

        private mutating func levels(_ value: JSONValue) -> [String: Level] {
            guard let object = read.object(value, what: "rules") else { return [:] }
            var result: [String: Level] = [:]
            for member in object {
                guard knownRules.contains(member.key) || !DiagnosticCode(member.key).isLintRule else {
                    read.report(.unknownRule, "there is no rule \(member.key)", at: member.value,
                                hint: Suggestion.didYouMean(member.key, among: knownRules.sorted())
                                    ?? "widgetry lint --explain lists them")
                    continue
                }
                guard let level = read.choice(member.value, Level.self, what: "the level of \(member.key)", invalid: .invalidLevel) else { continue }
                result[member.key] = level
            }
            return result
        }
    }
}
