import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryService
import WidgetryTestSupport
import WidgetryServiceConfiguration
import WidgetryStore
import WidgetryModel

/// The `auth` section's sign-in, host actions, and stubs that take time (progress, cancel) or
/// answer with an error status, on a virtual clock.
struct SignInAndHostActionTests {
    static let model = """
        {"entities": {
          "Item": {"identityAttribute": "itemId", "attributes": {"itemId": {"type": "String", "JSONKeyPath": "id"},
                                                                 "title": {"type": "String", "optional": true, "JSONKeyPath": "title"}}},
          "Reader": {"identityAttribute": "readerId", "attributes": {"readerId": {"type": "String", "JSONKeyPath": "id"}}}
        }}
        """

    static let stub = """
        {
          "auth": {"url": "https://auth.test/token", "app": "appToken", "user": "signIn", "signOut": "signOut"},
          "defaults": {"baseUrl": "https://api.test/", "needAuth": true},
          "actions": {
            "appToken": {"path": "https://auth.test/token", "httpMethod": "POST", "needAuth": false, "response": {"access_token": "app-1"}},
            "signIn": {"path": "https://auth.test/token", "httpMethod": "POST", "resultKeyPath": "reader", "resultType": "Reader",
                       "response": {"access_token": "user-1", "reader": {"id": "r1"}}},
            "signOut": {"path": "https://auth.test/revoke", "httpMethod": "POST", "response": {}},
            "items": {"path": "items", "resultType": "[Item]", "response": [{"id": "i1"}]},
            "more": {"path": "more", "resultType": "[Item]", "response": [{"id": "i2"}]},
            "download": {"path": "items/$itemId/package", "resultType": "Item", "delay": 2, "response": {"id": "$itemId", "title": "Full"}},
            "refused": {"path": "refused", "status": 401, "response": {"error": "Token expired."}},
            "present": {"host": true, "resultType": "Item", "response": {"id": "i9"}}
          }
        }
        """

    let store: ObjectStore
    let timeline = Timeline()
    let engine: ActionEngine

