import Foundation
import Testing
import WidgetryLanguageServerProtocol
import WidgetryTestSupport
@testable import WidgetryLanguageServer

/// Findings about a storyboard are published on the storyboard, at their place in the text the
/// editor has.
@Suite(.timeLimit(.minutes(2))) struct StoryboardDiagnosticsTests {
    @Test func aStoryboardsFindingIsPublishedOnItAtItsPlaceInTheEditorsText() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bundle = try directory.copy(of: Samples.file("Tests/WidgetryLintTests/Examples/storyboard/an-element-widgetry-does-not-model"), as: "Picker")
        let name = "Base.lproj/Main.storyboard"
        let client = await ServerClient()
        _ = try await client.initialize(folders: [directory.path])
        let disk = try await client.collect(under: bundle)
        let finding = try #require(disk.published[name]?.first, "\(disk.published)")
        #expect(finding["code"] == .string("storyboard.unknown-element"))
        #expect(finding["range"]?["start"] == .object(["line": .integer(8), "character": .integer(28)]))

        // Two lines added above the picker in the editor: the finding follows it there.
        let text = try String(contentsOfFile: bundle + "/" + name, encoding: .utf8)
            .replacingOccurrences(of: "<subviews>", with: "<subviews>\n\n")
        let uri = URL(fileURLWithPath: bundle + "/" + name).absoluteString
        try await client.notify("textDocument/didOpen", #"{"textDocument":{"uri":"\#(uri)","languageId":"xml","version":1,"text":\#(try ServerClient.json(text))}}"#)
        let edited = try await client.collect(under: bundle)
        #expect(edited.published.keys.sorted() == [name])
        #expect(edited.published[name]?.first?["range"]?["start"] == .object(["line": .integer(10), "character": .integer(28)]))
        try await client.finish()
    }
}
