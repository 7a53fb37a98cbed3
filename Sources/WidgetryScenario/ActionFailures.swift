import WidgetryRuntime
import WidgetryService

/// The actions that failed during a scenario's run, so far: a failed expectation shows them
/// beneath it, since an action that failed is the usual cause of an empty table or a missing
/// object, and the expectation alone would show only the knock-on.
final class ActionFailures {
    private var failures: [ActionEvent] = []

    /// Records the failures of `run` from now on.
    init(observing run: WidgetRun) {
        run.observe { [weak self] event in
            if case .action(let action) = event, action.kind == .error { self?.failures.append(action) }
        }
    }

    /// `\n  action X failed at t=…: message [code]` for each failure so far; empty when none.
    var text: String {
        failures.map { event in
            "\n  action \(event.action) failed at \(RunTimeText.seconds(event.time)): " + (event.error.map(\.description) ?? "no reason given")
        }.joined()
    }
}
