import Foundation
import WidgetryTestSupport

/// Runs the built `widgetry` on a pseudo-terminal, as a person at a terminal would, through
/// util-linux's `script` (Debian's essential bsdutils): what colour and progress look like where
/// they are shown. Standard output and error arrive merged, with the terminal's `\r\n` line ends.
enum TerminalRunner {
    /// Runs `widgetry arguments…` with `TERM` and `NO_COLOR` as given (unset when nil) and
    /// returns its exit code and everything it wrote to the terminal.
    static func run(_ arguments: [String], term: String?, noColor: String? = nil) throws -> (status: Int32, output: String) {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let scratch = folder.path
        let quoted = ([CommandRunner.executable] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["--quiet", "--return", "--command", quoted.joined(separator: " "), "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = term
        environment["NO_COLOR"] = noColor
        environment["XDG_CACHE_HOME"] = scratch + "/cache"
        process.environment = environment
        _ = FileManager.default.createFile(atPath: scratch + "/output", contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: scratch + "/output")
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let output = FileManager.default.contents(atPath: scratch + "/output") ?? Data()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