    init(stub text: String = SignInAndHostActionTests.stub) throws {
        let model = try ModelJSONReader.read(JSONParser.parse(Array(Self.model.utf8), fileName: "Model.json"), file: "Model.json")
        store = ObjectStore(model: model)
        let configuration = try ServiceConfigurationReader.read(JSONParser.parse(Array(text.utf8), fileName: "StubService.json"),
                                                                file: "StubService.json", kind: .stub)
        engine = ActionEngine(configuration: configuration, backend: .stub(StubResponder(configuration: configuration)), timeline: timeline,
                              store: store, importer: JSONImporter(transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 0))), options: .init(widgetIdentifier: "test"))
    }

    private func insertItem() throws -> ObjectID {
        try store.perform { (transaction: inout StoreTransaction) throws(StoreError) in
            let id = try transaction.insert("Item")
            try transaction.setAttribute("itemId", to: "i1", of: id)
            return id
        }.result
    }

    private func authorization(_ logged: ActionEngine.LoggedRequest) -> String? {
        logged.request.headers.first { $0.name == "Authorization" }?.value
    }

    @Test func aNeedAuthActionSignsTheAppInOnceForEveryoneWaiting() async throws {
        engine.perform("items")
        engine.perform("more")
        await timeline.run()
        #expect(engine.requestLog.map(\.request.action) == ["appToken", "items", "more"])
        #expect(engine.requestLog.map(authorization) == [nil, "Bearer app-1", "Bearer app-1"])
        #expect(engine.requestLog.map(\.signedAs) == [nil, .app, .app])
        #expect(engine.events.map(\.name) == ["appTokenStart", "appTokenReady", "itemsStart", "moreStart",
                                               "itemsReady", "itemsSuccess", "moreReady", "moreSuccess"])
        #expect(engine.signedIn == .app)
    }

    /// A server that repeats the token a sign-in gave (an echo, an error page) has it redacted,
    /// as the host's credentials are: the store and snapshots never show it.
    @Test func aTokenASignInGaveIsRedactedFromLaterAnswers() async throws {
        let echo = Self.stub.replacingOccurrences(of: #""more": {"path": "more", "resultType": "[Item]", "response": [{"id": "i2"}]},"#,
                                                  with: #""more": {"path": "more", "resultType": "[Item]", "response": [{"id": "i2", "title": "seen user-token-1"}]},"#)
            .replacingOccurrences(of: #""access_token": "user-1""#, with: #""access_token": "user-token-1""#)
        let tests = try SignInAndHostActionTests(stub: echo)
        tests.engine.perform("more")
        await tests.timeline.run()
        #expect(tests.store.objects(of: "Item").first?.value(forKey: "title") == "seen user-token-1", "before the sign-in, no secret")
        tests.engine.perform("signIn", argument: .dictionary(["email": "ada@example.com"]))
        await tests.timeline.run()
        tests.engine.perform("more")
        await tests.timeline.run()
        #expect(tests.store.objects(of: "Item").first?.value(forKey: "title") == "seen <redacted>")
    }

    @Test func theUsersTokenSignsRequestsUntilSigningOut() async throws {
        engine.perform("signIn", argument: .dictionary(["email": "ada@example.com"]))
        await timeline.run()
        #expect(engine.signedIn == .user)
        #expect(store.objects(of: "Reader").count == 1)
        engine.perform("items")
        await timeline.run()
        engine.perform("signOut")
        await timeline.run()
        #expect(engine.signedIn == .app)
        engine.perform("more")
        await timeline.run()
        #expect(engine.requestLog.map(\.request.action) == ["appToken", "signIn", "items", "signOut", "more"])
        #expect(engine.requestLog.map(authorization) == [nil, "Bearer app-1", "Bearer user-1", "Bearer user-1", "Bearer app-1"])
    }

    @Test func aSignInAnswerWithoutATokenFailsTheActionWaitingForIt() async throws {
        let test = try SignInAndHostActionTests(stub: Self.stub.replacingOccurrences(of: #"{"access_token": "app-1"}"#, with: #"{"token": "x"}"#))
        var outcome: Result<ActionResult, ActionError>?
        test.engine.perform("items") { outcome = $0 }
        await test.timeline.run()
        guard case .failure(let error) = outcome else { Issue.record("items did not fail: \(String(describing: outcome))"); return }
        #expect(error.code == .signIn)
        #expect(error.message == #"items needs the app signed in, and appToken failed: the answer to appToken has no token at "access_token""#)
        #expect(test.engine.signedIn == nil)
        #expect(test.engine.requestLog.map(\.request.action) == ["appToken"], "items was never sent")
        #expect(test.engine.events.map(\.name) == ["appTokenStart", "appTokenError", "itemsError"])
    }

    @Test func aStubWithItsOwnDelayReportsProgressAtEachQuarter() async throws {
        let item = try insertItem()
        engine.perform("download", argument: .object(try #require(store.object(item))), sender: "button")
        await timeline.run()
        let progress = engine.events.filter { $0.action == "download" }.map(\.description)
        #expect(progress == ["t=0.000 downloadStart sender=button", "t=0.500 downloadProgress sender=button progress=25%",
                             "t=1.000 downloadProgress sender=button progress=50%", "t=1.500 downloadProgress sender=button progress=75%",
                             "t=2.000 downloadReady sender=button", "t=2.000 downloadSuccess sender=button objects=#1"])
        #expect(store.objects(of: "Item").first?.value(forKey: "title") == "Full")
    }

    @Test func cancellingAStubAnswerEndsTheCallAtOnceAndImportsNothing() async throws {
        let item = try insertItem()
        engine.perform("download", argument: .object(try #require(store.object(item))), sender: "button")
        await timeline.run(until: 1.2)
        engine.cancel("download", sender: "button")
        await timeline.run()
        #expect(engine.events.filter { $0.action == "download" }.map(\.description) == [
            "t=0.000 downloadStart sender=button", "t=0.500 downloadProgress sender=button progress=25%",
            "t=1.000 downloadProgress sender=button progress=50%",
            "t=1.200 downloadError sender=button error=download was cancelled [action.cancelled]",
        ])
        #expect(store.objects(of: "Item").first?.value(forKey: "title") == .null)
    }

    @Test func aStubCanAnswerWithAServersErrorStatus() async throws {
        engine.perform("refused")
        await timeline.run()
        let error = try #require(engine.events.last?.error)
        #expect(error.code == .server)
        #expect(error.status == 401)
        #expect(error.message == "refused failed: Token expired.")
    }

    @Test func aHostCommandAnswersAHostActionAndItsResultIsImported() async throws {
        let calls = Calls()
        let answer = try JSONParser.parse(Array(#"{"id": "i7", "title": "From the host"}"#.utf8), fileName: "answer").root
        engine.hostActions["present"] = { call in
            calls.record(call.action + " " + (call.sender ?? "-"))
            return .success(answer)
        }
        engine.perform("present", sender: "openButton")
        await timeline.run()
        #expect(calls.values == ["present openButton"])
        #expect(engine.requestLog.isEmpty, "a host action sends nothing")
        #expect(engine.events.map(\.name) == ["presentStart", "presentReady", "presentSuccess"])
        #expect(store.objects(of: "Item").map { $0.value(forKey: "title") } == ["From the host"])
    }

    @Test func aHostActionWithoutACommandTakesTheStubsAnswer() async throws {
        engine.perform("present")
        await timeline.run()
        #expect(engine.requestLog.isEmpty)
        #expect(engine.events.map(\.name) == ["presentStart", "presentReady", "presentSuccess"])
        #expect(store.objects(of: "Item").map { $0.value(forKey: "itemId") } == ["i9"])
    }

    @Test func aHostCommandsFailureKeepsTheHostsCode() async throws {
        engine.hostActions["present"] = { _ in .failure(ActionError(.host, "The presenter is busy.", hostCode: "presenter.busy")) }
        engine.perform("present")
        await timeline.run()
        let error = try #require(engine.events.last?.error)
        #expect(error.description == "The presenter is busy. [presenter.busy]")
        #expect(store.objects(of: "Item").isEmpty)
    }

    @Test func aHostActionOnTheNetworkNeedsTheHostsCommand() async throws {
        let configuration = try ServiceConfigurationReader.read(JSONParser.parse(Array(#"{"actions": {"present": {"host": true}}}"#.utf8), fileName: "Service.json"),
                                                                file: "Service.json", kind: .service)
        let transport = HTTPTransport(options: .unhurried)
        let engine = ActionEngine(configuration: configuration, backend: .network(transport), timeline: timeline, store: nil,
                                  importer: JSONImporter(transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 0))), options: .init(widgetIdentifier: "test"))
        engine.perform("present")
        await timeline.run()
        try await transport.shutdown()
        let error = try #require(engine.events.last?.error)
        #expect(error.code == .noHostCommand)
        #expect(engine.requestLog.isEmpty)
    }

    @Test(arguments: [
        (#"{"auth": {"app": "nowhere"}, "actions": {"a": {}}}"#, #"StubService.json:1:18: app "nowhere" names no action of this file"#),
        (#"{"actions": {"a": {"status": 42}}}"#, #"StubService.json:1:30: "status" must be an HTTP status from 100 to 599, found integer"#),
        (#"{"actions": {"a": {"delay": "soon"}}}"#, #"StubService.json:1:29: "delay" must be a number of seconds, found string"#),
    ])
    func theReaderChecksTheNewKeys(_ text: String, _ expected: String) throws {
        let document = try JSONParser.parse(Array(text.utf8), fileName: "StubService.json")
        do {
            _ = try ServiceConfigurationReader.read(document, file: "StubService.json", kind: .stub)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.errors.map { "\($0.file):\($0.location.map { "\($0.line):\($0.column)" } ?? "-"): \($0.message)" }.first == expected)
        }
    }
}

/// What a host command was called with, across its task.
private final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    func record(_ value: String) { lock.withLock { recorded.append(value) } }
    var values: [String] { lock.withLock { recorded } }
}
