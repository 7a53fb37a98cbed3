import Foundation
import Synchronization

/// Files and folders that exist only while an operation runs (a download in progress, an
/// extraction's staging folder). Operations remove their own on every error; this list is for
/// the one exit they cannot see, a signal: the command line removes what is listed when it is
/// interrupted (SIGINT) or terminated (SIGTERM).
public enum TemporaryPaths {
    private static let paths = Mutex<Set<String>>([])

    /// Lists `path` until ``unregister(_:)``.
    public static func register(_ path: String) {
        paths.withLock { _ = $0.insert(path) }
    }

    /// Takes `path` off the list (it was moved into place or removed).
    public static func unregister(_ path: String) {
        paths.withLock { _ = $0.remove(path) }
    }

    /// The paths listed now.
    public static var current: Set<String> {
        paths.withLock { $0 }
    }

    /// Removes every listed path and empties the list.
    public static func removeAll() {
        let listed = paths.withLock { paths in
            defer { paths.removeAll() }
            return paths
        }
        for path in listed { try? FileManager.default.removeItem(atPath: path) }
    }
}
