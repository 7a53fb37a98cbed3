import Foundation

/// Where a bundle's files are read from: the disk, or the disk with some files' contents given
/// in memory instead (an editor's unsaved buffers). Every reader of a bundle's own files (its
/// JSON, manifest, storyboard and model XML, scenarios, `.widgetry.json`) reads through one,
/// and ``BoundedFile``'s size limit applies to the contents in memory as to the disk's.
///
/// Contents in memory replace a file's on the disk; one the folder does not hold is added to
/// the listing of its folder (``addedNames(in:)``), when that folder exists.
public struct BundleFileSystem: Sendable {
    /// The contents that replace the disk's, by absolute standardized path.
    private let overrides: [String: [UInt8]]

    /// The disk, unchanged.
    public static let disk = BundleFileSystem(overriding: [:])

    /// The disk, with the files at the keys of `contents` (absolute paths) holding the bytes
    /// given instead of their own.
    public init(overriding contents: [String: [UInt8]]) {
        overrides = Dictionary(contents.map { (Self.standardized($0.key), $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Whether nothing is held in memory.
    public var isDisk: Bool { overrides.isEmpty }

    /// The bytes of the file at `path`, refused when larger than `limit` (``BoundedFile``).
    package func bytes(of path: String, limit: Int) throws(BoundedFile.Failure) -> [UInt8] {
        if let held = held(path) {
            guard held.count <= limit else { throw .tooLarge(limit: limit) }
            return held
        }
        return try BoundedFile.bytes(of: path, limit: limit)
    }

    /// Whether a file is at `path`: held in memory, or anything on the disk.
    package func fileExists(atPath path: String) -> Bool {
        held(path) != nil || FileManager.default.fileExists(atPath: path)
    }

    /// The names of the files held in memory directly in the folder `directory`, sorted: a
    /// listing adds those it did not find on the disk.
    package func addedNames(in directory: String) -> [String] {
        guard !overrides.isEmpty else { return [] }
        let folder = Self.standardized(directory)
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return overrides.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
            .map { String($0.dropFirst(prefix.count)) }.sorted()
    }

    /// What memory holds for `path` (nil for a file read from the disk); nothing is looked up
    /// while nothing is held.
    package func held(_ path: String) -> [UInt8]? {
        guard !overrides.isEmpty else { return nil }
        if let held = overrides[path] { return held }
        return Self.isStandardized(path) ? nil : overrides[Self.standardized(path)]
    }

    /// Whether `path` is already as ``standardized(_:)`` makes it (absolute, no `.` or `..`
    /// component, no empty one, no trailing `/`), so that looking it up again is not needed:
    /// the readers of a bundle name its files so, one lookup each.
    static func isStandardized(_ path: String) -> Bool {
        let bytes = path.utf8
        guard bytes.count > 1, bytes.first == UInt8(ascii: "/"), bytes.last != UInt8(ascii: "/") else { return false }
        // Each component's length and whether it is all dots, as the bytes go by.
        var length = 0, dots = 0
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (dots == length && length <= 2) { return false }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return !(dots == length && length <= 2)
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
