import Foundation
import Testing
import WidgetryLanguageServer
import WidgetryLanguageServerProtocol

/// Requests about documents the server does not know, positions outside a text, and documents
/// too large to work on are refused with a code; the server goes on.
@Suite(.timeLimit(.minutes(2))) struct HostileInputTests {
    @Test func requestsAboutUnknownDocumentsOrOutsideTheTextAreRefusedAndTheServerGoesOn() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let unknown = try await client.error(client.request("textDocument/hover", positionParams(uri: "file:///nowhere/Screen.json", line: 0, character: 0)))
        #expect(unknown.code == ErrorCodes.invalidParams)
        #expect(unknown.problem == "lsp.unknown-document")
        let scheme = try await client.error(client.request("textDocument/completion", positionParams(uri: "untitled:Untitled-1", line: 0, character: 0)))
        #expect(scheme.problem == "lsp.unsupported-uri")
        let pulled = try await client.error(client.request("textDocument/diagnostic", #"{"textDocument":{"uri":"file:///nowhere/Screen.json"}}"#))
        #expect(pulled.problem == "lsp.unknown-document")
        let uri = workspace.uri(Workspace.screen)
        let text = try workspace.misspeltScreen()
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        _ = try await client.collect(under: workspace.bundle)
        for (line, character) in [(0, 99), (999, 0), (-1, 0), (0, -1)] {
            let outside = try await client.error(client.request("textDocument/hover", positionParams(uri: uri, line: line, character: character)))
            #expect(outside.problem == "lsp.position-out-of-range", "\(line):\(character)")
        }
        // A change outside the text is refused whole, and the log says so: the document is as it was.
        try await client.notify("textDocument/didChange", changeParams(uri: uri, version: 2, line: 500, from: 0, to: 3, text: "x"))
        try await client.notify("textDocument/didChange", changeParams(uri: workspace.uri("Nothing.json"), version: 2, line: 0, from: 0, to: 0, text: "x"))
        let (published, logs) = try await client.collect(under: workspace.bundle)
        #expect(published.isEmpty)
        #expect(logs.count == 2)
        #expect(logs.first?.hasSuffix("the document stays at version 1: close and open it again [lsp.position-out-of-range]") == true, "\(logs)")
        #expect(logs.last?.hasSuffix("is not open; the change is ignored [lsp.unknown-document]") == true, "\(logs)")
        let place = try #require(Workspace.position(of: #""notez""#, in: text))
        let hover = try await client.result(client.request("textDocument/hover", positionParams(uri: uri, line: place.line, character: place.character + 1)))
        #expect(hover["contents"]?["value"]?.string?.contains("'notez'") == true)
        try await client.finish()
    }

    @Test func aDocumentOfSeveralMegabytesIsOneFindingAndRequestsAboutItAreRefused() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient(limits: ServerLimits(maximumDocumentBytes: 1 << 20))
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        // Six megabytes of a string in the screen's objects.
        let huge = try workspace.text(Workspace.screen).replacingOccurrences(of: #""objects": {"#, with: #""objects": {"big": {"type": ""# + String(repeating: "x", count: 6 << 20) + #""},"#)
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: huge))
        let published = try await client.collect(under: workspace.bundle).published
        #expect(published.keys.sorted() == [Workspace.screen])
        #expect(published[Workspace.screen]?.map { $0["code"] } == [.string("lsp.document-too-large")])
        let refused = try await client.error(client.request("textDocument/completion", positionParams(uri: uri, line: 0, character: 0)))
        #expect(refused.problem == "lsp.document-too-large")
        // Back to a size it works on: linted again, the too-large finding cleared.
        try await client.notify("textDocument/didChange",
                                #"{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"text":\#(try ServerClient.json(workspace.text(Workspace.screen)))}]}"#)
        #expect(try await client.collect(under: workspace.bundle).published == [Workspace.screen: []])
        try await client.finish()
    }
}
