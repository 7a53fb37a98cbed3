import Testing
import WidgetryLanguageServerProtocol

/// Input a client should never send: each bad message is answered with a protocol error naming
/// it, and the connection goes on to answer the next request.
@Suite(.timeLimit(.minutes(1))) struct HostileInputTests {
    private static let hover = #"{"textDocument":{"uri":"file:///a"},"position":{"line":1,"character":2}}"#

    /// A client whose server answers hover with the position it was asked about.
    private func client(limits: MessageLimits = MessageLimits()) async throws -> TestClient {
        try await TestClient.initialized(limits: limits) { connection in
            await connection.onRequest(HoverRequest.self) { params, _ in
                Hover(contents: MarkupContent(kind: .plaintext, value: "\(params.position.line):\(params.position.character)"))
            }
        }
    }

    /// The connection still answers a good request.
    private func expectAlive(_ client: TestClient, id: Int = 99) async throws {
        try await client.request(id: id, method: "textDocument/hover", params: Self.hover)
        #expect(try await client.result(id: id)["contents"]?["value"] == .string("1:2"))
    }

    @Test func malformedFramesAreParseErrorsAndTheConnectionGoesOn() async throws {
        let client = try await client()
        let frames: [(String, String)] = [
            ("Content-Type: x\r\n\r\n{}", "lsp.missing-content-length"),
            ("Content-Length: many\r\n\r\n{}", "lsp.invalid-content-length"),
            ("Content-Length: -2\r\n\r\n{}", "lsp.invalid-content-length"),
            ("Content-Length: 2\r\n{}", "lsp.malformed-header"),
        ]
        for (index, (frame, code)) in frames.enumerated() {
            try await client.write(Array(frame.utf8))
            let error = try await client.error(id: nil)
            #expect(error.code == ErrorCodes.parseError)
            #expect(error.problem == code, "\(frame)")
            try await expectAlive(client, id: index)
        }
        #expect(try await client.finish() == 1)
    }

    @Test func aMessageAboveTheLimitIsRefusedUnreadAndSkipped() async throws {
        let client = try await client(limits: MessageLimits(maximumContentLength: 1000))
        let big = #"{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{"pad":""# + String(repeating: "x", count: 5000) + #""}}"#
        try await client.send(big)
        let error = try await client.error(id: nil)
        #expect(error.problem == "lsp.message-too-large")
        try await expectAlive(client)
        // A length no one could send: refused at once; the input's end then ends the connection.
        try await client.write(Array("Content-Length: 9223372036854775807\r\n\r\n{}".utf8))
        #expect(try await client.error(id: nil).problem == "lsp.message-too-large")
        #expect(try await client.finish() == 1)
    }

    @Test func invalidJSONIsAParseError() async throws {
        let client = try await client()
        for body in [#"{"jsonrpc":"2.0","id":1,"#, #"{"a":}"#, "nul"] {
            try await client.send(body)
            let error = try await client.error(id: nil)
            #expect(error.code == ErrorCodes.parseError, "\(body)")
            #expect(error.problem == "lsp.invalid-json")
        }
        try await client.write(Array("Content-Length: 2\r\n\r\n".utf8) + [0xFF, 0xFE])
        #expect(try await client.error(id: nil).problem == "lsp.invalid-json")
        try await expectAlive(client)
        #expect(try await client.finish() == 1)
    }

    @Test func jsonThatIsNoJSONRPCMessageIsAnInvalidRequest() async throws {
        let client = try await client()
        let bodies: [(String, Int?)] = [
            ("[]", nil),
            ("42", nil),
            (#"{"id":7,"method":"textDocument/hover"}"#, 7),
            (#"{"jsonrpc":"1.0","id":8,"method":"x"}"#, 8),
            (#"{"jsonrpc":"2.0","id":9,"method":12}"#, 9),
            (#"{"jsonrpc":"2.0","id":{"a":1},"method":"x"}"#, nil),
            (#"{"jsonrpc":"2.0","id":10,"method":"x","params":"text"}"#, 10),
            (#"{"jsonrpc":"2.0","id":null,"method":"x"}"#, nil),
            (#"{"jsonrpc":"2.0"}"#, nil),
        ]
        for (body, id) in bodies {
            try await client.send(body)
            let error = try await client.error(id: id)
            #expect(error.code == ErrorCodes.invalidRequest, "\(body)")
            #expect(error.problem == "lsp.not-json-rpc", "\(body)")
        }
        // A response to a request the server never sent is dropped.
        try await client.send(#"{"jsonrpc":"2.0","id":77,"result":null}"#)
        try await expectAlive(client)
        #expect(try await client.finish() == 1)
    }

    @Test func unknownMethodsAreMethodNotFoundAndUnknownNotificationsAreIgnored() async throws {
        let client = try await client()
        try await client.request(id: 1, method: "textDocument/teleport", params: "{}")
        let error = try await client.error(id: 1)
        #expect(error.code == ErrorCodes.methodNotFound)
        #expect(error.problem == "lsp.unknown-method")
        #expect(error.message.contains("textDocument/teleport"))
        try await client.notify(method: "textDocument/teleported", params: "{}")
        try await client.notify(method: "$/setTrace", params: #"{"value":"off"}"#)
        try await expectAlive(client)
        #expect(try await client.finish() == 1)
    }

    @Test func paramsOfTheWrongShapeAreInvalidParams() async throws {
        let client = try await client()
        let wrong = [
            #"{"textDocument":{"uri":"file:///a"}}"#,
            #"{"textDocument":{"uri":"file:///a"},"position":{"line":"one","character":0}}"#,
            "[1,2]",
        ]
        for (index, params) in wrong.enumerated() {
            try await client.request(id: index, method: "textDocument/hover", params: params)
            let error = try await client.error(id: index)
            #expect(error.code == ErrorCodes.invalidParams, "\(params)")
            #expect(error.problem == "lsp.invalid-params")
        }
        try await client.request(id: 3, method: "textDocument/hover")
        #expect(try await client.error(id: 3).message.contains("params is missing"))
        try await expectAlive(client)
        #expect(try await client.finish() == 1)
    }

    @Test func aNotificationWithWrongParamsIsLoggedAndTheConnectionGoesOn() async throws {
        let client = try await TestClient.initialized { connection in
            await connection.onNotification(DidCloseTextDocumentNotification.self) { _ in }
            await connection.onRequest(HoverRequest.self) { _, _ in nil }
        }
        try await client.notify(method: "textDocument/didClose", params: #"{"textDocument":{}}"#)
        let log = try await client.next()
        #expect(log["method"] == .string("window/logMessage"))
        #expect(log["params"]?["type"] == .integer(1))
        guard case .string(let message) = log["params"]?["message"] else {
            Issue.record("no message: \(log)")
            return
        }
        #expect(message.contains("lsp.invalid-params"))
        #expect(message.contains("params.textDocument.uri is missing"))
        try await client.request(id: 1, method: "textDocument/hover", params: Self.hover)
        #expect(try await client.result(id: 1) == .null)
        #expect(try await client.finish() == 1)
    }
}

/// Messages that are valid but large, deep or out of place.
@Suite(.timeLimit(.minutes(1))) struct HeavyInputTests {
    @Test func readsADocumentOfSeveralMegabytes() async throws {
        actor Sizes {
            var last = 0
            func set(_ size: Int) { last = size }
        }
        let sizes = Sizes()
        let client = try await TestClient.initialized { connection in
            await connection.onNotification(DidOpenTextDocumentNotification.self) { params in
                await sizes.set(TextDocument(params.textDocument).bytes.count)
            }
            await connection.onRequest(HoverRequest.self) { _, _ in
                Hover(contents: MarkupContent(kind: .plaintext, value: String(await sizes.last)))
            }
        }
        let text = String(repeating: #"{\"key\": \"välue 😀\"},\n"#, count: 150_000)
        try await client.notify(method: "textDocument/didOpen", params: #"{"textDocument":{"uri":"file:///Big.json","languageId":"json","version":1,"text":"\#(text)"}}"#)
        try await client.request(id: 1, method: "textDocument/hover", params: #"{"textDocument":{"uri":"file:///Big.json"},"position":{"line":0,"character":0}}"#)
        #expect(try await client.result(id: 1)["contents"]?["value"] == .string(String(150_000 * 24)))
        #expect(try await client.finish() == 1)
    }

    @Test func deeplyNestedJSONIsRefusedWithoutExhaustingTheStack() async throws {
        let client = try await TestClient.initialized { connection in
            await connection.onRequest(HoverRequest.self) { _, _ in nil }
        }
        try await client.send(String(repeating: "[", count: 200_000))
        #expect(try await client.error(id: nil).problem == "lsp.invalid-json")
        let deep = String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        try await client.request(id: 1, method: "textDocument/hover", params: #"{"textDocument":{"uri":"u"},"position":{"line":0,"character":0},"extra":\#(deep)}"#)
        #expect(try await client.error(id: nil).problem == "lsp.invalid-json")
        try await client.request(id: 2, method: "textDocument/hover", params: #"{"textDocument":{"uri":"u"},"position":{"line":0,"character":0}}"#)
        #expect(try await client.result(id: 2) == .null)
        #expect(try await client.finish() == 1)
    }

    @Test func aRequestIdStillOpenIsRefused() async throws {
        let client = try await TestClient.initialized { connection in
            await connection.onRequest(HoverRequest.self) { params, _ in
                guard params.position.line == 0 else { return nil }
                try await Task.sleep(for: .seconds(86_400))
                return nil
            }
        }
        try await client.request(id: 1, method: "textDocument/hover", params: #"{"textDocument":{"uri":"u"},"position":{"line":0,"character":0}}"#)
        try await client.request(id: 1, method: "textDocument/hover", params: #"{"textDocument":{"uri":"u"},"position":{"line":1,"character":0}}"#)
        let error = try await client.error(id: 1)
        #expect(error.code == ErrorCodes.invalidRequest)
        #expect(error.problem == "lsp.duplicate-request-id")
        try await client.notify(method: "$/cancelRequest", params: #"{"id":1}"#)
        #expect(try await client.error(id: 1).code == ErrorCodes.requestCancelled)
        #expect(try await client.finish() == 1)
    }

    @Test func answersThatNoRequestAwaitsAreNeverAnswered() async throws {
        let client = try await TestClient.initialized { connection in
            await connection.onRequest(HoverRequest.self) { _, _ in nil }
        }
        for body in [
            #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"yours was bad"}}"#,
            #"{"id":3,"result":{}}"#,
            #"{"jsonrpc":"2.0","id":[1],"result":1}"#,
            #"{"jsonrpc":"2.0","id":12,"result":1}"#,
        ] {
            try await client.send(body)
        }
        try await client.request(id: 2, method: "textDocument/hover", params: #"{"textDocument":{"uri":"u"},"position":{"line":0,"character":0}}"#)
        #expect(try await client.result(id: 2) == .null)
        #expect(try await client.finish() == 1)
    }
}
