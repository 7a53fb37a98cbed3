import Foundation
import NIOCore
import Testing
import WidgetryTestSupport

/// `widgetry fetch` killed mid-download leaves no temporary file in the cache or staging folder.
struct FetchSignalTests {
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandRunner.executable)
        process.arguments = ["fetch", server.baseURL + "/slow.zip", "--to", scratch.path + "/out", "--cache-dir", cache]
        process.standardOutput = FileHandle.nullDevice
        // Standard error goes to a file, so a failure says why the command ended.
        let errorLog = scratch.path + "/stderr.txt"
        FileManager.default.createFile(atPath: errorLog, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errorLog)
        try process.run()
        // Wait (without a time limit of our own) until the download is under way on disk.
        while process.isRunning, ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).allSatisfy({ !$0.hasPrefix(".download-") }) {
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        try await server.stop()
        let said = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 128 + signalNumber, "standard error: \(said)")
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter { $0.hasPrefix(".download-") }
        #expect(left.isEmpty, "left behind: \(left)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out"))
    }
}
