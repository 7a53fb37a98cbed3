import Foundation
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
    /// path; a file `fileSystem` holds in memory is judged by its first bytes there.
    static func scan(_ root: String, fileSystem: BundleFileSystem = .disk) -> [(path: String, kind: Kind)] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [(path: String, kind: Kind)] = []
        for case let path as String in enumerator {
            let full = (root as NSString).appendingPathComponent(path)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: full),
                  (attributes[.type] as? FileAttributeType) == .typeRegular else { continue }
            if let head = fileSystem.held(full).map({ Array($0.prefix(4)) }) ?? firstBytes(of: full) {
                if let program = signatures.first(where: { head.starts(with: $0.bytes) }) {
                    found.append((path, .program(program.kind)))
                    continue
                }
            }
            if let permissions = attributes[.posixPermissions] as? Int, permissions & 0o111 != 0 {
                found.append((path, .markedExecutable))
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The first four bytes of the file at `path`, without reading the rest.
    private static func firstBytes(of path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return [UInt8](handle.readData(ofLength: 4))
    }
}
