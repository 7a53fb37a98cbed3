import Foundation
import Testing
import WidgetryLanguageServerProtocol
import WidgetryLint

/// Hover over a finding explains its code, as `widgetry lint --explain` does.
@Suite(.timeLimit(.minutes(2))) struct HoverTests {
    @Test func hoverOverAFindingGivesItsCodesExplanationInMarkdown() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let text = try workspace.misspeltScreen()
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        _ = try await client.collect(under: workspace.bundle)
        let place = try #require(Workspace.position(of: #""notez""#, in: text))
        let hover = try await client.result(client.request("textDocument/hover", positionParams(uri: uri, line: place.line, character: place.character + 3)))
        #expect(hover["contents"]?["kind"] == .string("markdown"))
        let value = try #require(hover["contents"]?["value"]?.string)
        #expect(value.hasPrefix("**`unknown-action`** (warning): loadNotes.actionName names action 'notez'"), "\(value)")
        let explanation = try #require(CodeExplanation("unknown-action")).text.trimmingCharacters(in: .newlines)
        #expect(value.contains("```text\n" + explanation + "\n```"), "\(value)")
        #expect(hover["range"]?["start"]?["character"] == .integer(place.character))
        // Elsewhere, nothing.
        #expect(try await client.result(client.request("textDocument/hover", positionParams(uri: uri, line: 0, character: 0))) == .null)
        try await client.finish()
    }
}
