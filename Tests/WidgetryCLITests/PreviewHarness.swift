import AsyncHTTPClient
import Foundation
import NIOCore
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryRender
import WidgetryRuntime
import WidgetryTestSupport
@testable import WidgetryCLI

/// A `widgetry preview` server on 127.0.0.1 at a free port, over a copy of a bundle folder, and
/// an AsyncHTTPClient to talk to it.
struct PreviewHarness {
    let base: String
    let port: Int
    let client: HTTPClient
    let session: PreviewSession
    let server: PreviewServer
    /// The copy of the bundle the preview runs.
    let folder: String

    /// Runs the preview of a copy of `bundle` (the Feed sample unless given), its PNGs drawn by
    /// `pictures`, while `body` runs, then stops it.
    static func with(bundle: String = CommandRunner.feed, limits: PreviewLimits = PreviewLimits(), pictures: PreviewPictures = PreviewPictures(),
                     _ body: (PreviewHarness) async throws -> Void) async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let folder = scratch.file("bundle")
        try FileManager.default.copyItem(atPath: bundle, toPath: folder)
        let options = WidgetRun.Options(now: Date(timeIntervalSince1970: 1_529_521_200))
        let session = PreviewSession(source: folder, loader: BundleLoader(), options: options, device: .standard, eventLimit: limits.maxEvents)
        let server = PreviewServer(session: session, limits: limits, pictures: pictures)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await server.run(port: 0) { port in continuation.yield(port) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw RawConnection.Failure(description: "the preview did not start") }
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        let harness = PreviewHarness(base: "http://127.0.0.1:\(port)", port: port, client: client, session: session, server: server, folder: folder)
        do {
            try await body(harness)
        } catch {
            try? await client.shutdown()
            task.cancel()
            await session.stop()
            throw error
        }
        try await client.shutdown()
        task.cancel()
        _ = await task.result
        await session.stop()
    }

    /// Sends a request as a script would: JSON bodies with their content type and the preview's
    /// token, unless `headers` say otherwise (a header given with an empty value is left out).
    func send(_ path: String, method: String = "GET", body: String? = nil, headers: [String: String] = [:]) async throws -> (status: Int, text: String) {
        var request = HTTPClientRequest(url: base + path)
        request.method = .init(rawValue: method)
        var fields: [String: String] = [:]
        if body != nil {
            fields["Content-Type"] = "application/json"
            fields[PreviewGate.tokenHeader] = server.token
        }
        fields.merge(headers) { $1 }
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) where !value.isEmpty { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(Array(body.utf8)) }
        let response = try await client.execute(request, timeout: .seconds(20))
        let bytes = try await response.body.collect(upTo: 8 << 20)
        return (Int(response.status.code), String(buffer: bytes))
    }

    func json(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text).root
    }
}
