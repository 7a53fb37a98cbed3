import Foundation

/// What fetches leave behind when they end without cleaning up (killed with SIGKILL, a crash, a
/// power cut: the exits no signal handler sees): downloads in progress, staging folders and the
/// folders loaded archives were extracted into. Each fetch removes those a day old or older from
/// the places it writes such files, and nothing else: only Widgetry's own names, each ending in a
/// UUID, are touched.
enum StaleTemporaryFiles {
    /// How old a leftover must be before it is removed: older than any fetch still running.
    static let maximumAge: TimeInterval = 86_400

    /// Removes the leftovers in `folder` last modified `maximumAge` or more before `now`; a
    /// folder that does not exist or cannot be read is left alone.
    static func sweep(_ folder: String, now: Date) {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: folder) else { return }
        for name in names where isLeftover(name) {
            let path = folder + "/" + name
            guard let modified = (try? fileManager.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                now.timeIntervalSince(modified) >= maximumAge
            else { continue }
            try? fileManager.removeItem(atPath: path)
        }
    }

    /// True for the names Widgetry gives temporary files and folders: `.download-UUID` (a
    /// download into the cache), `widgetry-download-UUID` (one without a cache),
    /// `widgetry-UUID` (an extracted archive), `.NAME.staging-UUID` (an extraction),
    /// `.NAME.tmp-UUID` (an archive being packed), with the `.old` of a replaced folder or the
    /// `.removing` of an interrupted removal after them.
    static func isLeftover(_ name: String) -> Bool {
        var stem = Substring(name)
        for suffix in [".old", ".removing"] where stem.hasSuffix(suffix) {
            stem = stem.dropLast(suffix.count)
        }
        for prefix in [".download-", "widgetry-download-", "widgetry-"] where stem.hasPrefix(prefix) {
            return UUID(uuidString: String(stem.dropFirst(prefix.count))) != nil
        }
        guard stem.hasPrefix(".") else { return false }
        return [".staging-", ".tmp-"].contains { marker in
            guard let found = stem.range(of: marker, options: .backwards) else { return false }
            return UUID(uuidString: String(stem[found.upperBound...])) != nil
        }
    }
}
