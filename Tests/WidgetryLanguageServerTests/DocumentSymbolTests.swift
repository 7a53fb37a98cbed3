import Foundation
import Testing
import WidgetryLanguageServerProtocol
@testable import WidgetryLanguageServer

/// The symbols of a screen, a service file and the model.
@Suite(.timeLimit(.minutes(2))) struct DocumentSymbolTests {
    static func params(_ uri: String) -> String { #"{"textDocument":{"uri":"\#(uri)"}}"# }

    @Test func aScreenHasItsObjectsElementsAndViewsAndTheModelItsEntitiesWithTheirAttributes() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let text = try workspace.text(Workspace.screen)
        let screen = try await client.result(client.request("textDocument/documentSymbol", Self.params(workspace.uri(Workspace.screen))))
        #expect(screen.array?.map { $0["name"] } == [.string("NotesViewController")])
        let members = try #require(screen[0]?["children"]?.array)
        #expect(members.map { $0["name"]?.string } == ["notesProvider", "notesTable", "loadNotes", "notesStatus", "countLabel", "spinner", "noteLabel", "starsLabel", "UIView"])
        #expect(members[0]["detail"] == .string("ManagedObjectsProvider"))
        #expect(members[0]["selectionRange"] == (try DefinitionTests.range(of: #""notesProvider""#, after: "      ", in: text)))
        // The table's cells are under the table, under the root view.
        let views = try #require(members.last?["children"]?.array)
        #expect(views.map { $0["name"]?.string } == ["countLabel", "spinner", "emptyLabel", "tableView"])
        #expect(views[3]["children"]?.array?.map { $0["name"]?.string } == ["noteLabel", "starsLabel"])
        // A symbol's range holds its selection range: the member to the end of its value.
        let line = try #require(Workspace.position(of: #""loadNotes": {"#, in: text))
        #expect(members[2]["range"]?["start"] == .object(["line": .integer(line.line), "character": .integer(line.character)]))
        #expect(members[2]["range"]?["end"] == .object(["line": .integer(line.line), "character": .integer(line.character + #""loadNotes": {"type": "OnLoadActionController", "attrs": {"actionName": "notes"}}"#.utf16.count)]))

        let model = try await client.result(client.request("textDocument/documentSymbol", Self.params(workspace.uri("Model.json"))))
        #expect(model.array?.map { $0["name"] } == [.string("Note")])
        #expect(model[0]?["children"]?.array?.map { $0["name"]?.string } == ["noteId", "text", "stars"])
        #expect(model[0]?["children"]?[2]?["detail"] == .string("Integer 32"))
        let stub = try await client.result(client.request("textDocument/documentSymbol", Self.params(workspace.uri(Workspace.stub))))
        #expect(stub.array?.map { $0["name"] } == [.string("notes")])
        #expect(stub[0]?["kind"] == .integer(SymbolKind.function.rawValue))
        try await client.finish()
    }

    @Test func anUnknownDocumentIsRefusedAndOneThatDoesNotParseHasNoSymbols() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let refused = try await client.error(client.request("textDocument/documentSymbol", Self.params(URL(fileURLWithPath: workspace.path + "/none.json").absoluteString)))
        #expect(refused.problem == "lsp.unknown-document")
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: #"{"NotesViewController": {"objects": "#))
        _ = try await client.collect(under: workspace.bundle)
        #expect(try await client.result(client.request("textDocument/documentSymbol", Self.params(uri))) == .null)
        try await client.finish()
    }
}
