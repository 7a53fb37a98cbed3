import Dispatch

/// The executor of a ``ChromiumSession``: a serial dispatch queue of its own. A picture's
/// reads and writes on the DevTools pipe block until Chromium answers (up to the picture's
/// timeout); on this queue they hold none of the threads Swift's tasks share, so the rest of a
/// command (the preview's other requests, its event stream) goes on while a picture is drawn.
final class ChromiumExecutor: SerialExecutor {
    private let queue = DispatchQueue(label: "widgetry.chromium-session")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
