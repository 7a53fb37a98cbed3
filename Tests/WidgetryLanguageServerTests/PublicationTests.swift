import Foundation
import Testing
import WidgetryLanguageServerProtocol

/// What the server publishes after a change: the files whose diagnostics changed, those that
/// became clean included, and not the files whose findings stayed as they were.
@Suite(.timeLimit(.minutes(2))) struct PublicationTests {
    @Test func aChangePublishesOnlyTheFilesWhoseDiagnosticsChanged() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // A second screen on the disk, whose findings no change below touches.
        let archive = "ArchiveViewController.json"
        try workspace.text(Workspace.screen).replacingOccurrences(of: "\"NotesViewController\"", with: "\"ArchiveViewController\"")
            .replacingOccurrences(of: #""actionName": "notes""#, with: #""actionName": "archive""#)
            .write(toFile: workspace.file(archive), atomically: true, encoding: .utf8)
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        let initial = try await client.collect(under: workspace.bundle).published
        #expect(initial.keys.sorted() == [archive], "\(initial)")
        #expect(initial[archive]?.contains { $0["code"] == .string("unknown-action") } == true)

        let text = try workspace.text(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: workspace.uri(Workspace.screen), text: text))
        #expect(try await client.collect(under: workspace.bundle).published.isEmpty)
        // The screen's action misspelt: that screen is published, the archive is not.
        let place = try #require(Workspace.position(of: #""notes""#, in: text))
        try await client.notify("textDocument/didChange", changeParams(uri: workspace.uri(Workspace.screen), version: 2, line: place.line,
                                                                       from: place.character + 5, to: place.character + 6, text: "z"))
        let misspelt = try await client.collect(under: workspace.bundle).published
        #expect(misspelt.keys.sorted() == [Workspace.screen], "\(misspelt)")
        #expect(misspelt[Workspace.screen]?.map { $0["code"] } == [.string("unknown-action")])
        // Another edit that leaves the finding where it was: the new version is published.
        try await client.notify("textDocument/didChange", changeParams(uri: workspace.uri(Workspace.screen), version: 3, line: 0, from: 0, to: 0, text: " "))
        #expect(try await client.collect(under: workspace.bundle).published.keys.sorted() == [Workspace.screen])
        // Fixed: the screen is cleared, the archive still not published.
        try await client.notify("textDocument/didChange", changeParams(uri: workspace.uri(Workspace.screen), version: 4, line: place.line,
                                                                       from: place.character + 5, to: place.character + 6, text: "s"))
        #expect(try await client.collect(under: workspace.bundle).published == [Workspace.screen: []])
        try await client.finish()
    }
}
