import Dispatch
import Foundation
import WidgetryBundle

/// On SIGINT or SIGTERM, removes the temporary files and staging folders still listed in
/// ``TemporaryPaths`` (a download in progress, an extraction half done) and exits with
/// 128 + the signal's number, as shells expect.
public enum SignalCleanup {
    /// The installed sources. Written once, by ``install()`` before any command runs, and only
    /// read after (kept so the sources live as long as the process): safe without a lock.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Installs the handlers; call once, at the start of the process.
    public static func install() {
        guard sources.isEmpty else { return }
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                TemporaryPaths.removeAll()
                exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }
}
