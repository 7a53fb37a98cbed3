public import WidgetryJSON

/// A case of a scenario suite that could not run because something it needs did not load: a
/// bundle, its widget (once for all the scenarios it stopped), or a scenario file. It is one
/// failed case, with its located errors; the other bundles and scenarios still run.
public struct UnloadedCase: Sendable {
    /// The case's name: the bundle as named, or the scenario file as shown.
    public var name: String
    /// What went wrong, in a few words: `did not load`.
    public var summary: String
    /// The located errors, with the sources they quote.
    public var problems: DiagnosticReport

    public init(name: String, summary: String, problems: DiagnosticReport) {
        self.name = name
        self.summary = summary
        self.problems = problems
    }
}
