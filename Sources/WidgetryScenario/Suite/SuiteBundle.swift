public import WidgetryBundle
public import WidgetryJSON

/// A bundle a ``ScenarioSuite`` runs, loaded by the caller, with the caller's way of naming its
/// files in reports.
public struct SuiteBundle {
    /// The bundle as the person named it (a folder, an archive, a URL).
    public var name: String
    public var bundle: WidgetBundle
    /// Diagnostics about the bundle's files (named from its root) as the caller reports them:
    /// under the name the person gave the bundle, with the source lines they quote.
    public var report: ([Diagnostic]) -> DiagnosticReport

    public init(name: String, bundle: WidgetBundle, report: @escaping ([Diagnostic]) -> DiagnosticReport) {
        self.name = name
        self.bundle = bundle
        self.report = report
    }

    /// A bundle named `name` whose diagnostics are reported as they are.
    public init(name: String, bundle: WidgetBundle) {
        self.init(name: name, bundle: bundle) { diagnostics in
            var files: [String] = []
            for diagnostic in diagnostics where !files.contains(diagnostic.file) { files.append(diagnostic.file) }
            return DiagnosticReport(diagnostics: diagnostics, files: files)
        }
    }
}

/// What the caller gave a suite to run for one of the bundles named: the bundle loaded, or the
/// case of its failing to load.
public enum SuiteLoading {
    case loaded(SuiteBundle)
    case failed(UnloadedCase)
}

/// One bundle's scenarios, read and filtered, ready to run.
public struct BundleScenarios {
    public var bundle: SuiteBundle
    /// The scenarios to run: those the filter matches, in file name order.
    public var scenarios: [Scenario]
    /// Every scenario's name, for the hint when the filter matches none.
    public var names: [String]
    /// The scenario files that cannot be read, each a failed case.
    public var unreadable: [UnloadedCase]
}
