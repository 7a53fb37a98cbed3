/// What the reporters print: findings, the files that were checked, and the sources to quote.
///
/// Reporters keep the order given: a validator gives each bundle's findings sorted, and the
/// reports of several bundles are appended in the order the bundles were named.
public struct DiagnosticReport: Sendable {
    /// The findings, in the order they are printed.
    public var diagnostics: [Diagnostic]
    /// Every file that was checked, with or without findings, as findings name them.
    public var files: [String]
    /// The text of checked files by name, so reporters can quote the line of a finding.
    public var sources: [String: SourceText]
    /// The configuration files that applied (`.widgetry.json`, as findings name files), in the
    /// order the bundles were named, each once.
    public var configurations: [String] = []

    /// A report of `diagnostics` (printed in this order) about `files`, quoting `sources`.
    public init(diagnostics: [Diagnostic] = [], files: [String] = [], sources: [String: SourceText] = [:]) {
        self.diagnostics = diagnostics
        self.files = files
        self.sources = sources
    }

    /// Adds `other`'s findings and files after this report's.
    public mutating func append(_ other: DiagnosticReport) {
        diagnostics += other.diagnostics
        let known = Set(files)
        files += other.files.filter { !known.contains($0) }
        sources.merge(other.sources) { current, _ in current }
        configurations += other.configurations.filter { !configurations.contains($0) }
    }

    /// How many findings have `severity`.
    public func count(of severity: Diagnostic.Severity) -> Int {
        diagnostics.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }

    /// The files with at least one finding, in the order of the findings.
    public var filesWithFindings: [String] {
        var seen = Set<String>()
        return diagnostics.compactMap { seen.insert($0.file).inserted ? $0.file : nil }
    }

    /// Whether a finding is at least as serious as `severity` (what `--fail-on` asks).
    public func hasFindings(atLeast severity: Diagnostic.Severity) -> Bool {
        diagnostics.contains { $0.severity >= severity }
    }

    /// The findings about `file`, in report order.
    public func diagnostics(in file: String) -> [Diagnostic] {
        diagnostics.filter { $0.file == file }
    }
}
