import Foundation
public import WidgetryHostProfile
public import WidgetryJSON

public import WidgetryBundle

/// Runs the lint rules on a bundle: the findings of reading its files, then each rule's.
public struct Linter: Sendable {
    public var rules: [any LintRule]

    public init(rules: [any LintRule] = LintRules.all) {
        self.rules = rules
    }

    /// The findings for `bundle`, sorted, with the sources of its files for quoting.
    /// - Parameter displayPrefix: put before each bundle-relative path (the folder as named, with `/`).
    /// - Parameter configuration: rule levels, excludes and overrides (`.widgetry.json`), applied
    ///   to the findings; its own problems are findings too.
    /// - Parameter profile: what the host app supplies (providers, host actions, computed keys).
    public func lint(_ bundle: WidgetBundle, displayPrefix: String, configuration: LintConfiguration = LintConfiguration(),
                     profile: HostProfile = HostProfile()) -> DiagnosticReport {
        let context = LintContext(bundle: bundle, displayPrefix: displayPrefix, configuration: configuration, profile: profile)
        var findings: [Diagnostic] = []
        for rule in enabledRules(configuration) { findings += rule.check(context) }
        return report(findings, of: context)
    }

    /// The rules `configuration` leaves on, in order.
    func enabledRules(_ configuration: LintConfiguration) -> [any LintRule] {
        rules.filter { configuration.rules[type(of: $0).description.id] != .off }
    }

    /// The report of the rules' `findings` (in rule order) on the bundle `context` describes:
    /// the configuration applied, each finding once, sorted, with the files' sources.
    func report(_ findings: [Diagnostic], of context: LintContext) -> DiagnosticReport {
        let bundle = context.bundle, displayPrefix = context.displayPrefix
        let findings = context.configuration.apply(to: findings, relativePath: context.bundlePath(of:))
        var report = DiagnosticReport()
        let dialect = bundle.dialect.dialect
        report.diagnostics = Self.sortedOnce(dialect == .widgetkit ? findings : findings.map { dialect.spelled($0) })
        for file in bundle.jsonFiles + [bundle.manifestFile].compactMap({ $0 }) {
            let name = displayPrefix + file.path
            report.files.append(name)
            report.sources[name] = file.document.source
        }
        for scenario in context.scenarios { report.sources[scenario.file] = scenario.document.source }
        // The scenarios are read too (the files they name), so they count, as validate counts them.
        report.files += context.scenarioPaths.map { displayPrefix + $0 }.filter { !report.files.contains($0) }
        report.files.sort()
        return report
    }
}

extension Linter {
    /// `findings` sorted, each once: by file, then within each file (a few findings each, where
    /// a bundle of a thousand screens has thousands) by place, code and message, which orders
    /// them as `sorted()` does with fewer comparisons of long file names.
    static func sortedOnce(_ findings: [Diagnostic]) -> [Diagnostic] {
        var byFile: [String: [Diagnostic]] = [:]
        for finding in findings { byFile[finding.file, default: []].append(finding) }
        var sorted: [Diagnostic] = []
        sorted.reserveCapacity(findings.count)
        for file in byFile.keys.sorted() {
            let inFile = byFile[file]!
            sorted += inFile.count == 1 ? inFile : Array(Set(inFile.map(FindingKey.init))).map(\.finding).sorted()
        }
        return sorted
    }
}

/// A finding as a set member: two rules (or two readings) reporting the same thing at the same
/// place count once.
private struct FindingKey: Hashable {
    let finding: Diagnostic

    static func == (lhs: FindingKey, rhs: FindingKey) -> Bool {
        lhs.finding.code == rhs.finding.code && lhs.finding.file == rhs.finding.file && lhs.finding.location == rhs.finding.location
            && lhs.finding.message == rhs.finding.message
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(finding.code)
        hasher.combine(finding.file)
        hasher.combine(finding.location?.offset)
        hasher.combine(finding.message)
    }
}
