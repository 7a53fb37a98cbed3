public import WidgetryJSON

/// Why a scenario step failed, as a stable code: what `widgetry test` reports in JUnit's failure
/// type and what a failure's ``ScenarioResult/Failure/diagnostic`` carries. A step whose
/// interaction could not be done takes the interaction's own code (`interaction.failed`,
/// `navigation.depth-limit`) instead.
public enum ScenarioFailureCode: String, DomainCode, CaseIterable {
    /// The widget did not load, so no step ran.
    case loadFailed = "scenario.load-failed"
    /// A step given `expectFailure` succeeded.
    case unexpectedSuccess = "scenario.unexpected-success"
    /// A step given `expectFailure` failed with another message.
    case otherFailure = "scenario.other-failure"
    /// An `expect` or `expectStore` step found something else.
    case expectation = "scenario.expectation"
    /// A `golden` step's snapshot differs from its golden file.
    case goldenMismatch = "scenario.golden-mismatch"
}
