import Foundation
import WidgetryBundle

/// Where the bundles of a workspace are: every folder holding a manifest (`Info.json` or
/// `Info.plist`) at its root, under the workspace's folders, as `lint` names bundle folders.
enum BundleFinder {
    /// Whether `path` is a bundle folder.
    static func isBundleFolder(_ path: String) -> Bool {
        [BundleFileName.jsonManifest, BundleFileName.plistManifest].contains { FileManager.default.fileExists(atPath: path + "/" + $0) }
    }

    /// The bundle folders under `folders` (each one itself, or folders below it), sorted; a
    /// bundle's own folders are not searched further, nor hidden folders (`.git`, `.build`).
    /// At most `limit` folders are looked into, so a workspace of the whole disk stays cheap.
    static func bundles(in folders: [String], limit: Int) -> [String] {
        var found: Set<String> = []
        var queue = folders.map(FileURI.standardized)
        var looked = 0
        while !queue.isEmpty, looked < limit {
            let folder = queue.removeFirst()
            looked += 1
            if isBundleFolder(folder) {
                found.insert(folder)
                continue
            }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in entries.sorted() where !name.hasPrefix(".") {
                var isFolder: ObjCBool = false
                let path = folder + "/" + name
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { queue.append(path) }
            }
        }
        return found.sorted()
    }

    /// The bundle holding the file at `path`: the deepest of `known` that is above it, else the
    /// nearest folder above it that holds a manifest.
    static func bundle(holding path: String, known: [String]) -> String? {
        if let root = known.filter({ path.hasPrefix($0 + "/") }).max(by: { $0.count < $1.count }) { return root }
        var folder = (path as NSString).deletingLastPathComponent
        while folder.count > 1 {
            if isBundleFolder(folder) { return folder }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }
}
