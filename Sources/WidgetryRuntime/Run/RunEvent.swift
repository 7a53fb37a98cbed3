public import WidgetryService

/// What happened in a run, as a host or a log follows it: every action notification, every
/// screen shown or dismissed, every alert. In run order; the same run gives the same events.
public enum RunEvent: Sendable {
    /// How a screen came or went (FORMAT.md#run.navigation).
    public enum Navigation: String, Sendable {
        /// Pushed on the navigation stack.
        case show
        /// Presented modally.
        case present
        /// Dismissed (`wx_dismissed`), uncovering the screen below.
        case dismiss
        /// Left by the back button, uncovering the screen below.
        case back
    }

    /// An action's notification (`homeFeedStart`, `…Ready`, `…Success`, `…Error`, `…Progress`).
    case action(ActionEvent)
    /// The screen on top changed from `from` to `to`, at run time `time`.
    case navigated(from: String, to: String, kind: Navigation, time: Double)
    /// A screen showed an alert (an action error with a status message, FORMAT.md#objects.status).
    case alert(screen: String, alert: ScreenRun.Alert)
}
