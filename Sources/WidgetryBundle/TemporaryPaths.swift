import Foundation
import Synchronization

/// Files and folders that exist only while an operation runs (a download in progress, an
/// extraction's staging folder, the folder a loaded archive was extracted into). Operations
/// remove their own on every error; this list is for the one exit they cannot see, a signal:
/// the command line removes what is listed when it is interrupted (SIGINT) or terminated
/// (SIGTERM).
///
/// The removal runs while the interrupted operation may still be writing. So that the two cannot
/// race, paths are created under the list's lock (``create(_:by:)``), which refuses once removal
/// has begun, and each listed path is first renamed away, so a writer that goes on by path finds
/// nothing rather than filling a folder being removed.
public enum TemporaryPaths {
    private struct State {
        var paths: Set<String> = []
        /// Set by ``removeAll()``: from then on nothing is created.
        var removing = false
    }

    private static let state = Mutex(State())

    /// Lists `path` until ``unregister(_:)``: for a path that exists already, or that an
    /// operation creates in a way ``create(_:by:)`` cannot wrap (a folder moved into place).
    public static func register(_ path: String) {
        state.withLock { _ = $0.paths.insert(path) }
    }

    /// Creates `path` with `make` (true when it made it) and lists it, in one step that a
    /// signal's ``removeAll()`` cannot fall between. Once removal has begun nothing is made and
    /// the answer is false, as for a failed `make`.
    public static func create(_ path: String, by make: () -> Bool) -> Bool {
        state.withLock { state in
            guard !state.removing, make() else { return false }
            state.paths.insert(path)
            return true
        }
    }

    /// Takes `path` off the list (it was moved into place or removed).
    public static func unregister(_ path: String) {
        state.withLock { _ = $0.paths.remove(path) }
    }

    /// Deletes `path` (a file, or a folder with all it holds) and takes it off the list: what
    /// is done with a temporary path once it has served.
    public static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        unregister(path)
    }

    /// The paths listed now.
    public static var current: Set<String> {
        state.withLock { $0.paths }
    }

    /// Removes every listed path and refuses to create any more (the process is ending).
    public static func removeAll() {
        let listed = state.withLock { state in
            state.removing = true
            defer { state.paths.removeAll() }
            return state.paths
        }
        for path in listed {
            let doomed = path + ".removing"
            let target = rename(path, doomed) == 0 ? doomed : path
            try? FileManager.default.removeItem(atPath: target)
        }
    }
}
