/// What a report says of a code it prints (SARIF's reporting descriptor): a sentence, a fuller
/// description, help in Markdown, and the page that documents it.
///
/// The reporters know no rules: the caller, who does (the linter's explanations), hands them a
/// lookup.
public struct RuleDocumentation: Sendable, Equatable {
    /// One sentence.
    public var summary: String
    /// The sentence and why it matters.
    public var fullDescription: String
    /// The same in Markdown.
    public var markdown: String
    /// Where the code is documented, as a link.
    public var helpURI: String?

    public init(summary: String, fullDescription: String, markdown: String, helpURI: String? = nil) {
        self.summary = summary
        self.fullDescription = fullDescription
        self.markdown = markdown
        self.helpURI = helpURI
    }

    /// The documentation of a code, or nil when there is none to give.
    public typealias Lookup = @Sendable (String) -> RuleDocumentation?
}
