import Foundation
import WidgetryBundle
import WidgetryReporting

/// The bundles a command line names: folders, archives and URLs as given, and glob patterns
/// (`SampleWidgets/*`, `widgets/**`, quoted so the shell leaves them) expanded to the bundles
/// they match, in path order, hidden folders left out; nothing named means the working
/// directory.
enum BundleArguments {
    /// The bundle a command works on when none is named: the working directory.
    static let workingDirectory = "."

    /// The archive names a pattern matches as bundles.
    static let archiveSuffixes = [".zip", ".tar", ".tar.gz", ".tgz"]

    /// Whether `argument` is a pattern to expand: a glob that is not a URL (whose query may
    /// hold `?` or `*`).
    static func isPattern(_ argument: String) -> Bool {
        Glob.isPattern(argument) && !argument.contains("://")
    }

    static func expand(_ arguments: [String]) throws(CommandFailure) -> [String] {
        guard !arguments.isEmpty else { return [workingDirectory] }
        var expanded: [String] = []
        for argument in arguments {
            guard isPattern(argument) else {
                expanded.append(argument)
                continue
            }
            let matches = Self.matches(of: argument)
            guard !matches.isEmpty else {
                throw CommandFailure(.unknownName, "the pattern \(argument) matches no bundle",
                                     hint: "a pattern matches folders holding Info.json or Info.plist, and .zip, .tar and .tar.gz archives")
            }
            expanded += matches
        }
        return expanded
    }

    /// Whether `path` is a bundle folder: one with a manifest at its root.
    static func isBundleFolder(_ path: String) -> Bool {
        [BundleFileName.jsonManifest, BundleFileName.plistManifest].contains { FileManager.default.fileExists(atPath: path + "/" + $0) }
    }

    /// The bundles under the pattern's fixed leading folders whose paths match it, sorted.
    private static func matches(of pattern: String) -> [String] {
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: false)
        let fixed = parts.prefix { !Glob.isPattern(String($0)) }
        let base = fixed.joined(separator: "/")
        let root = base.isEmpty ? "." : base
        let glob = Glob(pattern)
        var found: [String] = []
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        while let relative = walker.nextObject() as? String {
            let path = base.isEmpty ? relative : base + "/" + relative
            // Hidden folders (.git, .build) hold no bundles a pattern means.
            if (relative as NSString).lastPathComponent.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            guard glob.matches(path) else { continue }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                if isBundleFolder(path) { found.append(path) }
            } else if archiveSuffixes.contains(where: { path.lowercased().hasSuffix($0) }) {
                found.append(path)
            }
        }
        return found.sorted()
    }
}
