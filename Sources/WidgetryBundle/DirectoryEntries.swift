#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
package import WidgetryJSON

/// The entries directly in one folder, each with what it is, read with `readdir`: the type
/// comes with the name, so listing a folder of a thousand files makes no `lstat` call per file
/// (only where the file system does not say, `DT_UNKNOWN`). Links are reported as links, never
/// followed.
package enum DirectoryEntries {
    package enum Kind: Sendable, Equatable {
        case file, directory, link, other
    }

    /// The names in `path` (`.` and `..` left out), in the order the file system gives them.
    ///
    /// - Throws: ``BundleError/unreadableFile(path:reason:)`` when the folder cannot be opened.
    package static func list(_ path: String) throws(BundleError) -> [(name: String, kind: Kind)] {
        guard let directory = opendir(path) else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        var entries: [(name: String, kind: Kind)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            guard name != ".", name != ".." else { continue }
            entries.append((name, kind(Int32(entry.pointee.d_type), in: path, name)))
        }
        return entries
    }

    /// The names in `path` as ``list(_:)`` gives them, followed by the files `fileSystem` holds
    /// in memory in that folder that the disk lacks, sorted.
    package static func list(_ path: String, in fileSystem: BundleFileSystem) throws(BundleError) -> [(name: String, kind: Kind)] {
        var entries = try list(path)
        let added = fileSystem.addedNames(in: path)
        guard !added.isEmpty else { return entries }
        let listed = Set(entries.map(\.name))
        entries += added.filter { !listed.contains($0) }.map { ($0, Kind.file) }
        return entries
    }

    private static func kind(_ type: Int32, in folder: String, _ name: String) -> Kind {
        switch type {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK): return .link
        case Int32(DT_UNKNOWN):
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .directory
            case S_IFLNK: return .link
            default: return .other
            }
        default: return .other
        }
    }
}
