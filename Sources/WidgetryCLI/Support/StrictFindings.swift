import WidgetryBundle
import WidgetryBundleFetch
import WidgetryHostProfile
import WidgetryJSON
import WidgetryLint
import WidgetryReporting

/// What `run --strict` refuses beside the warnings of the run itself: every finding `lint`
/// makes of the whole bundle at warning level or above, under the same configuration lint would
/// use, so every screen is compiled and checked, not only those the run shows (a segue to a
/// screen the bundle lacks, a transformer nobody registers).
enum StrictFindings {
    /// `loaded`'s findings at warning level or above, named under `place`'s prefix, as errors.
    static func of(_ loaded: LoadedBundle, place: BundlePlace, profile: HostProfile) -> DiagnosticReport {
        let isFolder = if case .directory = loaded.source { true } else { false }
        let (configuration, problems) = LintConfigurationFile.load(path: nil, bundleRoot: loaded.bundle.rootPath,
                                                                  displayName: place.prefix + LintConfiguration.fileName,
                                                                  searchingParents: isFolder)
        var report = Linter().lint(loaded.bundle, displayPrefix: place.prefix, configuration: configuration, profile: profile)
        report.diagnostics = (problems + report.diagnostics).filter { $0.severity >= .warning }.map { $0.with(severity: .error) }
        return report
    }

    /// `report` with `others`' findings after its own, but for those it already has (the same
    /// code at the same place): the run and lint often find the same thing.
    static func merged(_ report: DiagnosticReport, with others: DiagnosticReport) -> DiagnosticReport {
        func key(_ finding: Diagnostic) -> String { "\(finding.file):\(finding.location?.offset ?? -1):\(finding.code)" }
        let known = Set(report.diagnostics.map(key))
        var merged = report
        merged.append(DiagnosticReport(diagnostics: others.diagnostics.filter { !known.contains(key($0)) }, files: others.files, sources: others.sources))
        merged.diagnostics.sort()
        return merged
    }
}
