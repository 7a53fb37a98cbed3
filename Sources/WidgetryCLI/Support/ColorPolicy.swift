import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Whether output is coloured: `--color always|never` when given, else `NO_COLOR` (set and not
/// empty: never, https://no-color.org), else `FORCE_COLOR` (set and not `0`: always), else
/// colour exactly when the stream is a terminal that shows colour (`TERM` set and not `dumb`).
enum ColorPolicy {
    /// `--color`'s values.
    enum Choice: String, CaseIterable, Sendable {
        case auto, always, never
    }

    /// The choice of the command line; set once by the command before it writes.
    private static let choice = Mutex(Choice.auto)

    static func set(_ newChoice: Choice) {
        choice.withLock { $0 = newChoice }
    }

    /// Whether text written to the file descriptor `stream` is coloured.
    static func colours(_ stream: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        switch choice.withLock({ $0 }) {
        case .always: return true
        case .never: return false
        case .auto: break
        }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if let force = environment["FORCE_COLOR"], force != "0" { return true }
        return isatty(stream) == 1 && Console.redraws(term: environment["TERM"])
    }
}
