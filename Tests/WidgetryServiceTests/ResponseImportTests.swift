import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryModel
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryStore
import WidgetryTestSupport

/// A typed action's 2xx body is imported straight from its bytes, without a tree: the same
/// objects and the same located errors as importing the parsed document, over real HTTP.
struct ResponseImportTests {
    let model: EntityModel

    init() throws {
        let bytes = try [UInt8](Data(contentsOf: ActionEngineStubTests.feed.appendingPathComponent("Model.json")))
        model = try ModelJSONReader.read(JSONParser.parse(bytes, fileName: "Model.json"), file: "Model.json")
    }

    private var importer: JSONImporter {
        JSONImporter(transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 0)))
    }

    /// Runs `action` against a server answering `body`, with a store holding one post.
    private func run(_ action: ServiceAction, answering body: String) async throws -> (events: [ActionEvent], store: ObjectStore) {
        let response = TestResponse(headers: [("Content-Type", "application/json")], body: Array(body.utf8))
        return try await TestHTTPServer.with({ _ in response }) { server in
            let store = ObjectStore(model: model)
            try store.perform { transaction throws(StoreError) in
                try transaction.setAttribute("postId", to: "existing", of: transaction.insert("Post"))
            }
            let configuration = ServiceConfiguration(file: "Service.json", defaults: ServiceDefaults(baseURL: server.baseURL + "/"), actions: [action])
            let transport = HTTPTransport(options: .unhurried)
            let timeline = Timeline(clock: .real)
            let engine = ActionEngine(configuration: configuration, backend: .network(transport), timeline: timeline, store: store,
                                      importer: importer, options: .init(widgetIdentifier: "test"))
            engine.perform(action.name)
            await timeline.run()
            try await transport.shutdown()
            return (engine.events, store)
        }
    }

    /// What importing the parsed tree of `body` at `key` says.
    private func treeImportError(_ body: String, at key: String, into entity: String) throws -> ImportError {
        let result = try #require(JSONParser.parse(Array(body.utf8)).root.objectValue?[key])
        let importer = importer
        do throws(ImportError) {
            _ = try ObjectStore(model: model).perform { (transaction: inout StoreTransaction) throws(ImportError) in
                try importer.importJSON(result, into: entity, options: ImportOptions(), in: &transaction)
            }
        } catch {
            return error
        }
        Issue.record("the tree imported what the response path refused")
        throw CancellationError()
    }

    @Test func anImportErrorIsPlacedAsTheParsedDocumentPlacesIt() async throws {
        // Non-ASCII text before the fault moves columns off bytes; the result's key needs
        // escaping in a pointer and is written with an escape, so it is not plain in the bytes.
        let body = """
            {"r~/\\u0073": [
              {"id_str": "1", "text": "naïve café"},
              {"id_str": "2", "text": "é", "user": {"id_str": {"not": "a string"}}}
            ]}
            """
        let (events, store) = try await run(ServiceAction(name: "feed", resultType: .array(entity: "Post"), resultKeyPath: "r~/s"),
                                            answering: body)
        #expect(events.map(\.name) == ["feedStart", "feedReady", "feedError"])
        let error = try #require(events.last?.error)
        let expected = try treeImportError(body, at: "r~/s", into: "Post")
        #expect(expected.location?.line == 3 && expected.pointer.description == "/r~0~1s/1/user/id_str")
        #expect(error.code == .importFailed)
        #expect(error.message == "feed: \(expected)")
        #expect(store.objects(of: "Post").count == 1, "the failed import is rolled back")
    }

    @Test func aTypedReadyCarriesNoJSONAndTheObjectsComeWithSuccess() async throws {
        let body = #"{"data": [{"id_str": "7", "text": "a"}, null, {"id_str": "8", "user": {"id_str": "u"}}]}"#
        let (events, store) = try await run(ServiceAction(name: "feed", resultType: .array(entity: "Post"), resultKeyPath: "data"),
                                            answering: body)
        #expect(events.map(\.name) == ["feedStart", "feedReady", "feedSuccess"])
        #expect(events[1].json == nil)
        #expect(events[2].objects.count == 2)
        #expect(Set(store.objects(of: "Post").compactMap { $0.value(forKey: "postId").stringValue }) == ["existing", "7", "8"])
    }

    @Test func anUntypedReadyCarriesTheJSON() async throws {
        let (events, _) = try await run(ServiceAction(name: "ping"), answering: #"{"ok": true}"#)
        #expect(events.map(\.name) == ["pingStart", "pingReady"])
        #expect(events.last?.json == ["ok": true])
    }

    @Test func theResultShapeIsCheckedOnTheBytes() async throws {
        let (events, _) = try await run(ServiceAction(name: "feed", resultType: .array(entity: "Post"), resultKeyPath: "data.items"),
                                        answering: #"{"data": {"items": {"id_str": "1"}}}"#)
        #expect(events.map(\.name) == ["feedStart", "feedError"])
        #expect(events.last?.error?.code == .resultShape)
        #expect(events.last?.error?.message == "feed expects [Post], an array of objects, but the result is object")
    }
}
