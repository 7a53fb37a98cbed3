import Foundation
import Testing
import WidgetryLanguageServerProtocol
@testable import WidgetryLanguageServer

/// Rename of an action across a bundle's files, and of an object or element within its screen.
@Suite(.timeLimit(.minutes(2))) struct RenameTests {
    /// The params of a rename at `line`:`character` of `uri`.
    static func renameParams(uri: String, line: Int, character: Int, to name: String) throws -> String {
        #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":\#(character)},"newName":\#(try ServerClient.json(name))}"#
    }

    /// `text` with `edits` (JSON text edits of one document) applied.
    static func applying(_ edits: [LSPAny], to text: String) throws -> String {
        var document = TextDocument(uri: "file:///x", languageId: "json", version: 0, text: text)
        let decoded = try edits.map { try JSONDecoder().decode(TextEdit.self, from: Data(ServerClient.json($0).utf8)) }
        for edit in decoded.sorted(by: { $0.range.start > $1.range.start }) {
            document.apply([TextDocumentContentChangeEvent(range: edit.range, text: edit.newText)], version: 1)
        }
        return document.text
    }

    @Test func anActionIsRenamedInTheServiceStubAndScreenFiles() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try DefinitionTests.service.write(toFile: workspace.file("Service.json"), atomically: true, encoding: .utf8)
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        // A name before the action with a character of two UTF-16 units: ranges count them.
        let text = try workspace.text(Workspace.screen).replacingOccurrences(of: #""loadNotes": {"type""#, with: #""loadNotes": {"***": "𝄞", "type""#)
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        _ = try await client.collect(under: workspace.bundle)
        let action = try #require(Workspace.position(of: #""actionName": "notes""#, in: text))
        let prepared = try await client.result(client.request("textDocument/prepareRename", positionParams(uri: uri, line: action.line, character: action.character + 16)))
        #expect(prepared["placeholder"] == .string("notes"))
        #expect(prepared["range"] == (try DefinitionTests.range(of: "notes", after: #""actionName": ""#, in: text)))

        let edit = try await client.result(client.request("textDocument/rename", Self.renameParams(uri: uri, line: action.line, character: action.character + 16, to: "allNotes")))
        let changes = try #require(edit["changes"])
        let screen = try Self.applying(try #require(changes[uri]?.array), to: text)
        #expect(screen == text.replacingOccurrences(of: #""actionName": "notes""#, with: #""actionName": "allNotes""#))
        let stub = try workspace.text(Workspace.stub)
        #expect(try Self.applying(try #require(changes[workspace.uri(Workspace.stub)]?.array), to: stub)
                == stub.replacingOccurrences(of: #""notes": {"#, with: #""allNotes": {"#))
        #expect(try Self.applying(try #require(changes[workspace.uri("Service.json")]?.array), to: DefinitionTests.service)
                == DefinitionTests.service.replacingOccurrences(of: #""notes": {"#, with: #""allNotes": {"#))
        #expect(changes[workspace.uri("Model.json")] == nil)

        // A name with a dot is no action name; a name another action has is taken.
        let dotted = try await client.error(client.request("textDocument/rename", Self.renameParams(uri: uri, line: action.line, character: action.character + 16, to: "all.notes")))
        #expect(dotted.code == ErrorCodes.invalidParams)
        #expect(dotted.problem == "lsp.invalid-name")
        try await client.finish()
    }

    @Test func anObjectIsRenamedWithItsOutletsBindingsAndPredicatesAndATakenIdIsRefused() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        // A predicate on the screen's names, after an escaped character of its string.
        let text = try workspace.text(Workspace.screen).replacingOccurrences(of: #""format": "%@ notes"}"#,
                                                                           with: #""format": "%@ notes"}, {"predicateFormat": "\u0020notesProvider.totalCount == 0", "ifTrue": "none"}"#)
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        _ = try await client.collect(under: workspace.bundle)
        let outlet = try #require(Workspace.position(of: #""mainContentProvider": "notesProvider""#, in: text))
        let edit = try await client.result(client.request("textDocument/rename", Self.renameParams(uri: uri, line: outlet.line, character: outlet.character + 26, to: "notes")))
        let edits = try #require(edit["changes"]?[uri]?.array)
        #expect(edits.count == 4)
        #expect(try Self.applying(edits, to: text) == text
            .replacingOccurrences(of: #""notesProvider": {"#, with: #""notes": {"#)
            .replacingOccurrences(of: #""mainContentProvider": "notesProvider""#, with: #""mainContentProvider": "notes""#)
            .replacingOccurrences(of: #""from": "notesProvider.totalCount""#, with: #""from": "notes.totalCount""#)
            .replacingOccurrences(of: #"\u0020notesProvider.totalCount"#, with: #"\u0020notes.totalCount"#))

        // A view's id: the element, the view and the outlet naming it.
        let view = try #require(Workspace.position(of: #""emptyDataView": "emptyLabel""#, in: text))
        let element = try await client.result(client.request("textDocument/rename", Self.renameParams(uri: uri, line: view.line, character: view.character + 20, to: "placeholder")))
        #expect(element["changes"]?[uri]?.array?.count == 2)

        let taken = try await client.error(client.request("textDocument/rename", Self.renameParams(uri: uri, line: outlet.line, character: outlet.character + 26, to: "notesTable")))
        #expect(taken.problem == "lsp.name-taken")
        let invalid = try await client.error(client.request("textDocument/rename", Self.renameParams(uri: uri, line: outlet.line, character: outlet.character + 26, to: "2notes")))
        #expect(invalid.problem == "lsp.invalid-name")
        // An entity is not renamed here; a place that names nothing neither.
        let entity = try #require(Workspace.position(of: #""entityName": "Note""#, in: text))
        let refused = try await client.error(client.request("textDocument/prepareRename", positionParams(uri: uri, line: entity.line, character: entity.character + 16)))
        #expect(refused.code == ErrorCodes.invalidParams)
        #expect(refused.problem == "lsp.not-renameable")
        let controller = text.replacingOccurrences(of: #""elements": {"#, with: #""elements": {"@self": {"bindings": []}, "#)
        try await client.notify("textDocument/didChange", #"{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"text":\#(try ServerClient.json(controller))}]}"#)
        _ = try await client.collect(under: workspace.bundle)
        let entry = try #require(Workspace.position(of: #""@self""#, in: controller))
        #expect(try await client.error(client.request("textDocument/prepareRename", positionParams(uri: uri, line: entry.line, character: entry.character + 2))).problem
                == "lsp.not-renameable")
        let nothing = try await client.error(client.request("textDocument/prepareRename", positionParams(uri: uri, line: 0, character: 0)))
        #expect(nothing.problem == "lsp.not-renameable")
        try await client.finish()
    }

    @Test func aRenameIsRefusedWhileAnOpenFileOfTheBundleDoesNotParse() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let stub = try workspace.text(Workspace.stub)
        try await client.notify("textDocument/didOpen", openParams(uri: workspace.uri(Workspace.stub), text: String(stub.dropLast(3))))
        _ = try await client.collect(under: workspace.bundle)
        let text = try workspace.text(Workspace.screen)
        let action = try #require(Workspace.position(of: #""actionName": "notes""#, in: text))
        let refused = try await client.error(client.request("textDocument/rename", Self.renameParams(uri: workspace.uri(Workspace.screen), line: action.line, character: action.character + 16, to: "allNotes")))
        #expect(refused.problem == "lsp.not-renameable")
        #expect(refused.message?.contains(Workspace.stub) == true)
        try await client.finish()
    }
}
