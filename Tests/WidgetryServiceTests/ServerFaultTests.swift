import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryStore
import WidgetryModel
import WidgetryTestSupport

/// A server that misbehaves on purpose, on 127.0.0.1: a body dripped slower than the time-out, a
/// connection closed mid-body, HTML where JSON was promised, a gzip bomb, endless redirects, a
/// 100 MB body, a chain whose second action fails. Each call ends with its typed error, leaves
/// the store as it was before the call (as the successful steps left it, for a chain), finishes
/// every operation it started, and — once the client is shut down — leaves no connection or file
/// descriptor open.
struct ServerFaultTests {
    let model: EntityModel

    init() throws {
        let bytes = try [UInt8](Data(contentsOf: ActionEngineStubTests.feed.appendingPathComponent("Model.json")))
        model = try ModelJSONReader.read(JSONParser.parse(bytes, fileName: "Model.json"), file: "Model.json")
    }

    struct Outcome {
        /// The events of the call under test (not of the seeding call before it), without progress.
        var events: [ActionEvent]
        /// The store's objects before and after the call under test.
        var before: [String]
        var after: [String]
        /// The requests the server received for the call under test.
        var requests: [TestRequest]

        var error: ActionError? { events.last?.error }
    }

    /// Starts a server answering `/seed` with a post and everything else with `handler`, fills the
    /// store through `/seed`, then performs `first` and checks that the call left nothing running
    /// and, once the client is shut down, no socket connected to the server (counted among the
    /// process's descriptors, so other tests running alongside do not count).
    private func call(_ actions: [ServiceAction], first: String, argument: Value = .null,
                      options: HTTPTransportOptions = .unhurried,
                      _ handler: @escaping TestHTTPServer.Handler) async throws -> Outcome {
        try await TestHTTPServer.with({ request in
            request.uri == "/seed"
                ? TestResponse(headers: [("Content-Type", "application/json")], body: Array(#"{"id_str": "seed", "text": "kept"}"#.utf8))
                : handler(request)
        }) { server in
            let store = ObjectStore(model: model)
            let seed = ServiceAction(name: "seed", path: "seed", resultType: .object(entity: "Post"))
            let configuration = ServiceConfiguration(file: "Service.json", defaults: ServiceDefaults(baseURL: server.baseURL + "/"), actions: actions + [seed])
            func engine(_ transport: HTTPTransport, on timeline: Timeline) -> ActionEngine {
                ActionEngine(configuration: configuration, backend: .network(transport), timeline: timeline, store: store,
                             importer: JSONImporter(transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 0))),
                             options: .init(widgetIdentifier: "test"))
            }
            // The seed goes through a transport of its own with unhurried limits, so a short
            // time limit under test cannot cut the seed off on a busy machine.
            let seedTransport = HTTPTransport(options: .unhurried)
            let seedTimeline = Timeline(clock: .real)
            let seeder = engine(seedTransport, on: seedTimeline)
            seeder.perform("seed")
            await seedTimeline.run()
            try await seedTransport.shutdown()
            let before = dump(store)
            #expect(before.count == 1, "seeded")
            let seedRequests = server.requests.count
            let transport = HTTPTransport(options: options)
            let timeline = Timeline(clock: .real)
            let engine = engine(transport, on: timeline)
            engine.perform(first, argument: argument)
            await timeline.run()
            #expect(timeline.outstandingOperations == 0, "an operation is still running")
            try await transport.shutdown()
            let port = server.port
            #expect(await ProcessResources.settles { ProcessResources.socketsConnected(toPort: port) == 0 }, "a connection to the server is still open")
            return Outcome(events: engine.events.filter { $0.kind != .progress }, before: before, after: dump(store),
                           requests: Array(server.requests.dropFirst(seedRequests)))
        }
    }

    /// Every object of the store with its attributes, one line each.
    private func dump(_ store: ObjectStore) -> [String] {
        model.entities.flatMap { entity in
            store.objects(of: entity.name, includingDescendants: false).map { object in
                "\(entity.name) \(object.id): " + entity.attributes.map { "\($0.name)=\(object.value(forKey: $0.name))" }.joined(separator: " ")
            }
        }
    }

    private static let json = [("Content-Type", "application/json")]

