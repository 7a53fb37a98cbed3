#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetryBundle
import WidgetryJSON

/// The files of a bundle that look runnable: by their first bytes, else by their mode.
enum BundleFileKinds {
    enum Kind: Equatable {
        /// Starts like a program of this kind.
        case program(String)
        /// Data with an execute permission.
        case markedExecutable
    }

    static let signatures: [(bytes: [UInt8], kind: String)] = [
        ([0x7F, 0x45, 0x4C, 0x46], "an ELF program"), ([0xCF, 0xFA, 0xED, 0xFE], "a Mach-O program"), ([0xFE, 0xED, 0xFA, 0xCF], "a Mach-O program"),
        ([0xCA, 0xFE, 0xBA, 0xBE], "a universal Mach-O program"), ([0x4D, 0x5A], "a Windows program"), ([0x23, 0x21], "a script (#!)"),
    ]

    /// Every regular file under `root` that starts like a program or is marked executable, by
    /// path relative to `root`, sorted. Links are not followed. A file `fileSystem` holds in
    /// memory is judged by its first bytes there, and one whose bytes `read` holds (by path
    /// relative to `root`, as the bundle's reading had them) by those: only the other files are
    /// opened, so a lint of a bundle of a thousand screens makes one `lstat` per file and no more.
    static func scan(_ root: String, fileSystem: BundleFileSystem = .disk, read: [String: [UInt8]] = [:]) -> [(path: String, kind: Kind)] {
        var found: [(path: String, kind: Kind)] = []
        func walk(_ folder: String, relative: String) {
            guard let entries = try? DirectoryEntries.list(folder) else { return }
            for entry in entries {
                let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
                let full = folder + "/" + entry.name
                switch entry.kind {
                case .directory:
                    walk(full, relative: path)
                case .file:
                    var info = stat()
                    guard lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                    let head = fileSystem.held(full).map { Array($0.prefix(4)) } ?? read[path].map { Array($0.prefix(4)) } ?? firstBytes(of: full)
                    if let head, let program = signatures.first(where: { head.starts(with: $0.bytes) }) {
                        found.append((path, .program(program.kind)))
                    } else if info.st_mode & 0o111 != 0 {
                        found.append((path, .markedExecutable))
                    }
                case .link, .other:
                    continue
                }
            }
        }
        walk(root, relative: "")
        return found.sorted { $0.path < $1.path }
    }

    /// The first four bytes of the file at `path`, without reading the rest (and without
    /// following a link, or waiting on a file that is not a regular one).
    private static func firstBytes(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 4)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 4) }
        return count >= 0 ? Array(head.prefix(count)) : nil
    }
}
