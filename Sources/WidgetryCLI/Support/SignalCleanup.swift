import Dispatch
import Foundation
import Synchronization
import WidgetryBundle
import WidgetryRender

/// On SIGINT or SIGTERM, kills the Chromium a command drew pictures with
/// (``ChromiumSession/stopAll()``), removes the temporary files and staging folders still listed
/// in ``TemporaryPaths`` (a download in progress, an extraction half done, a Chromium profile)
/// and exits with 128 + the signal's number, as shells expect.
///
/// The interrupted command goes on while the files are removed, and usually fails because they
/// vanish under it. It must not end the process first, with its own exit code and the removal
/// half done: the process ends through ``exit(_:)``, which waits for a cleanup under way, and a
/// failure after the signal is not reported (``isInterrupted``).
public enum SignalCleanup {
    /// The installed sources. Written once, by ``install()`` before any command runs, and only
    /// read after (kept so the sources live as long as the process): safe without a lock.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Held by whichever ends the process: a signal's cleanup or ``exit(_:)``.
    private static let ending = Mutex(())

    private static let interrupted = Atomic(false)

    /// Installs the handlers; call once, at the start of the process.
    public static func install() {
        guard sources.isEmpty else { return }
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                interrupted.store(true, ordering: .sequentiallyConsistent)
                ending.withLock { _ in
                    ChromiumSession.stopAll()
                    TemporaryPaths.removeAll()
                    Foundation.exit(128 + number)
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// True once a signal arrived: the command's own failure is then its consequence.
    public static var isInterrupted: Bool {
        interrupted.load(ordering: .sequentiallyConsistent)
    }

    /// Ends the process with `code`, or, when a signal's cleanup is under way, lets that finish
    /// and end it with the signal's code.
    public static func exit(_ code: Int32) -> Never {
        ending.withLock { _ in Foundation.exit(code) }
    }
}
