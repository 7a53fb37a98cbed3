import Foundation
import Synchronization
import Testing
import WidgetryBundle
@testable import WidgetryCLI
import WidgetryTestSupport

/// The download progress bar: about ten redraws a second whatever the number of updates, with a
/// rate and the time left, and nothing on a terminal that cannot redraw. Time is given, never read.
struct ProgressBarTests {
    @Test func aLargeDownloadRedrawsAboutTenTimesASecondAndAlwaysAtTheEnd() {
        // The issue's download: 157 MB in 3,311 updates, here spread over 20 seconds.
        let total: Int64 = 157_000_000
        let updates = 3_311
        var throttle = ProgressThrottle()
        var drawn: [ProgressThrottle.Frame] = []
        for index in 1...updates {
            let received = total * Int64(index) / Int64(updates)
            let time = 20 * Double(index) / Double(updates)
            if let frame = throttle.frame(for: DownloadProgress(receivedBytes: received, totalBytes: total), at: time) {
                drawn.append(frame)
            }
        }
        #expect((195...202).contains(drawn.count), "drawn \(drawn.count) times in 20 s")
        #expect(drawn.last?.progress.receivedBytes == total, "the last update is always drawn")
        #expect(drawn.last?.secondsLeft == 0)
    }

    @Test func theLineShowsTheRateAndTheTimeLeft() throws {
        var throttle = ProgressThrottle()
        let total: Int64 = 100_000_000
        let frames = [(0, 50.0), (1_000, 50.05), (25_000_000, 52.0)].map { received, time in
            throttle.frame(for: DownloadProgress(receivedBytes: Int64(received), totalBytes: total), at: time)
        }
        #expect(frames[0].map { ProgressBar.line(for: $0, width: 10) } == "downloading   0% [          ] 0 B / 100.0 MB")
        #expect(frames[1] == nil, "0.05 s after the last one drawn")
        #expect(frames[2].map { ProgressBar.line(for: $0, width: 10) } == "downloading  25% [##        ] 25.0 MB / 100.0 MB  12.5 MB/s  ETA 0:06")
        var unknownSize = ProgressThrottle()
        let unknown = unknownSize.frame(for: DownloadProgress(receivedBytes: 0, totalBytes: nil), at: 0)
        #expect(unknown.map { ProgressBar.line(for: $0) } == "downloading 0 B")
        #expect(ProgressBar.formatDuration(3_725) == "1:02:05")
        #expect(ProgressBar.formatDuration(.infinity) == "--:--")
    }

    @Test func theBarDrawsThroughItsClockAndNothingWhenItCannot() throws {
        let lines = Mutex<[String]>([])
        let time = Mutex(0.0)
        let bar = ProgressBar(draw: { line in lines.withLock { $0.append(line) } }, clock: { time.withLock { $0 } })
        let callback = try #require(bar.callback)
        for received in stride(from: Int64(0), through: 1_000, by: 10) {
            time.withLock { $0 += 1.0 / 32 }
            callback(DownloadProgress(receivedBytes: received, totalBytes: 1_000))
        }
        bar.finish()
        let drawn = lines.withLock { $0 }
        // 101 updates 1/32 s apart: every fourth is the first 0.1 s after the last drawn, the
        // 101st among them; then the clearing.
        #expect(drawn.count == 27, "\(drawn)")
        #expect(drawn[drawn.count - 2].hasPrefix("\rdownloading 100% ["))
        #expect(drawn.last == "\r\u{1B}[K")
        #expect(ProgressBar(draw: nil, clock: { 0 }).callback == nil)
    }

    @Test(arguments: [(nil, false), ("", false), ("dumb", false), ("xterm-256color", true), ("screen", true)] as [(String?, Bool)])
    func onlyATerminalThatRedrawsGetsABar(term: String?, redraws: Bool) {
        #expect(Console.redraws(term: term) == redraws)
    }

    @Test func aDownloadWithStandardErrorInAFileDrawsNothing() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try TestArchive(.zip, [.text("Demo.bundle/Info.json", #"{"identifier": "a.b"}"#)]).write(to: scratch.file("d.zip"))
        let archive = try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch.file("d.zip"))))
        let outcome = try await TestHTTPServer.with({ _ in TestResponse(body: archive) }) { server in
            try CommandRunner.run(["fetch", server.baseURL + "/d.zip", "--to", scratch.file("out"), "--no-cache"], environment: ["TERM": "xterm-256color"])
        }
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "standard error is a file, not a terminal")
    }

    @Test func aDownloadOnATerminalDrawsTheBarUnlessTheTerminalIsDumb() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try TestArchive(.zip, [.text("Demo.bundle/Info.json", #"{"identifier": "a.b"}"#)]).write(to: scratch.file("d.zip"))
        let archive = try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch.file("d.zip"))))
        try await TestHTTPServer.with({ _ in TestResponse(body: archive) }) { server in
            let shown = try TerminalRunner.run(["fetch", server.baseURL + "/d.zip", "--to", scratch.file("a"), "--no-cache"], term: "xterm-256color")
            #expect(shown.status == 0, "\(shown.output)")
            #expect(shown.output.contains("\rdownloading 100% [##############################] \(archive.count) B / \(archive.count) B"), "\(shown.output)")
            for term in ["dumb", nil] {
                let plain = try TerminalRunner.run(["fetch", server.baseURL + "/d.zip", "--to", scratch.file("b-\(term ?? "unset")"), "--no-cache"], term: term)
                #expect(plain.status == 0, "\(plain.output)")
                #expect(!plain.output.contains("downloading"), "TERM=\(term ?? "unset"): \(plain.output)")
            }
        }
    }
}
