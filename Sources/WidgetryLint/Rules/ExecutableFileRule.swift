import Foundation
import WidgetryJSON

/// A bundle carries a program: a file that starts like one (ELF, Mach-O, a `#!` script, a
/// Windows executable).
struct ExecutableFileRule: LintRule {
    static let description = LintRuleDescription(
        id: "executable-file", severity: .error,
        summary: "A bundle holds data, never programs.",
        rationale: "Widgets come from places the host does not control; nothing in a bundle is ever run, so an executable in one is either a mistake or an attack waiting for a careless host.",
        examples: [
            LintExample("a shell script", files: ["S.json": #"{"S": {}}"#, "install.sh": "1️⃣#!/bin/sh\necho hello\n"]),
            LintExample("only data", files: ["S.json": #"{"S": {}}"#, "notes.txt": "plain text\n"]),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        BundleFileKinds.scan(context.bundle.rootPath).compactMap { file in
            guard case .program(let kind) = file.kind else { return nil }
            return context.fileFinding(Self.description, path: file.path, message: "\(file.path) is \(kind)",
                                       hint: "remove it from the bundle: nothing in a bundle is ever run")
        }
    }
}

/// A data file of a bundle with an execute permission. Nothing reads the bit and upstream
/// ignored it, and files copied from a Mac or a project folder often carry it: a warning.
struct ExecutableModeRule: LintRule {
    static let description = LintRuleDescription(
        id: "executable-mode", severity: .warning,
        summary: "Files of a bundle are not marked executable.",
        rationale: "The file is data, so the bit does nothing, but a host that unpacks bundles keeps it; clear it so that nothing in a bundle even looks runnable.",
        examples: [
            LintExample("data marked executable", files: ["S.json": #"{"S": {}}"#, "notes.txt": "1️⃣plain text\n"], executable: ["notes.txt"]),
            LintExample("data", files: ["S.json": #"{"S": {}}"#, "notes.txt": "plain text\n"]),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        BundleFileKinds.scan(context.bundle.rootPath).compactMap { file in
            guard case .markedExecutable = file.kind else { return nil }
            return context.fileFinding(Self.description, path: file.path, message: "\(file.path) is data marked executable",
                                       hint: "clear the bit: chmod a-x '\(file.path)'")
        }
    }
}

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

    /// Every regular file under `root` that starts like a program or is marked executable, by path.
    static func scan(_ root: String) -> [(path: String, kind: Kind)] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [(path: String, kind: Kind)] = []
        for case let path as String in enumerator {
            let full = (root as NSString).appendingPathComponent(path)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: full),
                  (attributes[.type] as? FileAttributeType) == .typeRegular else { continue }
            if let handle = FileHandle(forReadingAtPath: full) {
                let head = [UInt8](handle.readData(ofLength: 4))
                try? handle.close()
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
}
