import Foundation
import Testing
import WidgetryService

/// A timeline run in a task that is cancelled stops where it is, even with a timer that never
/// lets it be idle: how a language server drops a stub run nobody waits for any more.
struct TimelineCancellationTests {
    @Test(.timeLimit(.minutes(1)))
    func aCancelledTaskStopsRunningATimelineThatWouldNeverBeIdle() async {
        let reached = await Task { () -> Double in
            let timeline = Timeline()
            var ticks = 0
            func tick() {
                ticks += 1
                if ticks == 100 { withUnsafeCurrentTask { $0?.cancel() } }
                timeline.schedule(after: 1) { tick() }
            }
            timeline.schedule(after: 1) { tick() }
            return await timeline.run()
        }.value
        #expect(reached == 100, "the run stopped at the event after which its task was cancelled")
    }
}
