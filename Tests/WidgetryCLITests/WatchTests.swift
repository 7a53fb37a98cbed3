import Foundation
import Testing
import WidgetryTestSupport

/// `--watch`: the work runs again when a file of the bundle changes, and the process stays up
/// through errors until it is stopped.
@Suite struct WatchTests {
    /// Waits (up to a minute, a guard against hanging, not a measure) until `file` holds `count`
    /// occurrences of `text`.
    private func wait(for text: String, count: Int, in file: String) async throws -> String {
        for _ in 0..<600 {
            let content = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            if content.components(separatedBy: text).count - 1 >= count { return content }
            try await Task.sleep(for: .milliseconds(100))
        }
        return (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }

    @Test func lintRunsAgainWhenAFileChanges() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try CommandRunner.run(["init", "Notes"], in: directory.path).status == 0)
        let output = directory.file("out.txt"), errors = directory.file("err.txt")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandRunner.executable)
        process.arguments = ["lint", "Notes", "--watch"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle(forWritingAtPath: errors)
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        let first = try await wait(for: "watching Notes for changes", count: 1, in: errors)
        #expect(first.contains("watching Notes for changes; Ctrl-C stops"))
        let screen = directory.file("Notes/NotesViewController.json")
        let text = try String(contentsOfFile: screen, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"sortByFields\": \"title\"", with: "\"sortByFields\": \"titel\"").utf8).write(to: URL(fileURLWithPath: screen))
        let second = try await wait(for: "watching Notes for changes", count: 2, in: errors)
        #expect(second.contains("changed: Notes/NotesViewController.json"))
        let reports = try String(contentsOfFile: output, encoding: .utf8)
        #expect(reports.hasPrefix("0 errors, 0 warnings in 5 files\n"))
        #expect(reports.contains("error: unknown key 'titel' on entity Item [unknown-key-path]"))
        #expect(process.isRunning, "a finding does not end the watch")
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
    }
}
