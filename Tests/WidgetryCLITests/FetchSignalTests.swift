import Foundation
import NIOCore
import Testing
import WidgetryTestSupport

/// `widgetry` interrupted (SIGINT) or terminated (SIGTERM) leaves no temporary file behind and
/// exits with 128 + the signal's number.
struct FetchSignalTests {
    /// Starts `widgetry arguments…` with standard error in `scratch/stderr.txt`.
    private func start(_ arguments: [String], in scratch: TemporaryDirectory, environment extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandRunner.executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { _, given in given }
        process.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: scratch.file("stderr.txt"), contents: nil)
        process.standardError = FileHandle(forWritingAtPath: scratch.file("stderr.txt"))
        try process.run()
        return process
    }

    /// Waits, without a time limit of its own, until `condition` holds or the process ended.
    private func wait(for process: Process, until condition: () -> Bool) async throws {
        while process.isRunning, !condition() {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    private func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalRemovesTheDownloadInProgress(_ signalNumber: Int32) async throws {
        // 4 MB at 20 kB/s: over three minutes, so the download is still under way however late a
        // busy machine lets this test look (and above the stall floor of 1 KiB per 30 s).
        let body = [UInt8](repeating: 7, count: 4_000_000)
        let server = try await TestHTTPServer.start { _ in
            TestResponse(body: body, behaviour: .drip(chunkSize: 1_000, interval: .milliseconds(50)))
        }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let cache = scratch.path + "/cache"
        let process = try start(["fetch", server.baseURL + "/slow.zip", "--to", scratch.path + "/out", "--cache-dir", cache], in: scratch)
        try await wait(for: process) { entries(cache).contains { $0.hasPrefix(".download-") } }
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        try await server.stop()
        let said = (try? String(contentsOfFile: scratch.file("stderr.txt"), encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 128 + signalNumber, "standard error: \(said)")
        let left = entries(cache).filter { $0.hasPrefix(".download-") }
        #expect(left.isEmpty, "left behind: \(left)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out"))
    }

    /// A command that runs on an archive (here `serve-stub`, which runs until stopped) extracts
    /// it into the temporary folder; Ctrl-C removes that folder too.
    @Test func aSignalRemovesTheFilesOfALoadedArchive() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let temporary = scratch.file("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        #expect(try CommandRunner.run(["pack", CommandRunner.feed, "-o", scratch.file("feed.zip")]).status == 0)
        let process = try start(["serve-stub", scratch.file("feed.zip"), "--port", "0"], in: scratch, environment: ["TMPDIR": temporary])
        let log = scratch.file("stderr.txt")
        try await wait(for: process) { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("serving ") }
        #expect(entries(temporary).contains { $0.hasPrefix("widgetry-") }, "the archive is extracted into TMPDIR while it is served")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 130, "standard error: \(said)")
        #expect(entries(temporary) == [], "left behind")
    }

    /// Ctrl-C while an archive is being extracted: the files vanish under the extractor, which
    /// fails; the process must still end through the cleanup (130, nothing left), not with the
    /// extractor's error and the staging folder half removed. Whether the signal lands before
    /// the extraction ends is up to the machine, so either outcome is accepted, each whole.
    @Test func aSignalDuringExtractionLeavesNothingHalfDone() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let files = (0..<4_500).map { TestArchive.Entry.text("B/d\($0 % 90)/f\($0).json", "{}") }
        try TestArchive(.tar, [.text("B/Info.json", #"{"identifier": "a.b"}"#)] + files).write(to: scratch.file("big.tar"))
        let place = scratch.file("place")
        try FileManager.default.createDirectory(atPath: place, withIntermediateDirectories: true)
        let process = try start(["fetch", scratch.file("big.tar"), "--to", place + "/out"], in: scratch)
        // Half the files written (d0 holds every 90th of 4,500), so removing them takes the cleanup a while.
        try await wait(for: process) {
            entries(place).contains { $0.contains(".staging-") && entries(place + "/" + $0 + "/B/d0").count >= 25 }
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let said = (try? String(contentsOfFile: scratch.file("stderr.txt"), encoding: .utf8)) ?? ""
        switch process.terminationStatus {
        case 130:
            #expect(entries(place) == [], "interrupted: nothing left")
            #expect(said.isEmpty, "the extractor's failure is the interruption's, not reported")
        case 0:
            #expect(entries(place) == ["out"], "finished before the signal: the bundle and nothing else")
        default:
            Issue.record("exit \(process.terminationStatus), left \(entries(place)): \(said)")
        }
    }
}
