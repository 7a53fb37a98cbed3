public import WidgetryJSON

/// A problem in a scenario file, with its place.
public typealias ScenarioError = Problem<ScenarioErrorCode>

/// The codes of ``ScenarioError``.
public enum ScenarioErrorCode: String, StrictReaderCodes, CaseIterable {
    case unknownKey = "scenario.unknown-key"
    case missingKey = "scenario.missing-key"
    case wrongType = "scenario.wrong-type"
    case invalidValue = "scenario.invalid-value"
    /// A number outside the range its key takes: seconds past ``NumericPolicy/maximumSeconds``.
    case outOfRange = "scenario.out-of-range"
    /// An expectation or a store filter that does not parse.
    case expectationSyntax = "scenario.expectation-syntax"
    /// A golden or a picked file named outside the scenario's folder (``ConfinedPath``).
    case pathEscape = "bundle.path-escape"

    public static var numberOutOfRange: Self { .outOfRange }
}

/// All the problems of one scenario file.
public typealias ScenarioErrors = LocatedErrors<ScenarioError>
