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
    /// A picture of the screen differs from its golden PNG in more pixels than the tolerance
    /// allows, or in size, or the golden is missing.
    case pictureMismatch = "scenario.picture-mismatch"
    /// A picture and its golden PNG were drawn in different fonts (or the golden records none),
    /// so they are not compared.
    case pictureFontMismatch = "scenario.picture-font-mismatch"
    /// No picture could be made or compared: no Chromium, a golden that is not a PNG, a file
    /// that cannot be written, or a command that draws no pictures.
    case pictureUnavailable = "scenario.picture-unavailable"
}
