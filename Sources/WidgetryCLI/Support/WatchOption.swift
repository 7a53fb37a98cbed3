import ArgumentParser
import WidgetryJSON
import Foundation

/// `--watch` for `run`, `test` and `lint`: do the work, then again each time a file of the
/// bundles changes, until Ctrl-C. Changes are found by comparing each file's size and
/// modification time every ``interval`` (which needs no file-system notifications, so it
/// works on network and container mounts alike), and debounced: the work starts again once
/// nothing has changed for ``quietPeriod``, so an editor's save of several files is one re-run.
struct WatchOption: ParsableArguments {
    @Flag(help: "Run again each time a file of the bundles changes (polled, debounced), until Ctrl-C.")
    var watch = false

    static let interval: Duration = .milliseconds(200)
    static let quietPeriod: Duration = .milliseconds(300)

    /// Runs `work` once, or, with `--watch`, again after every change to the files of
    /// `bundles` (URLs have none to watch). While watching, what `work` throws is reported and
    /// the watch goes on.
    func run(watching bundles: [String], console: Console, reportingAs command: (any ReportsErrors)?,
             _ work: () async throws -> Void) async throws {
        guard watch else {
            try await work()
            return
        }
        let paths = bundles.filter { !$0.contains("://") }
        while true {
            let before = FileSnapshot(paths)
            do {
                try await work()
            } catch let exit as ExitCode {
                _ = exit
            } catch let problems as ReportedDiagnostics {
                _ = console.report(problems, as: command)
            } catch let error as any DiagnosticConvertible {
                _ = console.report(ReportedDiagnostics(error), as: command)
            }
            console.writeError("watching \(paths.joined(separator: ", ")) for changes; Ctrl-C stops\n")
            let changed = try await Self.nextChange(after: before, in: paths)
            console.writeError("changed: \(changed.prefix(3).joined(separator: ", "))\(changed.count > 3 ? ", …" : "")\n")
        }
    }

    /// Waits until the files under `paths` differ from `before` and then stay the same for the
    /// quiet period; the files that changed.
    private static func nextChange(after before: FileSnapshot, in paths: [String]) async throws -> [String] {
        var current = before
        while current == before {
            try await Task.sleep(for: interval)
            current = FileSnapshot(paths)
        }
        while true {
            try await Task.sleep(for: quietPeriod)
            let settled = FileSnapshot(paths)
            if settled == current { return before.differences(from: settled) }
            current = settled
        }
    }
}

/// Each regular file under some folders (hidden ones left out, except `.widgetry.json`) with
/// its size and modification time: what `--watch` compares.
struct FileSnapshot: Equatable {
    private var files: [String: [Int]] = [:]

    init(_ paths: [String]) {
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            guard isFolder.boolValue else {
                record(path)
                continue
            }
            guard let walker = FileManager.default.enumerator(atPath: path) else { continue }
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix("."), name != ".widgetry.json" {
                    walker.skipDescendants()
                    continue
                }
                record(path + "/" + relative)
            }
        }
    }

    private mutating func record(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        files[path] = [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    }

    /// The files added, removed or changed between this snapshot and `other`, sorted.
    func differences(from other: FileSnapshot) -> [String] {
        Set(files.keys).union(other.files.keys).filter { files[$0] != other.files[$0] }.sorted()
    }
}
