import Foundation
import Testing
import WidgetryLanguageServerProtocol
@testable import WidgetryLanguageServer

/// Completion right after an edit answers from the bundle as edited: what the bundle defines is
/// read through the lint session's cache of parsed files, which never serves a file's old bytes.
@Suite(.timeLimit(.minutes(2))) struct CompletionAfterEditTests {
    @Test func anAttributeRenamedInTheOpenModelIsWhatAKeyPathCompletesWith() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let text = try workspace.text(Workspace.screen)
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        let model = try workspace.text("Model.json")
        try await client.notify("textDocument/didOpen", openParams(uri: workspace.uri("Model.json"), text: model))
        _ = try await client.collect(under: workspace.bundle)
        let binding = try #require(Workspace.position(of: #""from": "content.text""#, in: text))
        let column = binding.character + #""from": "content."#.utf16.count
        func labels() async throws -> [LSPAny?] {
            let keys = try await client.result(client.request("textDocument/completion", positionParams(uri: uri, line: binding.line, character: column)))
            return keys["items"]?.array?.map { $0["label"] } ?? []
        }
        #expect(try await labels() == [.string("noteId"), .string("stars"), .string("text")])
        // The attribute renamed in the editor's model, then back: each completion reads the model as it is now.
        let stars = try #require(Workspace.position(of: #""stars": {"#, in: model))
        try await client.notify("textDocument/didChange", changeParams(uri: workspace.uri("Model.json"), version: 2, line: stars.line,
                                                                       from: stars.character + 1, to: stars.character + 6, text: "rating"))
        _ = try await client.collect(under: workspace.bundle)
        #expect(try await labels() == [.string("noteId"), .string("rating"), .string("text")])
        try await client.notify("textDocument/didChange", changeParams(uri: workspace.uri("Model.json"), version: 3, line: stars.line,
                                                                       from: stars.character + 1, to: stars.character + 7, text: "stars"))
        _ = try await client.collect(under: workspace.bundle)
        #expect(try await labels() == [.string("noteId"), .string("stars"), .string("text")])
        try await client.finish()
    }
}
