import Foundation
import WidgetryRuntime

/// `--events FILE`: a run's events as JSON lines, collected while the run goes and written at
/// the end in one piece (to a temporary file renamed into place), so a reader never sees half a
/// log.
final class EventLog {
    private let path: String
    private var lines: [String] = []

    /// Checks that `path` can be written before the run starts.
    init(path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard directory.isEmpty || (FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue) else {
            throw CommandFailure(.unwritableFile, "--events \(path): the folder \(directory) does not exist", hint: "create the folder first, or name a file in an existing one")
        }
        self.path = path
    }

    func append(_ event: RunEvent) {
        lines.append(RunEventJSON.line(event))
    }

    func close() throws {
        try OutputFile.write(lines.map { $0 + "\n" }.joined(), to: path, option: "--events")
    }
}
