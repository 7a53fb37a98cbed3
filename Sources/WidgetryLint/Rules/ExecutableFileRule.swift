import Foundation
import WidgetryJSON

/// A bundle carries an executable: a file with an execute permission, or one that starts like a
/// program (ELF, Mach-O, a `#!` script, a Windows executable).
struct ExecutableFileRule: LintRule {
    static let description = LintRuleDescription(
        id: "executable-file", severity: .error,
        summary: "A bundle holds data, never programs.",
        rationale: "Widgets come from places the host does not control; nothing in a bundle is ever run, so an executable in one is either a mistake or an attack waiting for a careless host.",
        examples: [
            LintExample("a shell script", files: ["S.json": #"{"S": {}}"#, "install.sh": "1️⃣#!/bin/sh\necho hello\n"]),
            LintExample("only data", files: ["S.json": #"{"S": {}}"#, "notes.txt": "plain text\n"]),
        ])

    static let signatures: [(bytes: [UInt8], kind: String)] = [
        ([0x7F, 0x45, 0x4C, 0x46], "an ELF program"), ([0xCF, 0xFA, 0xED, 0xFE], "a Mach-O program"), ([0xFE, 0xED, 0xFA, 0xCF], "a Mach-O program"),
        ([0xCA, 0xFE, 0xBA, 0xBE], "a universal Mach-O program"), ([0x4D, 0x5A], "a Windows program"), ([0x23, 0x21], "a script (#!)"),
    ]

    func check(_ context: LintContext) -> [Diagnostic] {
        let root = context.bundle.rootPath
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var findings: [Diagnostic] = []
        for case let path as String in enumerator {
            let full = (root as NSString).appendingPathComponent(path)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: full),
                  (attributes[.type] as? FileAttributeType) == .typeRegular else { continue }
            var reason: String?
            if let handle = FileHandle(forReadingAtPath: full) {
                let head = [UInt8](handle.readData(ofLength: 4))
                try? handle.close()
                reason = Self.signatures.first { head.starts(with: $0.bytes) }?.kind
            }
            if reason == nil, let permissions = attributes[.posixPermissions] as? Int, permissions & 0o111 != 0 {
                reason = "marked executable"
            }
            guard let reason else { continue }
            findings.append(Diagnostic(code: Self.description.id, severity: .error, file: context.displayPrefix + path,
                                       location: SourceLocation(offset: 0, line: 1, column: 1), pointer: nil,
                                       message: "\(path) is \(reason)", hint: "remove it from the bundle: nothing in a bundle is ever run"))
        }
        return findings.sorted()
    }
}
