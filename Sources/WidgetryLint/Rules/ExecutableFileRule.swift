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
        ], security: true)

    func check(_ context: LintContext) -> [Diagnostic] {
        context.runnableFiles.compactMap { file in
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
        ], security: true)

    func check(_ context: LintContext) -> [Diagnostic] {
        context.runnableFiles.compactMap { file in
            guard case .markedExecutable = file.kind else { return nil }
            return context.fileFinding(Self.description, path: file.path, message: "\(file.path) is data marked executable",
                                       hint: "clear the bit: chmod a-x '\(file.path)'")
        }
    }
}
