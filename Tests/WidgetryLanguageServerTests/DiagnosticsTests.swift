import Foundation
import Testing
import WidgetryLanguageServerProtocol

/// Diagnostics pushed on every change of the editor's documents (and of files outside it), and
/// pulled, from the lint of the document's bundle with the unsaved contents.
@Suite(.timeLimit(.minutes(2))) struct DiagnosticsTests {
    @Test func initializeFindsTheBundlesOfTheWorkspaceAndTellsWhatTheServerOffers() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // A second bundle, deeper, with a misspelt action on disk; a folder that is no bundle.
        let other = try workspace.directory.copy(of: workspace.bundle, as: "widgets/Other", editing: [
            (file: Workspace.screen, text: #""actionName": "notes""#, replacement: #""actionName": "notez""#),
        ])
        try FileManager.default.createDirectory(atPath: workspace.path + "/docs", withIntermediateDirectories: true)
        let client = await ServerClient()
        let answer = try await client.initialize(folders: [workspace.path])
        let capabilities = try #require(answer["capabilities"])
        #expect(capabilities["textDocumentSync"]?["change"] == .integer(2))
        #expect(capabilities["positionEncoding"] == .string("utf-16"))
        #expect(capabilities["codeActionProvider"]?["codeActionKinds"] == .array([.string("quickfix"), .string("source.fixAll.widgetry")]))
        #expect(capabilities["diagnosticProvider"]?["interFileDependencies"] == .bool(true))
        #expect(capabilities["hoverProvider"] == .bool(true))
        // The clean bundle publishes nothing; the other its screen's findings (both names misspelt).
        let (published, logs) = try await client.collect(under: workspace.path)
        #expect(logs.isEmpty)
        #expect(published.keys.sorted() == ["widgets/Other/" + Workspace.screen], "\(published)")
        #expect(published["widgets/Other/" + Workspace.screen]?.map { $0["code"] } == [.string("unknown-action"), .string("unknown-action")])
        #expect(FileManager.default.fileExists(atPath: other + "/Info.json"))
        try await client.finish()
    }

    @Test func aMisspeltActionIsPublishedAtItsRangeAndClearedWhenTheChangeFixesIt() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        #expect(try await client.collect(under: workspace.bundle).published.isEmpty)
        let text = try workspace.misspeltScreen()
        try await client.notify("textDocument/didOpen", openParams(uri: workspace.uri(Workspace.screen), text: text))
        let opened = try await client.collect(under: workspace.bundle).published
        #expect(opened.keys.sorted() == [Workspace.screen])
        let finding = try #require(opened[Workspace.screen]?.first)
        let place = try #require(Workspace.position(of: #""notez""#, in: text))
        #expect(finding["code"] == .string("unknown-action"))
        #expect(finding["source"] == .string("widgetry"))
        #expect(finding["severity"] == .integer(2))
        #expect(finding["range"] == .object([
            "start": .object(["line": .integer(place.line), "character": .integer(place.character)]),
            "end": .object(["line": .integer(place.line), "character": .integer(place.character + 7)]),
        ]))
        #expect(finding["codeDescription"]?["href"]?.string?.hasPrefix("https://widgetry.dev/docs/FORMAT.md#") == true)
        #expect(finding["message"]?.string?.contains("notez") == true)
        // An incremental change: the letter z becomes s; the file's diagnostics are cleared.
        try await client.notify("textDocument/didChange", changeParams(uri: workspace.uri(Workspace.screen), version: 2, line: place.line,
                                                                       from: place.character + 5, to: place.character + 6, text: "s"))
        let fixed = try await client.collect(under: workspace.bundle).published
        #expect(fixed == [Workspace.screen: []])
        try await client.finish()
    }

    @Test func renamingAnActionInTheStubMarksTheScreensThatNameItAndUndoingClearsThem() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let stub = try workspace.text(Workspace.stub)
        try await client.notify("textDocument/didOpen", openParams(uri: workspace.uri(Workspace.stub), text: stub))
        #expect(try await client.collect(under: workspace.bundle).published.isEmpty)
        let place = try #require(Workspace.position(of: #""notes": {"#, in: stub))
        try await client.notify("textDocument/didChange", changeParams(uri: workspace.uri(Workspace.stub), version: 2, line: place.line,
                                                                       from: place.character + 1, to: place.character + 6, text: "memos"))
        let renamed = try await client.collect(under: workspace.bundle).published
        #expect(renamed[Workspace.screen]?.map { $0["code"] } == [.string("unknown-action"), .string("unknown-action")], "\(renamed)")
        // Undone with a full change: every file that had findings is cleared.
        try await client.notify("textDocument/didChange",
                                #"{"textDocument":{"uri":"\#(workspace.uri(Workspace.stub))","version":3},"contentChanges":[{"text":\#(try ServerClient.json(stub))}]}"#)
        let undone = try await client.collect(under: workspace.bundle).published
        #expect(Set(undone.keys) == Set(renamed.keys))
        #expect(undone.values.allSatisfy { $0.isEmpty }, "\(undone)")
        try await client.finish()
    }

    @Test func aFileChangedOutsideTheEditorIsLintedAgainAndClosingFallsBackToTheDisk() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        // The stub file is changed on the disk: the screen, not open, is marked.
        let stub = try workspace.text(Workspace.stub)
        try stub.replacingOccurrences(of: #""notes": {"#, with: #""memos": {"#).write(toFile: workspace.file(Workspace.stub), atomically: true, encoding: .utf8)
        try await client.notify("workspace/didChangeWatchedFiles", #"{"changes":[{"uri":"\#(workspace.uri(Workspace.stub))","type":2}]}"#)
        let changed = try await client.collect(under: workspace.bundle).published
        #expect(changed[Workspace.screen]?.count == 2, "\(changed)")
        // The editor's buffer of the stub, as it was, wins over the disk while it is open.
        try await client.notify("textDocument/didOpen", openParams(uri: workspace.uri(Workspace.stub), text: stub))
        #expect(try await client.collect(under: workspace.bundle).published[Workspace.screen] == [])
        try await client.notify("textDocument/didClose", #"{"textDocument":{"uri":"\#(workspace.uri(Workspace.stub))"}}"#)
        #expect(try await client.collect(under: workspace.bundle).published[Workspace.screen]?.count == 2)
        try await client.finish()
    }

    @Test func savingADocumentLintsItsBundleAgain() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        try await client.notify("textDocument/didOpen", openParams(uri: workspace.uri(Workspace.screen), text: try workspace.text(Workspace.screen)))
        #expect(try await client.collect(under: workspace.bundle).published.isEmpty)
        // The stub file changes on the disk, unwatched; saving the screen picks it up.
        try workspace.text(Workspace.stub).replacingOccurrences(of: #""notes": {"#, with: #""memos": {"#)
            .write(toFile: workspace.file(Workspace.stub), atomically: true, encoding: .utf8)
        try await client.notify("textDocument/didSave", #"{"textDocument":{"uri":"\#(workspace.uri(Workspace.screen))"}}"#)
        let saved = try await client.collect(under: workspace.bundle).published
        #expect(saved.keys.sorted() == [Workspace.screen])
        #expect(saved[Workspace.screen]?.count == 2)
        try await client.finish()
    }

    @Test func theBundlesConfigurationApplies() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try #"{"rules": {"unknown-action": "error"}}"#.write(toFile: workspace.file(".widgetry.json"), atomically: true, encoding: .utf8)
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        try await client.notify("textDocument/didOpen", openParams(uri: workspace.uri(Workspace.screen), text: try workspace.misspeltScreen()))
        let published = try await client.collect(under: workspace.bundle).published
        #expect(published[Workspace.screen]?.map { $0["severity"] } == [.integer(1)], "an error, as the configuration says: \(published)")
        try await client.finish()
    }

    @Test func pulledDiagnosticsAreThoseOfTheLastChangeAndUnchangedWhileTheyAre() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: try workspace.misspeltScreen()))
        #expect(try await client.collect(under: workspace.bundle).published.keys.sorted() == [Workspace.screen])
        let pulled = try await client.result(client.request("textDocument/diagnostic", #"{"textDocument":{"uri":"\#(uri)"}}"#))
        #expect(pulled["kind"] == .string("full"))
        #expect(pulled["items"]?.array?.map { $0["code"] } == [.string("unknown-action")])
        let resultId = try #require(pulled["resultId"]?.string)
        let again = try await client.result(client.request("textDocument/diagnostic", #"{"textDocument":{"uri":"\#(uri)"},"previousResultId":"\#(resultId)"}"#))
        #expect(again == .object(["kind": .string("unchanged"), "resultId": .string(resultId)]))
        let everything = try await client.result(client.request("workspace/diagnostic", #"{"previousResultIds":[]}"#))
        let items = try #require(everything["items"]?.array)
        #expect(items.map { $0["uri"] } == [.string(uri)])
        #expect(items.first?["version"] == .integer(1))
        #expect(items.first?["items"]?.array?.count == 1)
        try await client.finish()
    }
}
