import Foundation
import Testing
import WidgetryTestSupport

/// `docs/TUTORIAL.md`, replayed from an empty folder: every file it writes is written, every
/// edit made, every command run, and each command must print exactly what the tutorial shows
/// and exit as it says. `WIDGETRY_UPDATE_GOLDENS=1` rewrites the outputs in the document.
@Suite struct TutorialReplayTests {
    static let path = Samples.file("docs/TUTORIAL.md")

    @Test func theTutorialSaysWhatWidgetrySays() throws {
        let markdown = try String(contentsOfFile: Self.path, encoding: .utf8)
        let script = TutorialScript(markdown: markdown)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var outputs: [(output: String, status: Int32)] = []
        var commandCount = 0
        for part in script.parts {
            guard case .block(let block, _) = part else { continue }
            switch block {
            case .write(let path, let text):
                let file = directory.file(path)
                try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            case .edit(let path, let replacements):
                var text = try String(contentsOfFile: directory.file(path), encoding: .utf8)
                for (old, new) in replacements {
                    #expect(text.components(separatedBy: old).count == 2, "\(path): '\(old)' occurs exactly once")
                    text = text.replacingOccurrences(of: old, with: new)
                }
                try Data(text.utf8).write(to: URL(fileURLWithPath: directory.file(path)))
            case .console(let commands):
                for command in commands {
                    #expect(command.arguments.first == "widgetry", "\(command.line) runs widgetry")
                    let outcome = try CommandRunner.run(Array(command.arguments.dropFirst()), in: directory.path)
                    let printed = outcome.stdout + outcome.stderr
                    outputs.append((printed, outcome.status))
                    commandCount += 1
                    #expect(printed == command.output, "$ \(command.line)")
                    #expect(outcome.status == command.status, "$ \(command.line) exits \(outcome.status)")
                }
            }
        }
        #expect(commandCount >= 8, "the tutorial runs the commands it teaches")
        if ProcessInfo.processInfo.environment["WIDGETRY_UPDATE_GOLDENS"] == "1" {
            try Data(script.rendered(outputs: outputs).utf8).write(to: URL(fileURLWithPath: Self.path))
        }
    }
}
