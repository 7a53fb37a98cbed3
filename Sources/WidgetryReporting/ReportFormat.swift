public import WidgetryDiagnostics

/// The formats findings can be reported in, one reporter each.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// For people: ``TextReporter``.
    case text
    /// For programs: ``JSONReporter``.
    case json
    /// For code-scanning services: ``SARIFReporter``.
    case sarif
    /// For GitHub Actions annotations: ``GitHubReporter``.
    case github
    /// For CI test reports: ``JUnitReporter``.
    case junit

    /// `report` in this format.
    ///
    /// - Parameters:
    ///   - colour: ANSI colours in text output.
    ///   - toolVersion: the version SARIF output names.
    ///   - suite: the test suite name of JUnit output.
    ///   - rules: the documentation of the codes SARIF output describes.
    public func render(_ report: DiagnosticReport, colour: Bool = false, toolVersion: String? = nil,
                       suite: String = "widgetry validate", rules: RuleDocumentation.Lookup = { _ in nil }) -> String {
        switch self {
        case .text: TextReporter.render(report, colour: colour)
        case .json: JSONReporter.render(report)
        case .sarif: SARIFReporter.render(report, toolVersion: toolVersion, rules: rules)
        case .github: GitHubReporter.render(report)
        case .junit: JUnitReporter.render(report, suite: suite)
        }
    }
}
