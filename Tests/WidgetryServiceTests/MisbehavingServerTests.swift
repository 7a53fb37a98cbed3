import Foundation
import NIOCore
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryService
import WidgetryStore
import WidgetryTestSupport

/// A server that misbehaves on purpose, on 127.0.0.1: a body dripped slower than the time-out,
/// HTML where JSON was promised, endless redirects, a chain whose second action fails. Each
/// call ends with its typed error and leaves the store as the successful steps left it.
struct MisbehavingServerTests {
    let model: EntityModel

    init() throws {
        let bytes = try [UInt8](Data(contentsOf: ActionEngineStubTests.feed.appendingPathComponent("Model.json")))
        model = try ModelJSONReader.read(JSONParser.parse(bytes, fileName: "Model.json"), file: "Model.json")
    }

    private func run(_ actions: [ServiceAction], first: String, server: TestHTTPServer,
                     options: HTTPTransportOptions = HTTPTransportOptions()) async throws -> (events: [ActionEvent], store: ObjectStore) {
        let store = ObjectStore(model: model)
        let configuration = ServiceConfiguration(file: "Service.json", defaults: ServiceDefaults(baseURL: server.baseURL + "/"), actions: actions)
        let transport = HTTPTransport(options: options)
        let timeline = Timeline(clock: .real)
        let engine = ActionEngine(configuration: configuration, backend: .network(transport), timeline: timeline, store: store,
                                  importer: JSONImporter(transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 0))),
                                  options: .init(widgetIdentifier: "test"))
        engine.perform(first, argument: .null)
        await timeline.run()
        try await transport.shutdown()
        return (engine.events, store)
    }

    @Test func aBodyDrippedPastTheTimeLimitTimesOut() async throws {
        let body = Array(#"{"id_str": "slow", "text": "\#(String(repeating: "z", count: 64))"}"#.utf8)
        let (events, store) = try await TestHTTPServer.with({ _ in
            TestResponse(headers: [("Content-Type", "application/json")], body: body, behaviour: .drip(chunkSize: 4, interval: .milliseconds(100)))
        }) { server in
            try await run([ServiceAction(name: "slow", resultType: .object(entity: "Post"))], first: "slow", server: server,
                          options: HTTPTransportOptions(readTimeout: 0.5, totalTimeout: 0.8))
        }
        #expect(events.map(\.name) == ["slowStart", "slowError"])
        #expect(events.last?.error?.code == .timeout)
        #expect(store.objects(of: "Post").isEmpty)
    }

    @Test func htmlWhereJSONWasPromisedIsInvalidJSON() async throws {
        let (events, store) = try await TestHTTPServer.with({ _ in
            TestResponse(headers: [("Content-Type", "text/html")], body: Array("<html><body>Service Unavailable</body></html>".utf8))
        }) { server in
            try await run([ServiceAction(name: "page", resultType: .object(entity: "Post"))], first: "page", server: server)
        }
        #expect(events.last?.error?.code == .invalidJSON)
        #expect(store.objects(of: "Post").isEmpty)
    }

    @Test func endlessRedirectsStopAtTheLimit() async throws {
        let (events, _) = try await TestHTTPServer.with({ request in
            let hop = Int(request.uri.split(separator: "/").last ?? "0") ?? 0
            return TestResponse.redirect(to: "/hop/\(hop + 1)")
        }) { server in
            try await run([ServiceAction(name: "loop", path: "hop/0", resultType: .object(entity: "Post"))], first: "loop", server: server,
                          options: HTTPTransportOptions(maxRedirects: 5))
        }
        #expect(events.last?.error?.code == .connection)
        #expect(events.last?.error?.message.contains("too many redirects") == true)
    }

    @Test func aChainWhoseSecondActionFailsKeepsWhatTheFirstImported() async throws {
        let (events, store) = try await TestHTTPServer.with({ request in
            request.uri.hasPrefix("/me")
                ? TestResponse(headers: [("Content-Type", "application/json")], body: Array(#"{"id_str": "0", "name": "Me"}"#.utf8))
                : TestResponse(status: 503, headers: [("Content-Type", "application/json")], body: Array(#"{"error": "down"}"#.utf8))
        }) { server in
            try await run([ServiceAction(name: "me", path: "me", resultType: .object(entity: "Account"), nextAction: "feed"),
                           ServiceAction(name: "feed", path: "feed", resultType: .array(entity: "Post"))], first: "me", server: server)
        }
        #expect(events.map(\.name) == ["meStart", "meReady", "meSuccess", "feedStart", "feedError"])
        #expect(events.last?.error?.code == .server)
        #expect(store.objects(of: "Account").count == 1, "the first step's import stays")
        #expect(store.objects(of: "Post").isEmpty)
    }
}
