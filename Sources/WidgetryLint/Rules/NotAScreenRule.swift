import WidgetryBundle
import WidgetryJSON

/// The entry screen or a segue opens screen `X`, and `X.json` exists but is not a screen: its
/// root is not an object, or has no key `X` (``NotAScreen``). The loader reads such a file as
/// data and `run` only warns; lint reports it at the file.
struct NotAScreenRule: LintRule {
    static let description = LintRuleDescription(
        id: "not-a-screen", severity: .error,
        summary: "A screen the entry screen or a segue opens is a screen file: X.json holds {\"X\": {…}}.",
        rationale: "A file named like a screen whose root key does not match its name (or whose root is not an object) is read as a data file, so the screen it was meant to be does not exist. Findings carry the code bundle.not-a-screen.",
        examples: [
            LintExample("a segue to a file whose root key is misspelt", files: [
                "S.json": #"{"S": {"segues": {"next": {"destination": "Details"}}}}"#,
                "Details.json": #"1️⃣{"Detail": {}}"#]),
            LintExample("a segue to a screen file", files: [
                "S.json": #"{"S": {"segues": {"next": {"destination": "Details"}}}}"#,
                "Details.json": #"{"Details": {}}"#,
                "people.json": #"[{"name": "a data file nobody opens as a screen"}]"#]),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        NotAScreen.find(in: context.bundle).map { $0.diagnostic(severity: .error, prefix: context.displayPrefix) }
    }
}
