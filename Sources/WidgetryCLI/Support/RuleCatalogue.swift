import WidgetryLint
import WidgetryReporting

/// The documentation reports give of the codes they print (SARIF's rule descriptors): the
/// linter's explanations, since it explains every code a command prints. The one place a
/// command that does not lint reaches the linter.
enum RuleCatalogue {
    /// The documentation of a code, or nil when no command prints it.
    static let documentation: RuleDocumentation.Lookup = CodeExplanation.documentation
}
