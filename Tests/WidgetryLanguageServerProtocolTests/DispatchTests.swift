import Foundation
import Testing
import WidgetryLanguageServerProtocol

/// Requests, notifications, cancellation, the server's own requests and progress, over pipes.
@Suite(.timeLimit(.minutes(1))) struct DispatchTests {
    private static let hover = #"{"textDocument":{"uri":"file:///a"},"position":{"line":0,"character":0}}"#

    /// What notification handlers saw, in the order they ran.
    actor Journal {
        var entries: [String] = []
        func add(_ entry: String) { entries.append(entry) }
    }

    @Test func cancelRequestCancelsTheHandlerAndAnswersRequestCancelled() async throws {
        let client = try await TestClient.initialized { connection in
            await connection.onRequest(HoverRequest.self) { _, context in
                guard context.id == .integer(1) else { return nil }
                // Waits until cancelled: the test goes on only through the cancellation.
                try await Task.sleep(for: .seconds(86_400))
                return Hover(contents: MarkupContent(kind: .plaintext, value: "too late"))
            }
        }
        try await client.request(id: 1, method: "textDocument/hover", params: Self.hover)
        try await client.request(id: 2, method: "textDocument/hover", params: Self.hover)
        // The second request is answered while the first still waits.
        #expect(try await client.result(id: 2) == .null)
        try await client.notify(method: "$/cancelRequest", params: #"{"id":1}"#)
        let error = try await client.error(id: 1)
        #expect(error.code == ErrorCodes.requestCancelled)
        #expect(error.problem == "lsp.request-cancelled")
        // Cancelling a request that is done, or never was, changes nothing.
        try await client.notify(method: "$/cancelRequest", params: #"{"id":1}"#)
        try await client.notify(method: "$/cancelRequest", params: #"{"id":"nobody"}"#)
        #expect(try await client.finish() == 1)
    }

    @Test func aHandlerThatFailsIsAnsweredAndTheOthersGoOn() async throws {
        struct Broken: Error {}
        let client = try await TestClient.initialized { connection in
            await connection.onRequest(HoverRequest.self) { params, _ in
                if params.position.line == 1 { throw Broken() }
                if params.position.line == 2 { throw ResponseError(code: ErrorCodes.contentModified, message: "stale") }
                return nil
            }
        }
        try await client.request(id: 1, method: "textDocument/hover", params: #"{"textDocument":{"uri":"u"},"position":{"line":1,"character":0}}"#)
        let failed = try await client.error(id: 1)
        #expect(failed.code == ErrorCodes.internalError)
        #expect(failed.problem == "lsp.handler-failed")
        try await client.request(id: 2, method: "textDocument/hover", params: #"{"textDocument":{"uri":"u"},"position":{"line":2,"character":0}}"#)
        let stale = try await client.error(id: 2)
        #expect(stale.code == ErrorCodes.contentModified)
        #expect(stale.message == "stale")
        try await client.request(id: 3, method: "textDocument/hover", params: Self.hover)
        #expect(try await client.result(id: 3) == .null)
        #expect(try await client.finish() == 1)
    }

    @Test func notificationsRunInOrderBeforeTheRequestsAfterThem() async throws {
        let journal = Journal()
        let client = try await TestClient.initialized { connection in
            await connection.onNotification(DidOpenTextDocumentNotification.self) { params in
                await journal.add("open \(params.textDocument.uri) v\(params.textDocument.version)")
            }
            await connection.onNotification(DidChangeTextDocumentNotification.self) { params in
                await Task.yield()
                await journal.add("change v\(params.textDocument.version): \(params.contentChanges.map(\.text).joined())")
            }
            await connection.onRequest(HoverRequest.self) { _, _ in
                Hover(contents: MarkupContent(kind: .plaintext, value: await journal.entries.joined(separator: "; ")))
            }
        }
        try await client.notify(method: "textDocument/didOpen", params: #"{"textDocument":{"uri":"file:///S.json","languageId":"json","version":1,"text":"{}"}}"#)
        for version in 2...6 {
            try await client.notify(method: "textDocument/didChange",
                                    params: #"{"textDocument":{"uri":"file:///S.json","version":\#(version)},"contentChanges":[{"text":"\#(version)"}]}"#)
        }
        try await client.request(id: 1, method: "textDocument/hover", params: Self.hover)
        #expect(try await client.result(id: 1)["contents"]?["value"]
            == .string("open file:///S.json v1; change v2: 2; change v3: 3; change v4: 4; change v5: 5; change v6: 6"))
        #expect(try await client.finish() == 1)
    }

    @Test func theServersOwnRequestsAwaitTheirRepliesAndProgressIsReported() async throws {
        let client = try await TestClient.initialized { connection in
            await connection.onRequest(WorkspaceDiagnosticRequest.self) { _, context in
                let progress = try await context.connection.createWorkDoneProgress()
                try await progress.begin(title: "Checking", percentage: 0)
                try await progress.report(message: "1 of 2", percentage: 50)
                try await progress.end()
                return WorkspaceDiagnosticReport(items: [
                    WorkspaceDocumentDiagnosticReport(uri: "file:///S.json", version: nil, report: .full(FullDocumentDiagnosticReport(resultId: "1", items: []))),
                ])
            }
        }
        try await client.request(id: 1, method: "workspace/diagnostic", params: #"{"previousResultIds":[]}"#)
        let create = try await client.nextBody()
        #expect(create == #"{"id":1,"jsonrpc":"2.0","method":"window/workDoneProgress/create","params":{"token":"widgetry-1"}}"#)
        try await client.send(#"{"jsonrpc":"2.0","id":1,"result":null}"#)
        #expect(try await client.nextBody() == #"{"jsonrpc":"2.0","method":"$/progress","params":{"token":"widgetry-1","value":{"kind":"begin","percentage":0,"title":"Checking"}}}"#)
        #expect(try await client.nextBody() == #"{"jsonrpc":"2.0","method":"$/progress","params":{"token":"widgetry-1","value":{"kind":"report","message":"1 of 2","percentage":50}}}"#)
        #expect(try await client.nextBody() == #"{"jsonrpc":"2.0","method":"$/progress","params":{"token":"widgetry-1","value":{"kind":"end"}}}"#)
        #expect(try await client.nextBody() == #"{"id":1,"jsonrpc":"2.0","result":{"items":[{"items":[],"kind":"full","resultId":"1","uri":"file:///S.json","version":null}]}}"#)
        #expect(try await client.finish() == 1)
    }

    @Test func aRefusedServerRequestFailsWithTheClientsError() async throws {
        let client = try await TestClient.initialized { connection in
            await connection.onRequest(HoverRequest.self) { _, context in
                do {
                    _ = try await context.connection.sendRequest(DiagnosticRefreshRequest.self, NoParams())
                    return nil
                } catch let error as ResponseError {
                    return Hover(contents: MarkupContent(kind: .plaintext, value: "refused: \(error.message)"))
                }
            }
        }
        try await client.request(id: 5, method: "textDocument/hover", params: Self.hover)
        #expect(try await client.nextBody() == #"{"id":1,"jsonrpc":"2.0","method":"workspace/diagnostic/refresh"}"#)
        try await client.send(#"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no refresh here"}}"#)
        #expect(try await client.result(id: 5)["contents"]?["value"] == .string("refused: no refresh here"))
        #expect(try await client.finish() == 1)
    }

    @Test func responsesAreTheSameBytesOnEveryRun() async throws {
        for _ in 0..<2 {
            let client = await TestClient { connection in
                await connection.onRequest(InitializeRequest.self) { _, _ in
                    InitializeResult(
                        capabilities: ServerCapabilities(
                            positionEncoding: .utf16, textDocumentSync: TextDocumentSyncOptions(openClose: true, change: .incremental),
                            completionProvider: CompletionOptions(triggerCharacters: [".", "\""]), hoverProvider: true,
                            codeActionProvider: CodeActionOptions(codeActionKinds: [.quickFix, .sourceFixAll]),
                            diagnosticProvider: DiagnosticOptions(interFileDependencies: true, workspaceDiagnostics: true)),
                        serverInfo: ServerInfo(name: "widgetry", version: "1.0"))
                }
            }
            try await client.request(id: 1, method: "initialize", params: #"{"capabilities":{"window":{"workDoneProgress":true}},"clientInfo":{"name":"nvim"}}"#)
            #expect(try await client.nextBody() == #"{"id":1,"jsonrpc":"2.0","result":{"capabilities":{"codeActionProvider":{"codeActionKinds":["quickfix","source.fixAll"]},"completionProvider":{"triggerCharacters":[".","\""]},"diagnosticProvider":{"interFileDependencies":true,"workspaceDiagnostics":true},"hoverProvider":true,"positionEncoding":"utf-16","textDocumentSync":{"change":2,"openClose":true}},"serverInfo":{"name":"widgetry","version":"1.0"}}}"#)
            #expect(try await client.finish() == 1)
        }
    }
}

/// A handler that waits for the client's answer to the server's own request does not hold up
/// the reading of that answer, nor of cancellations.
@Suite(.timeLimit(.minutes(1))) struct ServerRequestTests {
    @Test func aNotificationHandlerMayAwaitTheClientsAnswer() async throws {
        let client = try await TestClient.initialized { connection in
            await connection.onNotification(DidChangeWatchedFilesNotification.self) { params in
                let watchers = DidChangeWatchedFilesRegistrationOptions(watchers: params.changes.map { FileSystemWatcher(globPattern: $0.uri) })
                let options = try JSONDecoder().decode(LSPAny.self, from: JSONEncoder().encode(watchers))
                _ = try await connection.sendRequest(RegisterCapabilityRequest.self, RegistrationParams(registrations: [
                    Registration(id: "watch", method: DidChangeWatchedFilesNotification.method, registerOptions: options),
                ]))
            }
            await connection.onRequest(HoverRequest.self) { _, _ in
                Hover(contents: MarkupContent(kind: .plaintext, value: "ran"))
            }
        }
        try await client.notify(method: "workspace/didChangeWatchedFiles", params: #"{"changes":[{"uri":"**/*.json","type":1}]}"#)
        #expect(try await client.nextBody()
            == #"{"id":1,"jsonrpc":"2.0","method":"client/registerCapability","params":{"registrations":[{"id":"watch","method":"workspace/didChangeWatchedFiles","registerOptions":{"watchers":[{"globPattern":"**/*.json"}]}}]}}"#)
        // While the handler waits: a request comes, and is cancelled before its turn.
        try await client.request(id: 5, method: "textDocument/hover", params: #"{"textDocument":{"uri":"u"},"position":{"line":0,"character":0}}"#)
        try await client.notify(method: "$/cancelRequest", params: #"{"id":5}"#)
        try await client.request(id: 6, method: "textDocument/hover", params: #"{"textDocument":{"uri":"u"},"position":{"line":0,"character":0}}"#)
        try await client.send(#"{"jsonrpc":"2.0","id":1,"result":null}"#)
        #expect(try await client.error(id: 5).code == ErrorCodes.requestCancelled)
        #expect(try await client.result(id: 6)["contents"]?["value"] == .string("ran"))
        #expect(try await client.finish() == 1)
    }

    @Test func cancellingAHandlerThatAwaitsTheClientCancelsTheServersRequestToo() async throws {
        let client = try await TestClient.initialized { connection in
            await connection.onRequest(HoverRequest.self) { _, context in
                _ = try await context.connection.sendRequest(DiagnosticRefreshRequest.self, NoParams())
                return Hover(contents: MarkupContent(kind: .plaintext, value: "answered"))
            }
        }
        try await client.request(id: 8, method: "textDocument/hover", params: #"{"textDocument":{"uri":"u"},"position":{"line":0,"character":0}}"#)
        #expect(try await client.nextBody() == #"{"id":1,"jsonrpc":"2.0","method":"workspace/diagnostic/refresh"}"#)
        try await client.notify(method: "$/cancelRequest", params: #"{"id":8}"#)
        #expect(try await client.nextBody() == #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#)
        #expect(try await client.error(id: 8).code == ErrorCodes.requestCancelled)
        // The client's late answer to the cancelled request is dropped.
        try await client.send(#"{"jsonrpc":"2.0","id":1,"result":null}"#)
        #expect(try await client.finish() == 1)
    }
}
