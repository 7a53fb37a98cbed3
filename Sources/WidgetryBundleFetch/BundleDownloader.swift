import AsyncHTTPClient
import Foundation
import WidgetryJSON
import NIOCore
import NIOHTTP1
public import WidgetryBundle
import WidgetryJSON

/// Fetches bundle archives over HTTP(S) with AsyncHTTPClient: streamed to a file, with progress,
/// cancellation, timeouts, a redirect limit, a size limit and an optional validating cache.
package struct BundleDownloader: Sendable {
    /// A downloaded (or cached) archive on disk.
    public struct Result: Sendable {
        /// Where the archive is.
        public var archivePath: String
        /// True when the archive came from the cache (fresh, confirmed by 304, or as a fallback).
        public var fromCache: Bool
        /// True when the archive is a temporary file the caller should delete after use (and
        /// then take off ``TemporaryPaths``, which lists it until then).
        public var isTemporary: Bool
        public var warnings: [BundleWarning]
    }

    public var options: DownloadOptions

    public init(options: DownloadOptions = DownloadOptions()) {
        self.options = options
    }

    /// Fetches `urlString`, reporting progress. Throws ``BundleError`` for every failure.
    public func download(
        _ urlString: String, progress: (@Sendable (DownloadProgress) -> Void)? = nil
    ) async throws(BundleError) -> Result {
        let url = try checkedURL(urlString)
        let cache = options.cacheDirectory.map(DownloadCache.init(directory:))
        let cached = cache?.entry(for: url)
        let now = options.now()
        if let cached, now.timeIntervalSince(cached.fetchedAt) < options.cacheTimeToLive.seconds {
            return Result(archivePath: cached.archivePath, fromCache: true, isTemporary: false, warnings: [])
        }

        let temporary = try cache?.temporaryPath() ?? (NSTemporaryDirectory() + "/widgetry-download-" + UUID().uuidString)
        var conditional: [(String, String)] = []
        if let cached {
            if let etag = cached.etag { conditional.append(("If-None-Match", etag)) }
            if let lastModified = cached.lastModified { conditional.append(("If-Modified-Since", lastModified)) }
        }
        do {
            let response = try await fetch(url, to: temporary, extraHeaders: conditional, progress: progress)
            if response.status == 304, let cache, let cached {
                TemporaryPaths.remove(temporary)
                let touched = try cache.touch(cached, at: now)
                return Result(archivePath: touched.archivePath, fromCache: true, isTemporary: false, warnings: [])
            }
            guard let cache else {
                // Still listed: the caller removes it (and takes it off the list) after use.
                return Result(archivePath: temporary, fromCache: false, isTemporary: true, warnings: [])
            }
            let entry = try cache.store(download: temporary, url: url, etag: response.etag,
                                        lastModified: response.lastModified, fetchedAt: now)
            TemporaryPaths.unregister(temporary)
            return Result(archivePath: entry.archivePath, fromCache: false, isTemporary: false, warnings: [])
        } catch {
            TemporaryPaths.remove(temporary)
            if let cached, error.allowsCacheFallback {
                let warning = BundleWarning(code: "download.using-cache",
                                            message: "\(error.message); using the cached copy from \(ISO8601DateFormatter().string(from: cached.fetchedAt))")
                return Result(archivePath: cached.archivePath, fromCache: true, isTemporary: false, warnings: [warning])
            }
            throw error
        }
    }

    // MARK: HTTP

    private struct ResponseInfo {
        var status: Int
        var etag: String?
        var lastModified: String?
    }

    private func fetch(
        _ url: String, to path: String, extraHeaders: [(String, String)], progress: (@Sendable (DownloadProgress) -> Void)?
    ) async throws(BundleError) -> ResponseInfo {
        var configuration = HTTPClient.Configuration()
        // Redirects are followed here, hop by hop, so each hop meets the plain-http policy.
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .init(options.connectTimeout), read: .init(options.readTimeout))
        configuration.decompression = .disabled
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let outcome: Swift.Result<ResponseInfo, BundleError>
        do {
            outcome = .success(try await stream(url, with: client, to: path, extraHeaders: extraHeaders, progress: progress))
        } catch let error as BundleError {
            outcome = .failure(error)
        } catch {
            outcome = .failure(BundleDownloader.map(error, url: url))
        }
        try? await client.shutdown()
        return try outcome.get()
    }

    private func stream(
        _ url: String, with client: HTTPClient, to path: String, extraHeaders: [(String, String)],
        progress: (@Sendable (DownloadProgress) -> Void)?
    ) async throws -> ResponseInfo {
        let deadline = NIODeadline.now() + .init(options.totalTimeout)
        var current = url
        var visited: Set<String> = [url]
        var response: HTTPClientResponse
        while true {
            var request = HTTPClientRequest(url: current)
            request.headers.add(name: "User-Agent", value: "Widgetry")
            // The caller's headers are for the origin it named (scheme, host and port), not for
            // wherever that origin sends us.
            for (name, value) in (Origin.same(current, url) ? options.headers : []) + extraHeaders {
                request.headers.add(name: name, value: value)
            }
            response = try await client.execute(request, deadline: deadline)
            guard [301, 302, 303, 307, 308].contains(response.status.code), let location = response.headers.first(name: "Location") else { break }
            guard visited.count <= options.maxRedirects else { throw BundleError.tooManyRedirects(url: url) }
            switch PlainHTTPPolicy.redirect(from: current, to: location, allowsPlainHTTP: options.allowInsecureHTTP) {
            case .success(let next):
                guard visited.insert(next).inserted else { throw BundleError.tooManyRedirects(url: url) }
                current = next
            case .failure(.notHTTP):
                throw BundleError.invalidURL(location)
            case .failure(let refusal):
                throw BundleError.insecureRedirect(url: current, location: location, downgrade: refusal == .downgrade)
            }
        }
        let info = ResponseInfo(status: Int(response.status.code), etag: response.headers.first(name: "ETag"),
                                lastModified: response.headers.first(name: "Last-Modified"))
        if info.status == 304, !extraHeaders.isEmpty { return info }
        guard (200..<300).contains(info.status) else {
            throw BundleError.httpStatus(url: url, status: info.status)
        }
        let expected = response.headers.first(name: "Content-Length").flatMap { Int64($0) }
        if let expected, expected > options.maxBytes {
            throw BundleError.downloadTooLarge(url: url, limit: options.maxBytes)
        }
        guard TemporaryPaths.create(path, by: { FileManager.default.createFile(atPath: path, contents: nil) }),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw BundleError.writeFailed(path: path, reason: "cannot create the file")
        }
        defer { try? handle.close() }
        var received: Int64 = 0
        var stall = DownloadStall(seconds: options.stallTimeout.seconds)
        progress?(DownloadProgress(receivedBytes: 0, totalBytes: expected))
        do {
            for try await buffer in response.body {
                try Task.checkCancellation()
                received += Int64(buffer.readableBytes)
                if stall.received(buffer.readableBytes) {
                    throw BundleError.stalled(url: url, seconds: options.stallTimeout.seconds)
                }
                guard received <= options.maxBytes else {
                    throw BundleError.downloadTooLarge(url: url, limit: options.maxBytes)
                }
                try handle.write(contentsOf: Data(buffer.readableBytesView))
                progress?(DownloadProgress(receivedBytes: received, totalBytes: expected))
            }
        } catch let error where !(error is BundleError) && !(error is CancellationError) {
            // A connection that ends early is a truncated download when the size was announced.
            let timedOut = (error as? HTTPClientError).map { [.readTimeout, .deadlineExceeded].contains($0) } ?? false
            if let expected, received < expected, !timedOut, !Task.isCancelled {
                throw BundleError.truncatedDownload(url: url, received: received, expected: expected)
            }
            throw error
        }
        if let expected, received != expected {
            throw BundleError.truncatedDownload(url: url, received: received, expected: expected)
        }
        return info
    }

    private func checkedURL(_ text: String) throws(BundleError) -> String {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let host = components.host, !host.isEmpty
        else { throw .invalidURL(text) }
        if scheme == "http", !options.allowInsecureHTTP, !PlainHTTPPolicy.isLoopback(host: host) {
            throw .insecureURL(text)
        }
        return text
    }

    static func map(_ error: any Error, url: String) -> BundleError {
        if error is CancellationError { return .cancelled(url: url) }
        if let client = error as? HTTPClientError {
            switch client {
            case .readTimeout, .connectTimeout, .deadlineExceeded: return .timeout(url: url)
            case .redirectLimitReached, .redirectCycleDetected: return .tooManyRedirects(url: url)
            case .cancelled: return .cancelled(url: url)
            case .remoteConnectionClosed: return .transport(url: url, reason: "the server closed the connection before the end of the body")
            default: return .transport(url: url, reason: client.shortDescription)
            }
        }
        if let parser = error as? HTTPParserError {
            return .transport(url: url, reason: "malformed HTTP response (\(parser))")
        }
        return .transport(url: url, reason: String(describing: error))
    }
}

extension BundleError {
    /// Failures of the network or the server, after which a cached copy is better than nothing.
    /// Client errors (4xx) and local limits are not: the cache would hide a real problem.
    var allowsCacheFallback: Bool {
        switch self {
        case .timeout, .stalled, .transport, .tooManyRedirects, .truncatedDownload: true
        case .httpStatus(_, let status): status >= 500
        default: false
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

extension TimeAmount {
    /// `duration`, with negative durations as 0 and anything past ``NumericPolicy/maximumSeconds``
    /// as that maximum, so no duration overflows NIO's nanoseconds.
    init(_ duration: Duration) {
        self = .nanoseconds(NumericPolicy.nanoseconds(min(duration.seconds, NumericPolicy.maximumSeconds)))
    }
}
