import Foundation
import NIOConcurrencyHelpers
import NIOCore
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryTestSupport

/// Downloads against a real HTTP server on 127.0.0.1, misbehaving on purpose where a test says so.
@Suite("Bundle downloads")
struct BundleDownloaderTests {
    static let payload = Array("archive bytes".utf8)

    /// Runs `body` with a started server and a scratch folder, and stops both afterwards.
    private func withServer(
        _ handler: @escaping TestHTTPServer.Handler, _ body: (TestHTTPServer, TemporaryDirectory) async throws -> Void
    ) async throws {
        let server = try await TestHTTPServer.start(handler)
        let scratch = try TemporaryDirectory()
        do {
            try await body(server, scratch)
        } catch {
            try await server.stop()
            scratch.remove()
            throw error
        }
        try await server.stop()
        scratch.remove()
    }

    private func expectError(_ expected: (BundleError) -> Bool, _ operation: () async throws -> Void) async {
        do {
            try await operation()
            Issue.record("expected an error")
        } catch let error as BundleError {
            #expect(expected(error), "got \(error)")
        } catch {
            Issue.record("expected a BundleError, got \(error)")
        }
    }

    @Test func downloadsReportsProgressAndRevalidatesWithETag() async throws {
        try await withServer({ request in
            if request.header("If-None-Match") == "\"v1\"" { return TestResponse(status: 304) }
            return TestResponse(headers: [("ETag", "\"v1\""), ("Last-Modified", "Wed, 20 Jun 2018 19:00:00 GMT")], body: Self.payload)
        }) { server, scratch in
            let seen = NIOLockedValueBox<[DownloadProgress]>([])
            let downloader = BundleDownloader(options: DownloadOptions(cacheDirectory: scratch.file("cache")))
            let first = try await downloader.download(server.baseURL + "/Feed.zip") { progress in seen.withLockedValue { $0.append(progress) } }
            #expect(!first.fromCache)
            #expect(FileManager.default.contents(atPath: first.archivePath) == Data(Self.payload))
            let progress = seen.withLockedValue { $0 }
            #expect(progress.first == DownloadProgress(receivedBytes: 0, totalBytes: Int64(Self.payload.count)))
            #expect(progress.last == DownloadProgress(receivedBytes: Int64(Self.payload.count), totalBytes: Int64(Self.payload.count)))

            let second = try await downloader.download(server.baseURL + "/Feed.zip")
            #expect(second.fromCache)
            #expect(second.archivePath == first.archivePath)
            #expect(server.requests.count == 2)
            #expect(server.requests[1].header("If-None-Match") == "\"v1\"")
            #expect(server.requests[1].header("If-Modified-Since") == "Wed, 20 Jun 2018 19:00:00 GMT")
        }
    }

    @Test func freshCacheEntriesAreUsedWithoutARequest() async throws {
        try await withServer({ _ in TestResponse(headers: [("ETag", "\"v1\"")], body: Self.payload) }) { server, scratch in
            var options = DownloadOptions(cacheDirectory: scratch.file("cache"), cacheTimeToLive: .seconds(60))
            // One fixed instant for both downloads: on a loaded machine a minute can pass between them.
            let start = Date()
            options.now = { start }
            _ = try await BundleDownloader(options: options).download(server.baseURL + "/a.zip")
            let again = try await BundleDownloader(options: options).download(server.baseURL + "/a.zip")
            #expect(again.fromCache)
            #expect(server.requests.count == 1)
            // Once the time to live has passed, the cache revalidates.
            var later = options
            later.now = { start.addingTimeInterval(120) }
            _ = try await BundleDownloader(options: later).download(server.baseURL + "/a.zip")
            #expect(server.requests.count == 2)
        }
    }

    @Test func newContentReplacesTheCachedCopy() async throws {
        let version = NIOLockedValueBox(1)
        try await withServer({ request in
            let current = version.withLockedValue { $0 }
            if request.header("If-None-Match") == "\"v\(current)\"" { return TestResponse(status: 304) }
            return TestResponse(headers: [("ETag", "\"v\(current)\"")], body: Array("version \(current)".utf8))
        }) { server, scratch in
            let downloader = BundleDownloader(options: DownloadOptions(cacheDirectory: scratch.file("cache")))
            _ = try await downloader.download(server.baseURL + "/a.zip")
            version.withLockedValue { $0 = 2 }
            let updated = try await downloader.download(server.baseURL + "/a.zip")
            #expect(!updated.fromCache)
            #expect(FileManager.default.contents(atPath: updated.archivePath) == Data("version 2".utf8))
        }
    }

    @Test func serverErrorsFallBackToTheCacheWithAWarning() async throws {
        let failing = NIOLockedValueBox(false)
        try await withServer({ _ in
            failing.withLockedValue { $0 } ? TestResponse(status: 500, body: Array("down".utf8)) : TestResponse(body: Self.payload)
        }) { server, scratch in
            let downloader = BundleDownloader(options: DownloadOptions(cacheDirectory: scratch.file("cache")))
            _ = try await downloader.download(server.baseURL + "/a.zip")
            failing.withLockedValue { $0 = true }
            let fallback = try await downloader.download(server.baseURL + "/a.zip")
            #expect(fallback.fromCache)
            #expect(fallback.warnings.map(\.code) == ["download.using-cache"])
            #expect(fallback.warnings.first?.message.contains("HTTP 500") == true)
            // Without a cached copy the same failure is an error.
            await expectError({ $0 == .httpStatus(url: server.baseURL + "/b.zip", status: 500) }) {
                _ = try await downloader.download(server.baseURL + "/b.zip")
            }
        }
    }

