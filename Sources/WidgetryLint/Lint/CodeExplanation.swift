public import WidgetryJSON

/// What a code any command prints means: a lint rule's id (`unknown-action`) or a domain's code
/// (`binding.unknown-transformer`, `json.missing-comma`). `widgetry lint --explain` prints it,
/// and SARIF logs describe their rules with it.
public struct CodeExplanation: Sendable {
    /// Where the documentation is published; an anchor of `docs/FORMAT.md` follows `FORMAT.md#`.
    public static let documentationBase = "https://widgetry.dev/docs/"

    public var code: String
    /// One sentence (``RuleDescriptions``).
    public var summary: String
    /// The lint rule of that id, or the one that reports the code (`service.invalid-value` is
    /// the `service` rule's).
    public var rule: LintRuleDescription?
    /// The anchor of `docs/FORMAT.md` that documents what the code is about.
    public var anchor: String?

    /// The explanation of `code`, or nil when no command prints such a code.
    public init?(_ code: String) {
        guard let summary = RuleDescriptions.shortDescription(of: code) else { return nil }
        self.code = code
        self.summary = summary
        rule = LintRules.rule(code).map { type(of: $0).description }
        anchor = RuleDescriptions.anchor(of: code)
    }

    /// The page and anchor that document the code, as a link.
    public var helpURI: String? {
        anchor.map { Self.documentationBase + "FORMAT.md#" + $0 }
    }

    /// The summary and why it matters: a rule's rationale, else which rule reports the code.
    public var fullDescription: String {
        guard let rule else { return summary }
        if rule.id == code { return summary + " " + rule.rationale }
        return summary + " Reported by the lint rule \(rule.id): " + rule.summary
    }

    /// What `widgetry lint --explain` prints: for a rule, its documentation and examples; for
    /// another code, what it means, where it is documented, and the rule that reports it.
    public var text: String {
        let documented = anchor.map { "\nDocumented at docs/FORMAT.md#\($0).\n" } ?? ""
        if let rule, rule.id == code { return LintExplanation.text(of: rule) + documented }
        var text = "\(code)\n\n\(summary)\n" + documented
        if let rule { text += "\nReported by the lint rule \(rule.id):\n\n" + LintExplanation.text(of: rule) }
        return text
    }

    /// The explanation in Markdown, for SARIF's `help.markdown`.
    public var markdown: String {
        var text = "**`\(code)`**: \(summary)"
        if let rule {
            text += rule.id == code ? "\n\n\(rule.rationale)" : "\n\nReported by the lint rule `\(rule.id)`: \(rule.summary)"
        }
        if let helpURI { text += "\n\nSee [FORMAT.md#\(anchor ?? "")](\(helpURI))." }
        return text
    }
}
