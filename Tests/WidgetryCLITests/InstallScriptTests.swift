import Foundation
import Testing
import WidgetryTestSupport

/// `scripts/install`, run on the executable this build made (`WIDGETRY_BINARY`), so no release
/// build runs in the suite: the binary, the completions each shell's generator wrote, and the
/// man page where each goes.
struct InstallScriptTests {
    private func install(_ arguments: [String], environment extra: [String: String], in scratch: TemporaryDirectory) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Samples.file("scripts/install")] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { _, given in given }
        process.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: scratch.file("stderr.txt"), contents: nil)
        process.standardError = FileHandle(forWritingAtPath: scratch.file("stderr.txt"))
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOfFile: scratch.file("stderr.txt"), encoding: .utf8))
    }

    @Test func theBinaryCompletionsAndManPageGoWhereEachIsLookedFor() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try Data(".TH WIDGETRY 1\n".utf8).write(to: URL(fileURLWithPath: scratch.file("widgetry.1")))
        let prefix = scratch.file("prefix")
        let outcome = try install([prefix], environment: ["WIDGETRY_BINARY": CommandRunner.executable, "WIDGETRY_MANUAL": scratch.file("widgetry.1")], in: scratch)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/widgetry"))
        let completions = [
            ("share/bash-completion/completions/widgetry", "complete -o filenames -F _widgetry widgetry"),
            ("share/zsh/site-functions/_widgetry", "#compdef widgetry"),
            ("share/fish/vendor_completions.d/widgetry.fish", "complete -c 'widgetry'"),
        ]
        for (path, marker) in completions {
            let script = try String(contentsOfFile: prefix + "/" + path, encoding: .utf8)
            #expect(script.contains(marker), "\(path)")
            #expect(script.contains("lint") && script.contains("shard"), "\(path) completes subcommands and their options")
        }
        #expect(FileManager.default.contents(atPath: prefix + "/share/man/man1/widgetry.1") == Data(".TH WIDGETRY 1\n".utf8))
    }

    @Test func aDryRunSaysWhatItWouldDoAndWritesNothing() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let prefix = scratch.file("prefix")
        let outcome = try install(["--dry-run", prefix], environment: ["WIDGETRY_BINARY": CommandRunner.executable], in: scratch)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("+ install -m 755 \(CommandRunner.executable) \(prefix)/bin/widgetry\n"))
        #expect(outcome.stderr.contains("--generate-completion-script zsh > \(prefix)/share/zsh/site-functions/_widgetry\n"))
        #expect(!FileManager.default.fileExists(atPath: prefix))
        #expect(try install(["--bogus"], environment: [:], in: scratch).status == 2)
    }
}
