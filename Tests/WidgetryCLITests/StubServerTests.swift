import AsyncHTTPClient
import Foundation
import Synchronization
import Testing
import WidgetryJSON
import WidgetryService
import WidgetryServiceConfiguration
@testable import WidgetryCLI
import WidgetryTestSupport

/// `widgetry serve-stub`'s server, answered by AsyncHTTPClient on 127.0.0.1.
struct StubServerTests {
    static let stubFile = URL(fileURLWithPath: Samples.widget("Feed/StubService.json"))

    /// Runs the stub server of `text` on a free port while `body` runs, then stops it.
    private func withStubServer(_ text: String? = nil, _ body: (String, HTTPClient) async throws -> Void) async throws -> [String] {
        let source = try text.map { Array($0.utf8) } ?? [UInt8](Data(contentsOf: Self.stubFile))
        var configuration = try ServiceConfigurationReader.read(JSONParser.parse(source, fileName: "StubService.json"), file: "StubService.json", kind: .stub)
        configuration.options.debugDelay = 0
        let lines = Mutex<[String]>([])
        let server = StubServer(configuration: configuration) { line in lines.withLock { $0.append(line) } }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await server.run(port: 0) { port in continuation.yield(port) } }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        do {
            try await body("http://127.0.0.1:\(port)", client)
        } catch {
            try? await client.shutdown()
            task.cancel()
            throw error
        }
        try await client.shutdown()
        task.cancel()
        _ = await task.result
        return lines.withLock { $0 }
    }

    private func get(_ url: String, method: String = "GET", body: String? = nil, contentType: String = "application/x-www-form-urlencoded",
                     with client: HTTPClient) async throws -> (status: Int, json: JSONValue) {
        var request = HTTPClientRequest(url: url)
        request.method = .init(rawValue: method)
        if let body {
            request.headers.add(name: "Content-Type", value: contentType)
            request.body = .bytes(Array(body.utf8))
        }
        let response = try await client.execute(request, timeout: .seconds(10))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        return (Int(response.status.code), try JSONParser.parse(Array(bytes.readableBytesView)).root)
    }

    @Test func theSampleStubAnswersByPathAndByActionName() async throws {
        let log = try await withStubServer { base, client in
            let root = try await get(base + "/", with: client)
            #expect(root.status == 200)
            #expect(root.json["name"]?.stringValue == "Favio Mobile", "the first action at / answers it")
            let feed = try await get(base + "/_actions/homeFeed", with: client)
            #expect(feed.json.arrayValue?.count == 6)
            let missing = try await get(base + "/nowhere", with: client)
            #expect(missing.status == 404)
        }
        #expect(log.count == 3)
        #expect(log[1].hasPrefix("GET /_actions/homeFeed → 200 homeFeed"))
    }

    @Test func placeholdersAndFormFieldsFeedTheResponse() async throws {
        let text = #"""
            {"defaults": {"baseUrl": "https://api.example/v1/"},
             "actions": {
               "show": {"path": "posts/$postId.json", "resultType": "Post", "response": {"id_str": "$postId", "text": "$text"}},
               "post": {"path": "posts", "httpMethod": "POST", "resultType": "Post", "response": {"text": "$status"}},
               "todo": {"path": "todo"}}}
            """#
        _ = try await withStubServer(text) { base, client in
            let shown = try await get(base + "/v1/posts/42.json?text=hi%20there", with: client)
            #expect(shown.json["id_str"]?.stringValue == "42")
            #expect(shown.json["text"]?.stringValue == "hi there")
            let posted = try await get(base + "/v1/posts", method: "POST", body: "status=hello+world", with: client)
            #expect(posted.json["text"]?.stringValue == "hello world")
            let wrongMethod = try await get(base + "/v1/posts", with: client)
            #expect(wrongMethod.status == 404)
            let todo = try await get(base + "/v1/todo", with: client)
            #expect(todo.status == 404)
            #expect(todo.json["error"]?["message"]?.stringValue == "Test response not implemented.")
        }
    }

    @Test func fieldsAreReadUnderTheirWireNameAndTheKeyPathTheirParameterReads() async throws {
        let text = #"""
            {"defaults": {"baseUrl": "https://shop.example/v1/"},
             "actions": {
               "addToCart": {"path": "cart/items", "httpMethod": "POST", "resultType": "CartItem",
                 "parameters": {"product_id": "$productId", "quantity": "$form.quantity", "note": "for $name"},
                 "response": {"product": {"id": "$productId"}, "quantity": "$form.quantity", "wire": "$product_id", "note": "$note"}}}}
            """#
        _ = try await withStubServer(text) { base, client in
            let form = try await get(base + "/v1/cart/items", method: "POST", body: "product_id=p2&quantity=3&note=hi", with: client)
            #expect(form.json["product"]?["id"]?.stringValue == "p2")
            #expect(form.json["quantity"]?.stringValue == "3", "a dotted key path is read too")
            #expect(form.json["wire"]?.stringValue == "p2", "the wire name still reads")
            #expect(form.json["note"]?.stringValue == "hi", "a parameter that is more than a key path names no key")
            let json = try await get(base + "/v1/cart/items", method: "POST", body: #"{"product_id": "p7", "quantity": 4}"#,
                                     contentType: "application/json", with: client)
            #expect(json.json["product"]?["id"]?.stringValue == "p7")
            #expect(json.json["quantity"]?.integerValue == 4)
        }
    }
}
