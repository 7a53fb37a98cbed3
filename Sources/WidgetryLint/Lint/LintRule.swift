public import WidgetryJSON

/// A semantic check of a widget bundle: an id, a default severity, what it finds and why it
/// matters, and examples that are both its documentation (`widgetry lint --explain`) and its tests.
public protocol LintRule: Sendable {
    /// What the rule is, for reports and `--explain`.
    static var description: LintRuleDescription { get }
    /// The rule's findings in the bundle `context` describes, at the rule's default severity.
    func check(_ context: LintContext) -> [Diagnostic]
}

/// What a rule is: its id and default severity, a one-line summary, why it matters, and examples.
public struct LintRuleDescription: Sendable {
    public var id: String
    public var severity: Diagnostic.Severity
    public var summary: String
    public var rationale: String
    public var examples: [LintExample]
    /// Whether the rule guards the host against the bundle (plain http, hosts, programs, files
    /// outside the bundle, functions): a configuration found above the bundle that turns it off
    /// or lowers it is reported (`config.security-rule-disabled`).
    public var isSecurity: Bool

    public init(id: String, severity: Diagnostic.Severity, summary: String, rationale: String, examples: [LintExample], security: Bool = false) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.examples = examples
        self.isSecurity = security
    }
}

/// A bundle a rule is shown on: files by name (a screen file `S.json` holding screen `S`, and
/// any of `Model.json`, `StubService.json`, `Service.json`, `Info.json`; missing ones are
/// filled with a minimal model, stub and manifest), and where the rule must report, marked in
/// the files with `1️⃣`, `2️⃣`… in order. An example without markers must give no finding.
/// Each example is also a case folder of `Tests/WidgetryLintTests/Examples` with lint's whole
/// output, which `WIDGETRY_UPDATE_GOLDENS=1 swift test --filter LintExampleCaseTests` writes.
public struct LintExample: Sendable {
    public var title: String
    public var files: [String: String]
    /// The files written with an execute permission.
    public var executable: Set<String>

    public init(_ title: String, files: [String: String], executable: Set<String> = []) {
        self.title = title
        self.files = files
        self.executable = executable
    }

    /// An example with one screen file `S.json` holding screen `S`.
    public init(_ title: String, screen: String, files: [String: String] = [:]) {
        self.title = title
        var all = files
        all["S.json"] = #"{"S": "# + screen + "}"
        self.files = all
        self.executable = []
    }

    /// The markers, in order of their numbers.
    public static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]
}
