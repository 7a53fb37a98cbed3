import Foundation
import Testing
import WidgetryLanguageServerProtocol

/// Every fix-it of a finding as a quick fix, and one action that applies every certain fix.
@Suite(.timeLimit(.minutes(2))) struct CodeActionTests {
    @Test func aMisspeltActionsFixItIsAPreferredQuickFixAndFixAllAppliesEveryCertainFix() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let text = try workspace.text(Workspace.screen).replacingOccurrences(of: #""actionName": "notes""#, with: #""actionName": "notez""#)
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        #expect(try await client.collect(under: workspace.bundle).published[Workspace.screen]?.count == 2)
        let place = try #require(Workspace.position(of: #""notez""#, in: text))
        let range = #"{"start":{"line":\#(place.line),"character":\#(place.character + 2)},"end":{"line":\#(place.line),"character":\#(place.character + 2)}}"#
        let actions = try #require(try await client.result(client.request("textDocument/codeAction",
                                                                            #"{"textDocument":{"uri":"\#(uri)"},"range":\#(range),"context":{"diagnostics":[]}}"#)).array)
        #expect(actions.map { $0["kind"] } == [.string("quickfix"), .string("source.fixAll.widgetry")])
        let quickFix = try #require(actions.first)
        #expect(quickFix["title"] == .string("Replace 'notez' with 'notes'"))
        #expect(quickFix["isPreferred"] == .bool(true))
        #expect(quickFix["diagnostics"]?[0]?["code"] == .string("unknown-action"))
        let letters = LSPAny.object(["start": .object(["line": .integer(place.line), "character": .integer(place.character + 1)]),
                                     "end": .object(["line": .integer(place.line), "character": .integer(place.character + 6)])])
        #expect(quickFix["edit"] == .object(["changes": .object([uri: .array([.object(["range": letters, "newText": .string("notes")])])])]))
        // Fix-all: both misspellings, whatever the range.
        let fixAll = try #require(actions.last)
        let edits = try #require(fixAll["edit"]?["changes"]?[uri]?.array)
        #expect(edits.count == 2)
        #expect(edits.allSatisfy { $0["newText"] == .string("notes") })
        #expect(fixAll["diagnostics"]?.array?.count == 2)
        // Only the kinds asked for.
        let only = try #require(try await client.result(client.request("textDocument/codeAction",
            #"{"textDocument":{"uri":"\#(uri)"},"range":\#(range),"context":{"diagnostics":[],"only":["source.fixAll"]}}"#)).array)
        #expect(only.map { $0["kind"] } == [.string("source.fixAll.widgetry")])
        // Away from any finding, only fix-all.
        let away = #"{"start":{"line":0,"character":0},"end":{"line":0,"character":0}}"#
        let elsewhere = try #require(try await client.result(client.request("textDocument/codeAction",
            #"{"textDocument":{"uri":"\#(uri)"},"range":\#(away),"context":{"diagnostics":[]}}"#)).array)
        #expect(elsewhere.map { $0["kind"] } == [.string("source.fixAll.widgetry")])
        try await client.finish()
    }
}
