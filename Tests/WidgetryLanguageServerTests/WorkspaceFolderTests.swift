import Foundation
import Testing
import WidgetryLanguageServerProtocol
@testable import WidgetryLanguageServer

/// Workspace folders added and removed while the server runs.
@Suite(.timeLimit(.minutes(2))) struct WorkspaceFolderTests {
    @Test func anAddedFolderIsLintedAndARemovedOnesDiagnosticsAreCleared() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let misspelt = try workspace.misspeltScreen()
        try misspelt.write(toFile: workspace.file(Workspace.screen), atomically: true, encoding: .utf8)
        let other = try workspace.directory.copy(of: workspace.bundle, as: "Other")
        let client = await ServerClient()
        let answer = try await client.initialize(folders: [workspace.bundle])
        #expect(answer["capabilities"]?["workspace"]?["workspaceFolders"] == .object(["changeNotifications": .bool(true), "supported": .bool(true)]))
        let first = try await client.collect(under: workspace.path)
        #expect(first.published.keys.sorted() == ["Hello/NotesViewController.json"])

        func folders(added: [String], removed: [String]) throws -> String {
            let list = { (paths: [String]) in paths.map { #"{"uri":"\#(URL(fileURLWithPath: $0).absoluteString)","name":"w"}"# }.joined(separator: ",") }
            return #"{"event":{"added":[\#(list(added))],"removed":[\#(list(removed))]}}"#
        }
        try await client.notify("workspace/didChangeWorkspaceFolders", folders(added: [other], removed: []))
        let added = try await client.collect(under: workspace.path)
        #expect(added.published.keys.sorted() == ["Other/NotesViewController.json"])
        #expect(added.published["Other/NotesViewController.json"]?.first?["code"] == .string("unknown-action"))

        try await client.notify("workspace/didChangeWorkspaceFolders", folders(added: [], removed: [workspace.bundle]))
        let removed = try await client.collect(under: workspace.path)
        #expect(removed.published == ["Hello/NotesViewController.json": []], "the removed folder's diagnostics are cleared, the other's kept")
        try await client.finish()
    }
}
