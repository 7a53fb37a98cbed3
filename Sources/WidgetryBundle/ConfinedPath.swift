import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A file that a bundle or a scenario names, kept inside the folder it must stay in.
///
/// Bundles come from places the host does not control, so every path one of their files names
/// (a scenario's goldens and picked media, anything later formats let a bundle name) goes
/// through this one type: the name must be relative, without `..`, backslashes or NUL, and once
/// the folders on its way exist, their real path (symbolic links resolved) must still be inside
/// the confining folder. A name that fails is a ``PathEscape`` (`bundle.path-escape`), never a
/// read or a write somewhere else.
public struct ConfinedPath: Sendable, Hashable, CustomStringConvertible {
    /// The confining folder, as given.
    public let folder: String
    /// The name, relative to ``folder``, with `.` components and repeated slashes removed.
    public let relative: String

    /// The path to read or write: ``folder`` joined with ``relative``.
    public var path: String { folder + "/" + relative }

    public var description: String { relative }

    /// Checks `name` by its text alone: relative, no `..`, no backslash, no NUL, not empty.
    ///
    /// - Throws: ``PathEscape`` naming the reason.
    public init(_ name: String, in folder: String) throws(PathEscape) {
        func refuse(_ reason: PathEscape.Reason) -> PathEscape { PathEscape(name: name, folder: folder, reason: reason) }
        if name.isEmpty { throw refuse(.empty) }
        if name.hasPrefix("/") || name.hasPrefix("~") { throw refuse(.absolute) }
        if name.contains("\\") || name.utf8.contains(0) { throw refuse(.forbiddenCharacter) }
        let components = name.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        if components.contains("..") { throw refuse(.parentReference) }
        if components.isEmpty { throw refuse(.empty) }
        self.folder = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        self.relative = components.joined(separator: "/")
    }

    /// The path of a file already joined to `folder` (`folder/name`), checked as ``init(_:in:)`` checks `name`.
    public init(joined path: String, in folder: String) throws(PathEscape) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(prefix) else { throw PathEscape(name: path, folder: folder, reason: .absolute) }
        try self.init(String(path.dropFirst(prefix.count)), in: folder)
    }

    /// The path to use, after checking the file system: the real path of the deepest part of
    /// ``path`` that exists (the file itself, or the folder a write will create it in) must lie
    /// inside the real path of ``folder``. Call it just before reading or writing.
    ///
    /// - Throws: ``PathEscape`` with ``PathEscape/Reason/outsideFolder(_:)`` when a symbolic link
    ///   on the way leads out, or ``PathEscape/Reason/folderMissing`` when ``folder`` is gone.
    public func resolved() throws(PathEscape) -> String {
        guard let base = Self.realPath(folder) else { throw PathEscape(name: relative, folder: folder, reason: .folderMissing) }
        var existing = path
        var rest: [String] = []
        var real = Self.realPath(existing)
        while real == nil {
            var info = stat()
            if lstat(existing, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw PathEscape(name: relative, folder: folder, reason: .outsideFolder("a link that leads nowhere"))
            }
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
            real = Self.realPath(existing)
        }
        guard let real, real == base || real.hasPrefix(base == "/" ? "/" : base + "/") else {
            throw PathEscape(name: relative, folder: folder, reason: .outsideFolder(real ?? existing))
        }
        return ([real] + rest).joined(separator: "/")
    }

    /// `realpath(3)`: the absolute path with every link resolved; nil when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}

/// A path a bundle names that would leave the folder it must stay in (``ConfinedPath``).
public struct PathEscape: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the name was refused.
    public enum Reason: Sendable, Hashable {
        case empty
        case absolute
        case parentReference
        case forbiddenCharacter
        /// A symbolic link on the way leads out of the folder (to the path given).
        case outsideFolder(String)
        /// The confining folder does not exist.
        case folderMissing
    }

    /// The stable code of every confinement failure.
    public static let code = "bundle.path-escape"

    /// The name as the bundle wrote it.
    public var name: String
    /// The folder it must stay in.
    public var folder: String
    public var reason: Reason

    public init(name: String, folder: String, reason: Reason) {
        self.name = name
        self.folder = folder
        self.reason = reason
    }

    /// What is wrong with the name, in a sentence without the code.
    public var message: String {
        switch reason {
        case .empty: "the path is empty"
        case .absolute: "'\(name)' is an absolute path"
        case .parentReference: "'\(name)' climbs out with '..'"
        case .forbiddenCharacter: "'\(name)' holds a backslash or a NUL character"
        case .outsideFolder(let target): "'\(name)' leads out of its folder through a symbolic link (to \(target))"
        case .folderMissing: "the folder '\(folder)' that must hold '\(name)' does not exist"
        }
    }

    /// How to fix it.
    public var hint: String {
        "name a file inside the folder, relative to it (e.g. \"goldens/home.txt\"); absolute paths, '..' and links out are refused"
    }

    public var description: String { "\(message) [\(Self.code)]" }
}
