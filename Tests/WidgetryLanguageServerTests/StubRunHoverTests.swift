import Foundation
import Testing
import WidgetryLanguageServerProtocol
@testable import WidgetryLanguageServer

/// Hover over a binding gives what its element shows in the screen's stub run, once the run
/// has finished; the run follows the editor's contents.
@Suite(.timeLimit(.minutes(3))) struct StubRunHoverTests {
    private func hover(_ client: ServerClient, uri: String, text: String, at needle: String, offset: Int) async throws -> String {
        let place = try #require(Workspace.position(of: needle, in: text))
        let answer = try await client.result(client.request("textDocument/hover", positionParams(uri: uri, line: place.line, character: place.character + offset)))
        return answer["contents"]?["value"]?.string ?? ""
    }

    @Test func aBindingShowsItsElementsValueAndTheFirstRowsAndAnEditRunsAgain() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // Waiting as long as a run may take, so that the answer does not depend on the machine.
        let client = await ServerClient(limits: ServerLimits(stubRunWait: .seconds(120)))
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        // The on-load action runs only when the provider is empty: a predicate to hover over.
        let text = try workspace.text(Workspace.screen).replacingOccurrences(
            of: #""OnLoadActionController", "attrs": {"actionName": "notes"}"#,
            with: #""OnLoadActionController", "attrs": {"actionName": "notes", "predicateFormat": "notesProvider.totalCount == 0"}"#)
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        _ = try await client.collect(under: workspace.bundle)

        let count = try await hover(client, uri: uri, text: text, at: #""from": "notesProvider.totalCount""#, offset: 25)
        #expect(count.contains("`notesProvider.totalCount`"), "the type first: \(count)")
        #expect(count.contains(#"`countLabel` on NotesViewController shows `"2 notes"`"#), "\(count)")
        let stars = try await hover(client, uri: uri, text: text, at: #""predicateFormat": "stars >= 3""#, offset: 21)
        #expect(stars.contains(#"`starsLabel` in `tableView`'s first row shows `"★ favourite"`"#), "\(stars)")
        // In an object's entry: the rows a provider gives.
        let sort = try await hover(client, uri: uri, text: text, at: #""sortByFields": "stars""#, offset: 18)
        #expect(sort.contains("`notesProvider` on NotesViewController gives content: `notesTable` shows 2 rows"), "\(sort)")
        let call = try await hover(client, uri: uri, text: text, at: #""predicateFormat": "notesProvider.totalCount == 0""#, offset: 22)
        #expect(call.contains("the last call of `loadNotes` on NotesViewController is at inProgress `0`, isSuccess `1`, isFailure `0`"), "\(call)")

        // The format changed in the editor: the next hover runs the screen again.
        let format = try #require(Workspace.position(of: #""%@ notes""#, in: text))
        try await client.notify("textDocument/didChange", changeParams(uri: uri, version: 2, line: format.line, from: format.character + 4, to: format.character + 9, text: "items"))
        _ = try await client.collect(under: workspace.bundle)
        let edited = try await hover(client, uri: uri, text: text, at: #""from": "notesProvider.totalCount""#, offset: 25)
        #expect(edited.contains(#"shows `"2 items"`"#), "\(edited)")
        try await client.finish()
    }

    @Test func hoverDoesNotWaitForARunByDefault() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let text = try workspace.text(Workspace.screen)
        let first = try await hover(client, uri: workspace.uri(Workspace.screen), text: text, at: #""from": "notesProvider.totalCount""#, offset: 25)
        #expect(first.contains("`notesProvider.totalCount`"))
        #expect(!first.contains("stub run"), "the run has only started: \(first)")
        try await client.finish()
    }

    @Test func aRunThatCannotStartSaysWhy() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // A model the store cannot take: the run stops before the screen opens.
        let model = try workspace.text("Model.json").replacingOccurrences(of: #""identityAttribute": "noteId","#, with: #""identityAttribute": "missing","#)
        try model.write(toFile: workspace.file("Model.json"), atomically: true, encoding: .utf8)
        let client = await ServerClient(limits: ServerLimits(stubRunWait: .seconds(120)))
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let text = try workspace.text(Workspace.screen)
        let shown = try await hover(client, uri: workspace.uri(Workspace.screen), text: text, at: #""from": "notesProvider.totalCount""#, offset: 25)
        #expect(shown.contains("The stub run of NotesViewController could not start: "), "\(shown)")
        try await client.finish()
    }
}
