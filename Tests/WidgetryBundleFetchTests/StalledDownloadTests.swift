import Foundation
import NIOCore
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryTestSupport

/// A server that sends a byte at a time never meets the read time-out; the download must still
/// end, as `download.stalled`, and leave no temporary file behind.
struct StalledDownloadTests {
    @Test func aTricklingServerIsAStalledDownload() async throws {
        let body = [UInt8](repeating: 7, count: 10_000)
        let server = try await TestHTTPServer.start { _ in
            TestResponse(body: body, behaviour: .drip(chunkSize: 1, interval: .milliseconds(20)))
        }
        let cache = try TemporaryDirectory()
        defer { cache.remove() }
        // Generous connect and read time-outs: a loaded machine must not turn the stall into a time-out.
        let options = DownloadOptions(connectTimeout: .seconds(120), readTimeout: .seconds(120), stallTimeout: .milliseconds(300),
                                      cacheDirectory: cache.path)
        do {
            _ = try await BundleDownloader(options: options).download(server.baseURL + "/trickle.zip")
            Issue.record("the trickle was downloaded")
        } catch {
            #expect(error.code == "download.stalled", "\(error)")
        }
        try await server.stop()
        #expect(cache.listing().filter { $0.contains(".download-") }.isEmpty, "the partial download is removed")
    }

    @Test func aSlowButSteadyDownloadIsNotStalled() {
        let start = ContinuousClock.now
        var stall = DownloadStall(seconds: 1, now: start)
        var stalls: [Bool] = []
        for second in 1...10 { stalls.append(stall.received(2_000, at: start + .seconds(second))) }
        stalls.append(stall.received(10, at: start + .milliseconds(10_500)))
        #expect(stalls.allSatisfy { !$0 }, "a kilobyte a second is slow, not stalled")
        let stalled = stall.received(10, at: start + .seconds(11))
        #expect(stalled, "20 bytes in a second is a stall")
    }
}
