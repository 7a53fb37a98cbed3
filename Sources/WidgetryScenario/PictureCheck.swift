public import WidgetryRuntime

/// How a scenario runner compares pictures of the screen with golden PNGs: a hook the command
/// fills (`widgetry test`), since drawing and comparing pictures needs Chromium and the
/// renderer, which the runner does not link. The runner says which golden, with what tolerance,
/// and reports what the hook found as the step's failure.
public struct PictureCheck: Sendable {
    /// One comparison the runner asks for.
    public struct Request: Sendable {
        /// The golden's path as the scenario wrote it (relative to the scenario's folder).
        public var name: String
        /// The golden's path, resolved inside the scenario's folder.
        public var path: String
        /// How many pixels may differ.
        public var tolerance: Int
        /// Write the picture as the golden instead of comparing (`--update`).
        public var updating: Bool
        /// The scenario and the step (0-based) the picture is of, for naming what a failure writes.
        public var scenario: Scenario
        public var step: Int
    }

    /// What the hook found.
    public enum Outcome: Sendable {
        /// The picture matches its golden.
        case matched
        /// The golden was written (or rewritten) from the picture, at this path.
        case written(String)
        /// The picture does not match, or could not be made: a code of ``ScenarioFailureCode``,
        /// the sentence, and the files written to show it (the picture, the comparison).
        case failed(ScenarioFailureCode, String, files: [String])
    }

    /// Compares a picture of `run`'s screen with the golden the request names, or writes it.
    public var compare: @Sendable (Request, WidgetRun) async -> Outcome
    /// With `--pictures`: the folder, relative to each scenario's, of goldens of scenarios' last
    /// steps, each named after its scenario's file (`pictures/1-feed.png` for
    /// `1-feed.scenario.json`); a scenario whose golden is not there has none (unless updating).
    public var lastStepFolder: String?

    public init(lastStepFolder: String? = nil, compare: @escaping @Sendable (Request, WidgetRun) async -> Outcome) {
        self.lastStepFolder = lastStepFolder
        self.compare = compare
    }

    /// The folder ``lastStepFolder`` names by default: `pictures`, beside the scenarios.
    public static let defaultLastStepFolder = "pictures"
}
