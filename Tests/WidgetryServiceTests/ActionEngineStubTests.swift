import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryStore
import WidgetryModel
import WidgetryTestSupport

/// The action engine against the stub file on a virtual clock.
struct ActionEngineStubTests {
    static let feed = URL(fileURLWithPath: Samples.widget("Feed"))

    let model: EntityModel
    let stub: ServiceConfiguration
    let importer: JSONImporter

    init() throws {
        let modelBytes = try [UInt8](Data(contentsOf: Self.feed.appendingPathComponent("Model.json")))
        model = try ModelJSONReader.read(JSONParser.parse(modelBytes, fileName: "Model.json"), file: "Model.json")
        let stubBytes = try [UInt8](Data(contentsOf: Self.feed.appendingPathComponent("StubService.json")))
        stub = try ServiceConfigurationReader.read(JSONParser.parse(stubBytes, fileName: "StubService.json"), file: "StubService.json", kind: .stub)
        var transformers = BindingTransformerRegistry()
        try transformers.registerDateTransformers(from: try #require(stub.options.transformers))
        importer = JSONImporter(transformers: transformers, transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 1_529_524_800)))
    }

    private func makeEngine(_ configuration: ServiceConfiguration? = nil, store: ObjectStore, timeline: Timeline, chainLimit: Int = 16) -> ActionEngine {
        let configuration = configuration ?? stub
        return ActionEngine(configuration: configuration, backend: .stub(StubResponder(configuration: configuration)), timeline: timeline,
                            store: store, importer: importer, options: .init(widgetIdentifier: "feed", chainLimit: chainLimit))
    }

    /// UPSTREAM-FORMAT §9.3: events, their times, the request and the store.
    @Test func theWidgetDemoOnLoadChain() async throws {
        let store = ObjectStore(model: model)
        let timeline = Timeline()
        let engine = makeEngine(store: store, timeline: timeline)
        engine.perform("currentUser")
        await timeline.run()
        let posts = store.objects(of: "Post").map(\.id.description).joined(separator: ",")
        #expect(engine.events.map(\.description) == [
            "t=0.000 currentUserStart",
            "t=0.250 currentUserReady",
            "t=0.250 currentUserSuccess objects=#1",
            "t=0.250 homeFeedStart",
            "t=0.500 homeFeedReady",
            "t=0.500 homeFeedSuccess objects=\(posts)",
        ])
        let homeFeed = try #require(engine.requestLog.last)
        #expect(homeFeed.time == 0.25)
        #expect(homeFeed.request.method == .get)
        #expect(homeFeed.request.url == "https://test/")
        #expect(String(decoding: homeFeed.request.body, as: UTF8.self) == "count=20")
        #expect(store.objects(of: "Account").count == 1)
        #expect(store.objects(of: "User", includingDescendants: false).count == 5)
        #expect(store.objects(of: "Post").count == 6)
        let account = try #require(store.objects(of: "Account").first)
        #expect(account.value(forKey: "name") == "Favio Mobile")
        #expect(account.value(forKey: "posts").elements?.count == 1, "the \"0\" author merged into the Account")
    }

    @Test func aStubActionWithoutResponseIsA404() async throws {
        var configuration = stub
        configuration.actions.append(ServiceAction(name: "later", resultType: .object(entity: "Post")))
        let timeline = Timeline()
        let engine = makeEngine(configuration, store: ObjectStore(model: model), timeline: timeline)
        var outcome: Result<ActionResult, ActionError>?
        engine.perform("later", sender: "button") { outcome = $0 }
        await timeline.run()
        #expect(engine.events.map(\.name) == ["laterStart", "laterError"])
        #expect(engine.events.last?.sender == "button")
        guard case .failure(let error)? = outcome else { Issue.record("no failure"); return }
        #expect(error.code == .notImplemented)
        #expect(error.status == 404)
        #expect(error.message == "Test response not implemented.")
    }

    @Test func chainsStopAtCyclesAndAtTheLimit() async throws {
        var configuration = stub
        let answer = try JSONParser.parse(#"{"id_str": "p"}"#).root
        configuration.actions = [
            ServiceAction(name: "a", resultType: .object(entity: "Post"), nextAction: "b", response: answer),
            ServiceAction(name: "b", resultType: .object(entity: "Post"), nextAction: "a", response: answer),
        ]
        var timeline = Timeline()
        var engine = makeEngine(configuration, store: ObjectStore(model: model), timeline: timeline)
        engine.perform("a")
        await timeline.run()
        let cycle = try #require(engine.events.last?.error)
        #expect(cycle.code == .chainCycle)
        #expect(cycle.message.contains("a → b → a"))
        configuration.actions[1].nextAction = nil
        timeline = Timeline()
        engine = makeEngine(configuration, store: ObjectStore(model: model), timeline: timeline, chainLimit: 1)
        engine.perform("a")
        await timeline.run()
        #expect(engine.events.map(\.name) == ["aStart", "aReady", "aSuccess", "bError"])
        #expect(engine.events.last?.error?.code == .chainLimit)
    }

    @Test func cancellingBeforeTheAnswerEndsTheCallWithoutImporting() async throws {
        let store = ObjectStore(model: model)
        let timeline = Timeline()
        let engine = makeEngine(store: store, timeline: timeline)
        engine.perform("homeFeed", sender: "refresh")
        timeline.schedule(after: 0.1) { engine.cancel("homeFeed", sender: "refresh") }
        await timeline.run()
        // The call ends when it is cancelled, not when the stub would have answered.
        #expect(engine.events.map(\.description) == ["t=0.000 homeFeedStart sender=refresh", "t=0.100 homeFeedError sender=refresh error=homeFeed was cancelled [action.cancelled]"])
        #expect(store.objects(of: "Post").isEmpty)
    }

    @Test func clearPolicyBeforeEmptiesTheListWhenTheCallStarts() async throws {
        var configuration = stub
        let index = try #require(configuration.actions.firstIndex { $0.name == "homeFeed" })
        let store = ObjectStore(model: model)
        var timeline = Timeline()
        let first = makeEngine(store: store, timeline: timeline)
        first.perform("homeFeed")
        await timeline.run()
        #expect(store.objects(of: "Post").count == 6)
        configuration.actions[index].clearPolicy = .before
        timeline = Timeline()
        let engine = makeEngine(configuration, store: store, timeline: timeline)
        var countsSeen: [Int] = []
        engine.observe { event in countsSeen.append(store.objects(of: "Post").count) }
        engine.perform("homeFeed")
        await timeline.run()
        #expect(countsSeen == [0, 0, 6], "empty from the start, full after success")
    }

    @Test func anActionWithoutResultTypeReportsTheJSONOnly() async throws {
        var configuration = stub
        configuration.actions = [ServiceAction(name: "ping", response: try JSONParser.parse(#"{"ok": true}"#).root)]
        let timeline = Timeline()
        let engine = makeEngine(configuration, store: ObjectStore(model: model), timeline: timeline)
        var outcome: Result<ActionResult, ActionError>?
        engine.perform("ping") { outcome = $0 }
        await timeline.run()
        #expect(engine.events.map(\.name) == ["pingStart", "pingReady"])
        #expect(outcome == .success(.json(try JSONParser.parse(#"{"ok": true}"#).root)))
    }
}
