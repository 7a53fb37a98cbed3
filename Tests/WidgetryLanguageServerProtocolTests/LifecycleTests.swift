import Testing
import WidgetryLanguageServerProtocol

/// `initialize`, `initialized`, `shutdown` and `exit` in the specification's order, and what the
/// connection answers out of it.
@Suite(.timeLimit(.minutes(1))) struct LifecycleTests {
    @Test func answersRequestsBeforeInitializeWithServerNotInitialized() async throws {
        let client = await TestClient { connection in
            await connection.onRequest(HoverRequest.self) { _, _ in nil }
            await connection.onRequest(InitializeRequest.self) { _, _ in InitializeResult(capabilities: ServerCapabilities()) }
        }
        try await client.request(id: 1, method: "textDocument/hover", params: #"{"textDocument":{"uri":"file:///a"},"position":{"line":0,"character":0}}"#)
        let early = try await client.error(id: 1)
        #expect(early.code == ErrorCodes.serverNotInitialized)
        #expect(early.problem == "lsp.not-initialized")
        // A notification before initialize is dropped, unanswered.
        try await client.notify(method: "textDocument/didClose", params: #"{"textDocument":{"uri":"file:///a"}}"#)
        try await client.request(id: 2, method: "initialize", params: #"{"processId":null,"capabilities":{}}"#)
        #expect(try await client.result(id: 2) == .object(["capabilities": .object([:])]))
        try await client.request(id: 3, method: "initialize", params: #"{"capabilities":{}}"#)
        let again = try await client.error(id: 3)
        #expect(again.code == ErrorCodes.invalidRequest)
        #expect(again.problem == "lsp.already-initialized")
        #expect(try await client.finish() == 1)
    }

    @Test func shutdownThenExitEndsWithCodeZero() async throws {
        let client = try await TestClient.initialized()
        #expect(await client.connection.state == .initialized)
        try await client.request(id: 1, method: "shutdown")
        #expect(try await client.result(id: 1) == .null)
        try await client.request(id: 2, method: "textDocument/hover", params: #"{"textDocument":{"uri":"file:///a"},"position":{"line":0,"character":0}}"#)
        let late = try await client.error(id: 2)
        #expect(late.code == ErrorCodes.invalidRequest)
        #expect(late.problem == "lsp.shut-down")
        try await client.notify(method: "exit")
        #expect(try await client.end() == 0)
    }

    @Test func exitWithoutShutdownEndsWithCodeOne() async throws {
        let client = try await TestClient.initialized()
        try await client.notify(method: "exit")
        #expect(try await client.end() == 1)
    }

    @Test func theEndOfTheInputEndsTheConnection() async throws {
        let client = try await TestClient.initialized()
        try await client.request(id: 1, method: "shutdown")
        _ = try await client.result(id: 1)
        #expect(try await client.finish() == 0)
        // Half a frame, then the end: the connection ends as cleanly.
        let cut = try await TestClient.initialized()
        try await cut.write(Array("Content-Length: 50\r\n\r\n{\"jsonrpc\"".utf8))
        #expect(try await cut.finish() == 1)
    }

    @Test func aFailedInitializeLeavesTheServerUninitialized() async throws {
        let client = await TestClient { connection in
            await connection.onRequest(InitializeRequest.self) { params, _ in
                guard params.rootUri != nil else { throw ResponseError(code: ErrorCodes.invalidParams, message: "no root") }
                return InitializeResult(capabilities: ServerCapabilities())
            }
        }
        try await client.request(id: 1, method: "initialize", params: #"{"capabilities":{}}"#)
        #expect(try await client.error(id: 1).message == "no root")
        try await client.request(id: 2, method: "shutdown")
        #expect(try await client.error(id: 2).code == ErrorCodes.serverNotInitialized)
        try await client.request(id: 3, method: "initialize", params: #"{"rootUri":"file:///w","capabilities":{}}"#)
        _ = try await client.result(id: 3)
        #expect(try await client.finish() == 1)
    }
}