    @Test func networkDownUsesTheCachedCopy() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let server = try await TestHTTPServer.start { _ in TestResponse(body: Self.payload) }
        let url = server.baseURL + "/a.zip"
        // The client retries refused connections until the connect timeout, so keep it short.
        let downloader = BundleDownloader(options: DownloadOptions(connectTimeout: .milliseconds(500), cacheDirectory: scratch.file("cache")))
        _ = try await downloader.download(url)
        try await server.stop()
        let offline = try await downloader.download(url)
        #expect(offline.fromCache)
        #expect(offline.warnings.map(\.code) == ["download.using-cache"])
    }

    @Test func notFoundIsAnError() async throws {
        try await withServer({ _ in TestResponse(status: 404, body: Array("no".utf8)) }) { server, _ in
            await expectError({ $0 == .httpStatus(url: server.baseURL + "/missing.zip", status: 404) }) {
                _ = try await BundleDownloader().download(server.baseURL + "/missing.zip")
            }
        }
    }

    @Test func slowResponsesTimeOut() async throws {
        try await withServer({ _ in TestResponse(body: Self.payload, behaviour: .delayHead(.seconds(5))) }) { server, _ in
            let options = DownloadOptions(readTimeout: .milliseconds(300))
            await expectError({ $0 == .timeout(url: server.baseURL + "/slow.zip") }) {
                _ = try await BundleDownloader(options: options).download(server.baseURL + "/slow.zip")
            }
        }
    }

    @Test func truncatedBodiesAreDetected() async throws {
        let body = [UInt8](repeating: 42, count: 10_000)
        try await withServer({ _ in TestResponse(body: body, behaviour: .truncate(after: 4_000)) }) { server, scratch in
            await expectError({
                if case .truncatedDownload(_, let received, let expected) = $0 { return received == 4_000 && expected == 10_000 }
                return false
            }) {
                _ = try await BundleDownloader(options: DownloadOptions(cacheDirectory: scratch.file("cache"))).download(server.baseURL + "/t.zip")
            }
            // The partial file is not left in the cache.
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.file("cache"))
            #expect(leftovers.isEmpty)
        }
    }

    @Test func redirectLoopsAndLongChainsStop() async throws {
        try await withServer({ request in
            switch request.uri {
            case "/a": .redirect(to: "/b")
            case "/b": .redirect(to: "/a")
            default:
                // /chain/N redirects to /chain/N+1 forever.
                .redirect(to: "/chain/\((Int(request.uri.split(separator: "/").last ?? "0") ?? 0) + 1)")
            }
        }) { server, _ in
            await expectError({ $0 == .tooManyRedirects(url: server.baseURL + "/a") }) {
                _ = try await BundleDownloader().download(server.baseURL + "/a")
            }
            await expectError({ $0 == .tooManyRedirects(url: server.baseURL + "/chain/0") }) {
                _ = try await BundleDownloader(options: DownloadOptions(maxRedirects: 3)).download(server.baseURL + "/chain/0")
            }
            #expect(server.requests.filter { $0.uri.hasPrefix("/chain") }.count == 4)
        }
    }

    @Test func followsRedirectsWithinTheLimit() async throws {
        try await withServer({ request in
            request.uri == "/old" ? .redirect(to: "/new") : TestResponse(body: Self.payload)
        }) { server, _ in
            let result = try await BundleDownloader().download(server.baseURL + "/old")
            #expect(FileManager.default.contents(atPath: result.archivePath) == Data(Self.payload))
            #expect(result.isTemporary)
            try? FileManager.default.removeItem(atPath: result.archivePath)
        }
    }

    @Test func bodiesOverTheLimitAreRefused() async throws {
        let body = [UInt8](repeating: 1, count: 5_000)
        try await withServer({ _ in TestResponse(body: body) }) { server, _ in
            let options = DownloadOptions(maxBytes: 1_000)
            await expectError({ $0 == .downloadTooLarge(url: server.baseURL + "/big.zip", limit: 1_000) }) {
                _ = try await BundleDownloader(options: options).download(server.baseURL + "/big.zip")
            }
        }
    }

    @Test func downloadsCanBeCancelled() async throws {
        // 1,000 chunks 50 ms apart: the body takes 50 s, so however late a loaded machine runs
        // this task, the cancel comes before the end (the connection closes on cancel, and the
        // server stops dripping).
        let body = [UInt8](repeating: 1, count: 1_000_000)
        try await withServer({ _ in TestResponse(body: body, behaviour: .drip(chunkSize: 1_000, interval: .milliseconds(50))) }) { server, _ in
            let started = NIOLockedValueBox(false)
            let task = Task {
                try await BundleDownloader().download(server.baseURL + "/drip.zip") { _ in started.withLockedValue { $0 = true } }
            }
            while !started.withLockedValue({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
            task.cancel()
            await expectError({ $0 == .cancelled(url: server.baseURL + "/drip.zip") }) {
                _ = try await task.value
            }
        }
    }

    @Test func plainHTTPIsRefusedForOtherHosts() async {
        await expectError({ $0 == .insecureURL("http://example.invalid/a.zip") }) {
            _ = try await BundleDownloader().download("http://example.invalid/a.zip")
        }
        await expectError({ $0 == .invalidURL("ftp://example.invalid/a.zip") }) {
            _ = try await BundleDownloader().download("ftp://example.invalid/a.zip")
        }
    }

    @Test func requestHeadersAreSent() async throws {
        try await withServer({ _ in TestResponse(body: Self.payload) }) { server, _ in
            let result = try await BundleDownloader(options: DownloadOptions(headers: [("Authorization", "Bearer t0k")]))
                .download(server.baseURL + "/a.zip")
            try? FileManager.default.removeItem(atPath: result.archivePath)
            #expect(server.requests.first?.header("Authorization") == "Bearer t0k")
        }
    }
}
