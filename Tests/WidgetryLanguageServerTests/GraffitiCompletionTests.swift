import Foundation
import Testing
import WidgetryLanguageServerProtocol
import WidgetryTestSupport
@testable import WidgetryLanguageServer

/// In a Graffiti bundle, a screen is completed and hovered in Graffiti's own names: its `gx_`
/// keys are read as the WidgetKit keys they stand for, and offered as `gx_` keys.
@Suite(.timeLimit(.minutes(2))) struct GraffitiCompletionTests {
    /// The labels completion offers at the end of the first `needle` of `text`.
    static func labels(_ client: ServerClient, uri: String, text: String, after needle: String) async throws -> [String] {
        let place = try #require(Workspace.position(of: needle, in: text))
        let list = try await client.result(client.request("textDocument/completion",
                                                          positionParams(uri: uri, line: place.line, character: place.character + needle.utf16.count)))
        return list["items"]?.array?.compactMap { $0["label"]?.string } ?? []
    }

    @Test func aGraffitiScreenCompletesAndHoversInItsOwnNames() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data("png".utf8).write(to: URL(fileURLWithPath: workspace.file("logo@2x.png")))
        // The screen on the disk in Graffiti's names, so that the bundle is Graffiti's.
        let text = try workspace.text(Workspace.screen)
            .replacingOccurrences(of: #""countLabel": {"bindings""#, with: #""countLabel": {"attrs": {"gx_imageName": "lo", "gx_vis": 1}, "bindings""#)
            .replacingOccurrences(of: #""objects": {"#, with: #""objects": {"feed": {"type": "BaseContentController", "outlets": {"mai": "x"}}, "#)
        try Data(text.utf8).write(to: URL(fileURLWithPath: workspace.file(Workspace.screen)))
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        _ = try await client.collect(under: workspace.bundle)

        func labels(after needle: String) async throws -> [String] {
            try await Self.labels(client, uri: uri, text: text, after: needle)
        }
        // An element's key, offered in Graffiti's names, never WidgetKit's.
        let keys = try await labels(after: #""gx_vis"#)
        #expect(keys.contains("gx_visible") && keys.contains("gx_value") && !keys.contains { $0.hasPrefix("wx_") }, "\(keys)")
        // A Graffiti controller type's outlets are those of the WidgetKit type it stands for;
        // each type is offered once in Graffiti's names.
        #expect(try await labels(after: #""outlets": {"mai"#).contains("mainContentProvider"))
        let types = try await labels(after: #""type": "BaseContentController"#)
        #expect(types.contains("BaseContentController") && Set(types).count == types.count, "\(types)")
        // The value of a Graffiti key is completed as the WidgetKit key's.
        #expect(try await labels(after: #""gx_imageName": "lo"#) == ["logo"])
        // Hover over a Graffiti key gives the WidgetKit key's documentation.
        let hover = try await KeyHoverTests.hover(client, uri: uri, text: text, at: #""gx_imageName""#, plus: 3)
        #expect(hover.value?.contains("FORMAT.md#") == true || hover.value?.contains("imageName") == true, "\(hover.value ?? "no hover")")
        try await client.finish()
    }
    @Test func aMarkerTapCompletesTheMapsItMayName() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // A map is a view of the host's own class.
        let screen = try workspace.text(Workspace.screen)
            .replacingOccurrences(of: #"{"id": "spinner", "type": "UIActivityIndicatorView"},"#,
                                  with: #"{"id": "spinner", "type": "UIActivityIndicatorView"}, {"id": "mapContainer", "type": "GoogleMapContainer"},"#)
        try Data(screen.utf8).write(to: URL(fileURLWithPath: workspace.file(Workspace.screen)))
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let name = "Tests/markers.scenario.json"
        let text = #"{"steps": [{"tapMarker": 0, "of": "m"}, {"tapRow": 0, "of": "t"}]}"#
        let uri = workspace.uri(name)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        _ = try await client.collect(under: workspace.bundle)
        func labels(after needle: String) async throws -> [String] {
            try await Self.labels(client, uri: uri, text: text, after: needle)
        }
        #expect(try await labels(after: #""tapMarker": 0, "of": "m"#) == ["mapContainer"])
        #expect(try await labels(after: #""tapRow": 0, "of": "t"#) == ["tableView"])
        try await client.finish()
    }
}