    @Test func aBodyDrippedPastTheTimeLimitTimesOut() async throws {
        let body = Array(#"{"id_str": "slow", "text": "\#(String(repeating: "z", count: 64))"}"#.utf8)
        let outcome = try await call([ServiceAction(name: "slow", resultType: .object(entity: "Post"))], first: "slow",
                                     options: HTTPTransportOptions(readTimeout: 5, totalTimeout: 0.8)) { _ in
            TestResponse(headers: Self.json, body: body, behaviour: .drip(chunkSize: 4, interval: .milliseconds(100)))
        }
        #expect(outcome.events.map(\.name) == ["slowStart", "slowError"])
        #expect(outcome.error?.code == .timeout)
        #expect(outcome.error?.message.contains("longer than 0.8 s") == true)
        #expect(outcome.after == outcome.before)
    }

    /// The server announces the whole length, sends a hundred bytes and closes the connection.
    @Test func aConnectionClosedMidBodyIsAConnectionError() async throws {
        let body = Array((#"{"id_str": "cut", "text": ""# + String(repeating: "z", count: 1000) + #""}"#).utf8)
        let outcome = try await call([ServiceAction(name: "cut", resultType: .object(entity: "Post"))], first: "cut") { _ in
            TestResponse(headers: Self.json, body: body, behaviour: .truncate(after: 100))
        }
        #expect(outcome.events.map(\.name) == ["cutStart", "cutError"])
        #expect(outcome.error?.code == .connection)
        #expect(outcome.error?.message.contains("closed the connection before the end of the response") == true, "\(String(describing: outcome.error?.message))")
        #expect(outcome.after == outcome.before)
    }

    @Test func htmlWhereJSONWasPromisedIsInvalidJSON() async throws {
        let outcome = try await call([ServiceAction(name: "page", resultType: .object(entity: "Post"))], first: "page") { _ in
            TestResponse(headers: [("Content-Type", "text/html")], body: Array("<html><body>Service Unavailable</body></html>".utf8))
        }
        #expect(outcome.events.map(\.name) == ["pageStart", "pageError"])
        #expect(outcome.error?.code == .invalidJSON)
        #expect(outcome.error?.message.hasPrefix("the response to page is not JSON") == true)
        #expect(outcome.after == outcome.before)
    }

    /// About a megabyte of gzip that inflates to a gigabyte: the response size limit holds the
    /// inflated body, so it stops at 32 MiB.
    @Test func aGzipBombStopsAtTheResponseSizeLimit() async throws {
        let bomb = GzipBomb.make(inflatedSize: 1 << 30)
        #expect(bomb.body.count < 1_100_000)
        let (outcome, growth) = try await ProcessResources.residentGrowth {
            try await call([ServiceAction(name: "bomb", resultType: .object(entity: "Post"))], first: "bomb") { _ in
                TestResponse(headers: Self.json + [("Content-Encoding", "gzip")], body: bomb.body)
            }
        }
        #expect(outcome.events.map(\.name) == ["bombStart", "bombError"])
        #expect(outcome.error?.code == .responseTooLarge, "\(String(describing: outcome.error))")
        #expect(outcome.after == outcome.before)
        // The growth is the whole process's, and other suites run beside this one (a clean run
        // once saw 525 MiB); a bomb that got through would hold its full gigabyte, so the bound
        // sits between the two.
        #expect(growth < 768 << 20, "resident memory grew by \(growth >> 20) MiB")
    }

    /// The bomb is a well-formed gzip stream: under the limit it inflates to its zeros.
    @Test func theGzipBombIsAValidStream() async throws {
        let bomb = GzipBomb.make(inflatedSize: 1 << 20)
        try await TestHTTPServer.with({ _ in TestResponse(headers: [("Content-Encoding", "gzip")], body: bomb.body) }) { server in
            let transport = HTTPTransport(options: .unhurried)
            let result = await transport.send(ServiceRequest(action: "bomb", method: .get, url: server.baseURL + "/"))
            try await transport.shutdown()
            let body = try result.get().body
            #expect(body.count == bomb.inflatedSize)
            #expect(body.allSatisfy { $0 == 0 })
        }
    }

    /// The server would redirect 10,000 times; the client follows the default five.
    @Test func tenThousandRedirectsStopAtTheRedirectLimit() async throws {
        let outcome = try await call([ServiceAction(name: "loop", path: "hop/0", resultType: .object(entity: "Post"))], first: "loop") { request in
            let hop = Int(request.uri.split(separator: "/").last ?? "0") ?? 0
            return hop < 10_000
                ? TestResponse.redirect(to: "/hop/\(hop + 1)")
                : TestResponse(headers: Self.json, body: Array(#"{"id_str": "end"}"#.utf8))
        }
        #expect(outcome.events.map(\.name) == ["loopStart", "loopError"])
        #expect(outcome.error?.code == .tooManyRedirects)
        #expect(outcome.error?.message.contains("too many redirects") == true)
        #expect(outcome.requests.map(\.uri) == (0...5).map { "/hop/\($0)" })
        #expect(outcome.after == outcome.before)
    }

    /// 100 MB of JSON, announced by its length (refused from the head) or sent chunked without
    /// one (refused once 32 MiB have arrived).
    @Test(arguments: [false, true])
    func aHundredMegabyteBodyIsTooLarge(chunked: Bool) async throws {
        let body = Array(#"{"id_str": "big", "text": ""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 100 << 20) + Array(#""}"#.utf8)
        let headers = Self.json + (chunked ? [("Transfer-Encoding", "chunked")] : [])
        let outcome = try await ProcessResources.exclusively {
            try await call([ServiceAction(name: "big", resultType: .object(entity: "Post"))], first: "big") { _ in
                TestResponse(headers: headers, body: body)
            }
        }
        #expect(outcome.events.map(\.name) == ["bigStart", "bigError"])
        #expect(outcome.error?.code == .responseTooLarge)
        #expect(outcome.error?.message.contains("is over \(32 << 20) bytes") == true)
        #expect(outcome.after == outcome.before)
    }

    @Test func aChainWhoseSecondActionFailsKeepsWhatTheFirstImported() async throws {
        let outcome = try await call([ServiceAction(name: "me", path: "me", resultType: .object(entity: "Account"), nextAction: "feed"),
                                      ServiceAction(name: "feed", path: "feed", resultType: .array(entity: "Post"))], first: "me") { request in
            request.uri.hasPrefix("/me")
                ? TestResponse(headers: Self.json, body: Array(#"{"id_str": "0", "name": "Me"}"#.utf8))
                : TestResponse(status: 503, headers: Self.json, body: Array(#"{"error": "down"}"#.utf8))
        }
        #expect(outcome.events.map(\.name) == ["meStart", "meReady", "meSuccess", "feedStart", "feedError"])
        #expect(outcome.error?.code == .server)
        #expect(outcome.error?.status == 503)
        #expect(outcome.error?.message == "feed failed: down")
        #expect(outcome.after.filter { !$0.hasPrefix("Account ") } == outcome.before, "the failed step changed nothing")
        #expect(outcome.after.count == outcome.before.count + 1, "the first step's import stays")
    }

    /// Fifty clients, each meeting a connection closed mid-body and shut down, leave the process
    /// with as many descriptors as before: a leak of one per call would show as fifty. Other
    /// tests open and close descriptors meanwhile, so each count is the least seen over a while.
    @Test func repeatedFaultsLeakNoDescriptors() async throws {
        let body = Array(#"{"id_str": "cut", "text": "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"}"#.utf8)
        try await TestHTTPServer.with({ _ in TestResponse(headers: Self.json, body: body, behaviour: .truncate(after: 10)) }) { server in
            func fail() async throws {
                let transport = HTTPTransport(options: .unhurried)
                let result = await transport.send(ServiceRequest(action: "cut", method: .get, url: server.baseURL + "/"))
                try await transport.shutdown()
                #expect(throws: ActionError.self) { try result.get() }
            }
            try await fail()
            let before = await Self.leastDescriptorCount()
            for _ in 0..<50 { try await fail() }
            #expect(await ProcessResources.settles(within: 5) { ProcessResources.openDescriptorCount() < before + 25 },
                    "descriptors: \(before) before, \(ProcessResources.openDescriptorCount()) after")
        }
    }

    /// The fewest descriptors open at any of ten looks 20 ms apart.
    private static func leastDescriptorCount() async -> Int {
        var least = Int.max
        for _ in 0..<10 {
            least = min(least, ProcessResources.openDescriptorCount())
            try? await Task.sleep(for: .milliseconds(20))
        }
        return least
    }

    /// A `$` value that would climb out of its path segment or start a query reaches the server
    /// inside its own segment and query value, percent-encoded.
    @Test func aSubstitutedValueCannotInjectIntoTheURL() async throws {
        let hostile = "../../admin?delete=1#x"
        let argument = Value.dictionary(["id": .string(hostile), "q": .string("a&b=c")])
        let outcome = try await call([ServiceAction(name: "show", path: "items/$id/show?q=$q", resultType: .object(entity: "Post"))],
                                     first: "show", argument: argument) { _ in
            TestResponse(headers: Self.json, body: Array(#"{"id_str": "1"}"#.utf8))
        }
        #expect(outcome.events.last?.name == "showSuccess")
        let uri = try #require(outcome.requests.map(\.uri).first)
        #expect(outcome.requests.count == 1)
        let components = try #require(URLComponents(string: uri))
        #expect(components.percentEncodedPath.split(separator: "/").map { $0.removingPercentEncoding } == ["items", hostile, "show"])
        #expect(components.queryItems == [URLQueryItem(name: "q", value: "a&b=c")])
    }
}
