import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryRender
import WidgetryRuntime
@testable import WidgetryCLI

/// `widgetry preview`'s server on 127.0.0.1, driven by AsyncHTTPClient: the page, the state, the
/// interactions and their refusals, the event stream, and reloading a changed bundle.
struct PreviewServerTests {
    /// Runs the preview of a copy of the Feed sample while `body` runs, then stops it.
    private func withPreview(_ body: (String, HTTPClient, PreviewWorker, String) async throws -> Void) async throws {
        let folder = NSTemporaryDirectory() + "widgetry-preview-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: CommandRunner.feed, toPath: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let options = WidgetRun.Options(now: Date(timeIntervalSince1970: 1_529_521_200))
        let worker = PreviewWorker(load: { try await BundleLoader().load(argument: folder).0.bundle }, options: options, device: .standard)
        let server = PreviewServer(worker: worker)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await server.run(port: 0) { port in continuation.yield(port) } }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        do {
            try await body("http://127.0.0.1:\(port)", client, worker, folder)
        } catch {
            try? await client.shutdown()
            task.cancel()
            await worker.stop()
            throw error
        }
        try await client.shutdown()
        task.cancel()
        _ = await task.result
        await worker.stop()
    }

    private func send(_ url: String, method: String = "GET", body: String? = nil, with client: HTTPClient) async throws -> (status: Int, text: String) {
        var request = HTTPClientRequest(url: url)
        request.method = .init(rawValue: method)
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(Array(body.utf8))
        }
        let response = try await client.execute(request, timeout: .seconds(20))
        let bytes = try await response.body.collect(upTo: 8 << 20)
        return (Int(response.status.code), String(buffer: bytes))
    }

    private func json(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text).root
    }

    @Test func thePageThePictureAndTheStateAreServed() async throws {
        try await withPreview { base, client, _, _ in
            let page = try await send(base + "/", with: client)
            #expect(page.status == 200)
            #expect(page.text.contains("new EventSource('/events')"))
            let state = try json(try await send(base + "/state", with: client).text)
            #expect(state["screen"]?.stringValue == "FeedViewController")
            #expect(state["error"]?.isNull == true)
            #expect(state["snapshot"]?.stringValue?.contains("table tableView (tableDisplayController): 1 section, 6 rows") == true)
            let picture = try await send(base + "/picture", with: client)
            #expect(picture.text.contains(#"data-screen="FeedViewController""#))
            #expect(picture.text.contains(#"data-row="tableView/0/5""#), "rows carry what a tap on them selects")
        }
    }

    @Test func interactionsAreTheOnesScenariosUse() async throws {
        try await withPreview { base, client, _, _ in
            let opened = try await send(base + "/interact", method: "POST", body: #"{"tapRow": {"table": "tableView", "row": 1}}"#, with: client)
            #expect(opened.status == 200)
            #expect(try json(opened.text)["screen"]?.stringValue == "PostDetailsViewController")
            let back = try await send(base + "/interact", method: "POST", body: #"{"back": true}"#, with: client)
            #expect(try json(back.text)["screen"]?.stringValue == "FeedViewController")
            let searched = try await send(base + "/interact", method: "POST", body: #"{"type": {"text": "CoreData", "into": "searchBar"}}"#, with: client)
            #expect(searched.status == 200)
            #expect(try json(searched.text)["snapshot"]?.stringValue?.contains("1 section, 2 rows") == true)
            let later = try await send(base + "/interact", method: "POST", body: #"{"advance": 60}"#, with: client)
            let laterSnapshot = try json(later.text)["snapshot"]?.stringValue ?? ""
            #expect(laterSnapshot.hasPrefix("screen FeedViewController at t=6"), "\(laterSnapshot.prefix(80))")
        }
    }

    @Test func everythingElseIsA4xxWithAMessage() async throws {
        try await withPreview { base, client, _, _ in
            let unknown = try await send(base + "/interact", method: "POST", body: #"{"tap": "nothing"}"#, with: client)
            #expect(unknown.status == 422)
            #expect(try json(unknown.text)["error"]?.stringValue?.contains("no element nothing") == true)
            for (body, message) in [("junk", "not JSON"), (#"{"fly": "away"}"#, "not an interaction"), (#"{"tap": 3}"#, "non-empty string"),
                                    (#"{"tap": "a", "back": true}"#, "one key"), (#"{"advance": -1}"#, "seconds")] {
                let refused = try await send(base + "/interact", method: "POST", body: body, with: client)
                #expect(refused.status == 400, "\(body)")
                #expect(try json(refused.text)["error"]?.stringValue?.contains(message) == true, "\(body): \(refused.text)")
            }
            let huge = try await send(base + "/interact", method: "POST", body: #"{"tap": ""# + String(repeating: "x", count: 20_000) + #""}"#, with: client)
            #expect(huge.status == 413)
            #expect(try await send(base + "/nowhere", with: client).status == 404)
            #expect(try await send(base + "/state", method: "POST", body: "{}", with: client).status == 405)
            #expect(try await send(base + "/interact", with: client).status == 405)
        }
    }

    @Test func eachChangeIsAnEventOnTheStream() async throws {
        try await withPreview { base, client, _, _ in
            let response = try await client.execute(HTTPClientRequest(url: base + "/events"), timeout: .seconds(20))
            #expect(response.headers.first(name: "Content-Type") == "text/event-stream")
            var chunks = response.body.makeAsyncIterator()
            var received = ""
            if let first = try await chunks.next() { received += String(buffer: first) }
            _ = try await send(base + "/interact", method: "POST", body: #"{"tap": "addButton"}"#, with: client)
            while !received.contains("event: changed"), let chunk = try await chunks.next() { received += String(buffer: chunk) }
            #expect(received.contains("event: changed\ndata: "))
        }
    }

    @Test func theServiceCanBeSwitchedAndAMissingFileIsShownAsTheError() async throws {
        try await withPreview { base, client, _, _ in
            let dev = try json(try await send(base + "/service", method: "POST", body: #"{"service": "dev"}"#, with: client).text)
            #expect(dev["service"]?.stringValue == "dev")
            #expect(dev["error"]?.stringValue?.isEmpty == false, "the Feed sample has no Service.json")
            let stub = try json(try await send(base + "/service", method: "POST", body: #"{"service": "stub"}"#, with: client).text)
            #expect(stub["service"]?.stringValue == "stub")
            #expect(stub["error"]?.isNull == true)
            #expect(stub["screen"]?.stringValue == "FeedViewController")
            #expect(try await send(base + "/service", method: "POST", body: #"{"service": "staging"}"#, with: client).status == 400)
        }
    }

    @Test func aChangedFileReloadsOnTheSameScreenAndABrokenOneShowsItsError() async throws {
        try await withPreview { base, client, worker, folder in
            _ = try await send(base + "/interact", method: "POST", body: #"{"tap": "addButton"}"#, with: client)
            let file = folder + "/NewPostViewController.json"
            let original = try String(contentsOfFile: file, encoding: .utf8)
            try "{".write(toFile: file, atomically: true, encoding: .utf8)
            let broken = await worker.reload()
            #expect(broken.error?.contains("NewPostViewController.json:1:2") == true, "\(broken.error ?? "no error")")
            #expect(broken.error?.contains("[json.unexpected-end]") == true)
            let refused = try await send(base + "/interact", method: "POST", body: #"{"back": true}"#, with: client)
            #expect(refused.status == 409, "nothing runs while the bundle does not load")
            try original.replacingOccurrences(of: "\"Cancel\"", with: "\"Dismiss\"").write(toFile: file, atomically: true, encoding: .utf8)
            let fixed = await worker.reload()
            #expect(fixed.error == nil)
            #expect(fixed.screen == "NewPostViewController", "the reload keeps the screen that was shown")
            #expect(fixed.snapshot.contains("\"Dismiss\""))
        }
    }
}
