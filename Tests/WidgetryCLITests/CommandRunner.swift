import Foundation
import WidgetryTestSupport

/// Runs the built `widgetry` executable as a user would, capturing its output and exit code.
enum CommandRunner {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let feed = Samples.widget("Feed")

    /// The executable next to the test bundle (both are products of the same build).
    static let executable: String = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("widgetry").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return Samples.file(".build/debug/widgetry")
    }()

    /// Runs `widgetry arguments…` with `NO_COLOR` set. Output goes to files rather than pipes,
    /// so a chatty child can never block on a full pipe; `standardOutput` sends standard output
    /// to that file instead (`/dev/full`), and the outcome's `stdout` is then empty.
    /// `directory` is the working directory (this process's when nil); `standardInput` is a
    /// file the command reads as its standard input (nothing when nil).
    static func run(_ arguments: [String], environment extra: [String: String] = [:], standardOutput: String? = nil,
                    in directory: String? = nil, standardInput: String? = nil) throws -> Outcome {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let scratch = folder.path
        let outPath = scratch + "/stdout"
        let errPath = scratch + "/stderr"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["XDG_CACHE_HOME"] = scratch + "/cache"
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: standardOutput ?? outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        process.standardInput = standardInput.flatMap { FileHandle(forReadingAtPath: $0) } ?? FileHandle.nullDevice
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        try process.run()
        process.waitUntilExit()
        let stdout = FileManager.default.contents(atPath: outPath) ?? Data()
        let stderr = FileManager.default.contents(atPath: errPath) ?? Data()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
    }
}
