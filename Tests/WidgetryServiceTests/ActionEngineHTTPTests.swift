import Foundation
import NIOCore
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryStore
import WidgetryModel
import WidgetryTestSupport

/// The action engine over real HTTP, against a server on 127.0.0.1: what goes out byte for byte,
/// and every way a call can fail leaving the store as it was.
struct ActionEngineHTTPTests {
    let model: EntityModel

    init() throws {
        let bytes = try [UInt8](Data(contentsOf: ActionEngineStubTests.feed.appendingPathComponent("Model.json")))
        model = try ModelJSONReader.read(JSONParser.parse(bytes, fileName: "Model.json"), file: "Model.json")
    }

    /// Runs `action` of a service file pointing at `server`, with a fresh store holding one post.
    private func run(_ action: ServiceAction, server: TestHTTPServer, credentials: Credentials? = nil, argument: Value = .null,
                     transportOptions: HTTPTransportOptions = .unhurried) async throws -> (events: [ActionEvent], store: ObjectStore, log: [ServiceRequest]) {
        let store = ObjectStore(model: model)
        try store.perform { transaction throws(StoreError) in
            try transaction.setAttribute("postId", to: "existing", of: transaction.insert("Post"))
        }
        let configuration = ServiceConfiguration(file: "Service.json", defaults: ServiceDefaults(baseURL: server.baseURL + "/"), actions: [action])
        let transport = HTTPTransport(options: transportOptions)
        let timeline = Timeline(clock: .real)
        let engine = ActionEngine(configuration: configuration, backend: .network(transport), timeline: timeline, store: store,
                                  importer: JSONImporter(transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 0))),
                                  options: .init(widgetIdentifier: "test", credentials: credentials))
        engine.perform(action.name, argument: argument)
        await timeline.run()
        try await transport.shutdown()
        return (engine.events, store, engine.requestLog.map(\.request))
    }

    private static func json(_ text: String, status: Int = 200) -> TestResponse {
        TestResponse(status: status, headers: [("Content-Type", "application/json")], body: Array(text.utf8))
    }

    /// A body of known length reports its progress as it arrives, in whole percents, in order.
    @Test func aBodyOfKnownLengthReportsProgressAsItArrives() async throws {
        let body = Array(("[" + (0..<40).map { #"{"id_str": "\#($0)"}"# }.joined(separator: ",") + "]").utf8)
        let response = TestResponse(headers: [("Content-Type", "application/json")], body: body,
                                    behaviour: .drip(chunkSize: body.count / 4 + 1, interval: .milliseconds(20)))
        try await TestHTTPServer.with({ _ in response }) { server in
            let (events, store, _) = try await run(ServiceAction(name: "feed", path: "feed", resultType: .array(entity: "Post")), server: server)
            let fractions = events.compactMap(\.progress)
            #expect(fractions.count >= 2, "\(events.map(\.description))")
            #expect(fractions == fractions.sorted() && fractions.last == 1)
            #expect(events.map(\.kind).filter { $0 != .progress } == [.start, .ready, .success])
            #expect(store.objects(of: "Post").count == 41)
        }
    }

    @Test func aCallImportsTheResultAtItsKeyPath() async throws {
        try await TestHTTPServer.with({ _ in Self.json(#"{"data": [{"id_str": "9", "text": "hi", "user": {"id_str": "u"}}]}"#) }) { server in
        let parameters = try #require(JSONParser.parse(#"{"q": "$text", "page": 2, "deep": {"b": [true, null]}}"#).root.objectValue)
        let action = ServiceAction(name: "search", path: "search/$tag.json", httpMethod: .post, headers: [HeaderField("X-App", "1")],
                                   parameters: parameters, resultType: .array(entity: "Post"), resultKeyPath: "data")
        let argument = Value.dictionary(["tag": "a/b?c#d", "text": "x & y = z"])
        let (events, store, _) = try await run(action, server: server, argument: argument)
        #expect(events.map(\.name) == ["searchStart", "searchReady", "searchSuccess"])
        #expect(store.objects(of: "Post").count == 2)
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.uri == "/search/a%2Fb%3Fc%23d.json")
        #expect(received.header("X-App") == "1")
        #expect(received.header("Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(String(decoding: received.body, as: UTF8.self) == "deep%5Bb%5D%5B%5D=1&deep%5Bb%5D%5B%5D=&page=2&q=x%20%26%20y%20%3D%20z")
        }
    }

    @Test func queryParametersGoInTheURLByteForByte() async throws {
        try await TestHTTPServer.with({ _ in Self.json(#"{"id_str": "1"}"#) }) { server in
            let parameters = try #require(JSONParser.parse(#"{"q": "$text", "flag": false, "list": [1, "a b"]}"#).root.objectValue)
            let action = ServiceAction(name: "find", path: "find?v=2", parameters: parameters, resultType: .object(entity: "Post"),
                                       parameterEncoding: .query)
            let (events, _, log) = try await run(action, server: server, argument: .dictionary(["text": "ü+?&"]))
            #expect(events.map(\.name) == ["findStart", "findReady", "findSuccess"])
            let received = try #require(server.requests.first)
            #expect(received.method == "GET")
            #expect(received.uri == "/find?v=2&flag=0&list%5B%5D=1&list%5B%5D=a%20b&q=%C3%BC%2B%3F%26")
            #expect(received.body.isEmpty)
            #expect(log.first?.url == server.baseURL + received.uri)
        }
    }

    @Test func aServerErrorComesThroughErrorKeyPathAndChangesNothing() async throws {
        try await TestHTTPServer.with({ _ in Self.json(#"{"error": {"message": "quota exceeded"}}"#, status: 500) }) { server in
        let (events, store, _) = try await run(ServiceAction(name: "feed", resultType: .array(entity: "Post"), clearPolicy: .after), server: server)
        #expect(events.map(\.name) == ["feedStart", "feedError"])
        let error = try #require(events.last?.error)
        #expect(error.code == .server)
        #expect(error.status == 500)
        #expect(error.message.contains("quota exceeded"))
        #expect(store.objects(of: "Post").count == 1)
        }
    }

    @Test func authIsRequiredBeforeAnyRequestAndSentWhenGiven() async throws {
        try await TestHTTPServer.with({ _ in Self.json(#"{"id_str": "me"}"#) }) { server in
        let action = ServiceAction(name: "me", resultType: .object(entity: "User"), needAuth: true)
        let (refused, _, log) = try await run(action, server: server)
        #expect(refused.map(\.name) == ["meError"])
        #expect(refused.last?.error?.code == .missingCredentials)
        #expect(log.isEmpty)
        #expect(server.requests.isEmpty)
        let (allowed, store, _) = try await run(action, server: server, credentials: Credentials(bearerToken: "s3cret"))
        #expect(allowed.map(\.name) == ["meStart", "meReady", "meSuccess"])
        #expect(server.requests.first?.header("Authorization") == "Bearer s3cret")
        #expect(store.objects(of: "User").count == 1)
        }
    }

    @Test func transportFailuresAreReportedAndChangeNothing() async throws {
        let cases: [(TestResponse, HTTPTransportOptions, ActionError.Code)] = [
            (TestResponse(status: 200, body: Array(#"{"id_str": "late"}"#.utf8), behaviour: .delayHead(.seconds(3))),
             HTTPTransportOptions(readTimeout: 0.3, totalTimeout: 0.6), .timeout),
            (TestResponse(status: 200, body: Array(#"{"id_str": "cut off here"}"#.utf8), behaviour: .truncate(after: 5)), .unhurried, .connection),
            (Self.json(#"{"id_str": "#), .unhurried, .invalidJSON),
            (Self.json(#"{"id_str": "\#(String(repeating: "x", count: 500))"}"#), HTTPTransportOptions(maxResponseBytes: 100).unhurried, .responseTooLarge),
            (Self.json(#"["not", "an", "object"]"#), .unhurried, .resultShape),
        ]
        for (response, options, code) in cases {
            let (events, store, _) = try await TestHTTPServer.with({ _ in response }) { server in
                try await run(ServiceAction(name: "one", resultType: .object(entity: "Post")), server: server, transportOptions: options)
            }
            #expect(events.last?.error?.code == code, "\(code)")
            #expect(events.first?.name == "oneStart")
            #expect(store.objects(of: "Post").map { $0.value(forKey: "postId") } == ["existing"], "\(code)")
        }
    }

    @Test func aRefusedConnectionIsAConnectionError() async throws {
        let server = try await TestHTTPServer.start { _ in Self.json("{}") }
        try await server.stop()
        // The client keeps retrying a refused connection until its connect timeout.
        let (events, _, _) = try await run(ServiceAction(name: "gone", resultType: .object(entity: "Post")), server: server,
                                           transportOptions: HTTPTransportOptions(connectTimeout: 0.5))
        #expect(events.map(\.name) == ["goneStart", "goneError"])
        #expect(events.last?.error?.code == .connection)
    }
}
