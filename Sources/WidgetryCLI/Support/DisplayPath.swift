import Foundation

/// Paths as reports print them: relative to the working directory when under it, so the same
/// run prints the same text wherever the checkout is.
enum DisplayPath {
    static func relative(_ path: String, to directory: String = FileManager.default.currentDirectoryPath) -> String {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    /// `text` with every occurrence of the working directory's absolute prefix removed.
    static func relativizing(_ text: String, to directory: String = FileManager.default.currentDirectoryPath) -> String {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return text.replacingOccurrences(of: base, with: "")
    }
}
