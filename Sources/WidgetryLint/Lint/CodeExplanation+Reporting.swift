public import WidgetryReporting

extension CodeExplanation {
    /// The explanation as reports describe a code (SARIF's rule descriptors).
    public var documentation: RuleDocumentation {
        RuleDocumentation(summary: summary, fullDescription: fullDescription, markdown: markdown, helpURI: helpURI)
    }

    /// The documentation of every code a command prints, for the reporters.
    public static let documentation: RuleDocumentation.Lookup = { code in CodeExplanation(code)?.documentation }
}
