import Foundation
import Testing
import WidgetryLanguageServerProtocol
import WidgetryTestSupport
@testable import WidgetryLanguageServer

/// Go to definition and references: from a name to where the bundle defines it, and back.
@Suite(.timeLimit(.minutes(2))) struct DefinitionTests {
    /// A production service file beside the Hello sample's stub, defining the same action.
    static let service = #"{"defaults": {"baseUrl": "https://notes.example.com/"}, "actions": {"notes": {"path": "notes.json", "resultType": "[Note]"}}}"#

    /// The range of `name` where it follows `before` in `text`, as JSON.
    static func range(of name: String, after before: String, in text: String) throws -> LSPAny {
        let place = try #require(Workspace.position(of: before + name, in: text))
        let start = place.character + before.utf16.count
        return .object([
            "start": .object(["line": .integer(place.line), "character": .integer(start)]),
            "end": .object(["line": .integer(place.line), "character": .integer(start + name.utf16.count)]),
        ])
    }

    @Test func anActionGoesToEveryServiceFileAndAnOutletToTheViewItNames() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Self.service.write(toFile: workspace.file("Service.json"), atomically: true, encoding: .utf8)
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path], capabilities: #"{"textDocument":{"definition":{"linkSupport":true}}}"#)
        _ = try await client.collect(under: workspace.bundle)
        // The editor's text, not the disk's: a line added above moves every place.
        let text = "\n" + (try workspace.text(Workspace.screen))
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        _ = try await client.collect(under: workspace.bundle)

        let action = try #require(Workspace.position(of: #""actionName": "notes""#, in: text))
        let links = try await client.result(client.request("textDocument/definition", positionParams(uri: uri, line: action.line, character: action.character + 17)))
        #expect(links.array?.map { $0["targetUri"] } == [.string(workspace.uri("Service.json")), .string(workspace.uri(Workspace.stub))])
        #expect(links[0]?["targetSelectionRange"] == (try Self.range(of: "notes", after: #""actions": {""#, in: Self.service)))
        #expect(links[1]?["targetSelectionRange"] == (try Self.range(of: "notes", after: "\"", in: try workspace.text(Workspace.stub))))
        #expect(links[0]?["originSelectionRange"] == (try Self.range(of: "notes", after: #""actionName": ""#, in: text)))

        // An outlet goes to the view of that id in the same file, another to the object.
        let outlet = try #require(Workspace.position(of: #""tableView": "tableView""#, in: text))
        let view = try await client.result(client.request("textDocument/definition", positionParams(uri: uri, line: outlet.line, character: outlet.character + 16)))
        #expect(view.array?.count == 1)
        #expect(view[0]?["targetUri"] == .string(uri))
        #expect(view[0]?["targetSelectionRange"] == (try Self.range(of: "tableView", after: #"{"id": ""#, in: text)))
        let provider = try #require(Workspace.position(of: #""mainContentProvider": "notesProvider""#, in: text))
        let object = try await client.result(client.request("textDocument/definition", positionParams(uri: uri, line: provider.line, character: provider.character + 26)))
        #expect(object[0]?["targetSelectionRange"] == (try Self.range(of: "notesProvider", after: "      \"", in: text)))

        // The entity, in the model.
        let entity = try #require(Workspace.position(of: #""entityName": "Note""#, in: text))
        let model = try await client.result(client.request("textDocument/definition", positionParams(uri: uri, line: entity.line, character: entity.character + 16)))
        #expect(model[0]?["targetUri"] == .string(workspace.uri("Model.json")))
        #expect(model[0]?["targetSelectionRange"] == (try Self.range(of: "Note", after: "    \"", in: try workspace.text("Model.json"))))

        // A member that names nothing has no definition.
        let message = try #require(Workspace.position(of: #""errorMessage": "Notes"#, in: text))
        #expect(try await client.result(client.request("textDocument/definition", positionParams(uri: uri, line: message.line, character: message.character + 18))) == .null)
        try await client.finish()
    }

    @Test func theEntryScreenGoesToItsFileAsLocationsWhenTheClientTakesNoLinks() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        // Info.json is not open: read from the disk.
        let manifest = try workspace.text("Info.json")
        let entry = try #require(Workspace.position(of: #""entryScreen": "Notes"#, in: manifest))
        let locations = try await client.result(client.request("textDocument/definition", positionParams(
            uri: workspace.uri("Info.json"), line: entry.line, character: entry.character + 20)))
        #expect(locations.array?.count == 1)
        #expect(locations[0]?["uri"] == .string(workspace.uri(Workspace.screen)))
        #expect(locations[0]?["range"] == (try Self.range(of: "NotesViewController", after: "  \"", in: try workspace.text(Workspace.screen))))
        // A file outside every bundle is refused with its code.
        let outside = URL(fileURLWithPath: workspace.path + "/elsewhere.json").absoluteString
        let refused = try await client.error(client.request("textDocument/definition", positionParams(uri: outside, line: 0, character: 0)))
        #expect(refused.code == ErrorCodes.invalidParams)
        #expect(refused.problem == "lsp.unknown-document")
        try await client.finish()
    }

    @Test func aTransformerGoesToTheServiceFileAnImageToItsImageSetAndAnEntityToTheXcodeModel() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let stub = try workspace.text(Workspace.stub).replacingOccurrences(of: #""debugDelay": 0.1"#,
                                                                         with: #""debugDelay": 0.1, "transformers": {"date": {"day": {"strToDate": {"format": "yyyy-MM-dd"}}}}"#)
        try stub.write(toFile: workspace.file(Workspace.stub), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: workspace.file("Assets.xcassets/logo.imageset"), withIntermediateDirectories: true)
        try #"{"images": [{"idiom": "universal", "filename": "logo.png"}]}"#.write(toFile: workspace.file("Assets.xcassets/logo.imageset/Contents.json"), atomically: true, encoding: .utf8)
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let text = try workspace.text(Workspace.screen)
            .replacingOccurrences(of: #"{"from": "content.text"}"#, with: #"{"from": "content.text", "transformer": "day"}"#)
            .replacingOccurrences(of: #""properties": {"text": "No notes yet."}"#, with: #""properties": {"text": "No notes yet.", "wx_imageName": "logo"}"#)
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        _ = try await client.collect(under: workspace.bundle)
        let transformer = try #require(Workspace.position(of: #""transformer": "day""#, in: text))
        let definition = try await client.result(client.request("textDocument/definition", positionParams(uri: uri, line: transformer.line, character: transformer.character + 17)))
        #expect(definition.array?.map { $0["uri"] } == [.string(workspace.uri(Workspace.stub))])
        #expect(definition[0]?["range"] == (try Self.range(of: "day", after: #""transformers": {"date": {""#, in: stub)))
        let image = try #require(Workspace.position(of: #""wx_imageName": "logo""#, in: text))
        let imageSet = try await client.result(client.request("textDocument/definition", positionParams(uri: uri, line: image.line, character: image.character + 18)))
        #expect(imageSet.array?.map { $0["uri"] } == [.string(workspace.uri("Assets.xcassets/logo.imageset/Contents.json"))])
        try await client.finish()

        // An entity of an Xcode model: the name of its element.
        let demo = try TemporaryDirectory()
        defer { demo.remove() }
        let bundle = try demo.copy(of: Samples.file("Tests/Fixtures/WidgetDemo"), as: "WidgetDemo")
        let xcode = await ServerClient()
        _ = try await xcode.initialize(folders: [demo.path])
        _ = try await xcode.collect(under: bundle)
        let screen = try String(contentsOfFile: bundle + "/FeedViewController.json", encoding: .utf8)
        let entity = try #require(Workspace.position(of: #""entityName": "Account""#, in: screen))
        let model = try await xcode.result(xcode.request("textDocument/definition", positionParams(
            uri: URL(fileURLWithPath: bundle + "/FeedViewController.json").absoluteString, line: entity.line, character: entity.character + 17)))
        let contents = "Model.xcdatamodeld/Model.xcdatamodel/contents"
        #expect(model.array?.map { $0["uri"] } == [.string(URL(fileURLWithPath: bundle + "/" + contents).absoluteString)])
        #expect(model[0]?["range"] == (try Self.range(of: "Account", after: #"<entity name=""#, in: try String(contentsOfFile: bundle + "/" + contents, encoding: .utf8))))
        try await xcode.finish()
    }

    @Test func anActionsReferencesAreEveryPlaceNamingItWithTheDefinitionsWhenAsked() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Self.service.write(toFile: workspace.file("Service.json"), atomically: true, encoding: .utf8)
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let key = try #require(Workspace.position(of: #""notes": {"#, in: Self.service))
        let at = #"{"textDocument":{"uri":"\#(workspace.uri("Service.json"))"},"position":{"line":\#(key.line),"character":\#(key.character + 3)},"context":{"includeDeclaration":"#
        let all = try await client.result(client.request("textDocument/references", at + "true}}"))
        let screen = try workspace.text(Workspace.screen)
        let first = try Self.range(of: "notes", after: #"{"actionName": ""#, in: screen)
        let second = try Self.range(of: "notes", after: #""ActionStatusController", "attrs": {"actionName": ""#, in: screen)
        #expect(all.array?.map { $0["uri"] } == [workspace.uri(Workspace.screen), workspace.uri(Workspace.screen), workspace.uri("Service.json"), workspace.uri(Workspace.stub)].map(LSPAny.string))
        #expect(all[0]?["range"] == first)
        #expect(all[1]?["range"] == second)
        #expect(all[2]?["range"] == (try Self.range(of: "notes", after: #""actions": {""#, in: Self.service)))
        let uses = try await client.result(client.request("textDocument/references", at + "false}}"))
        #expect(uses.array?.map { $0["uri"] } == [.string(workspace.uri(Workspace.screen)), .string(workspace.uri(Workspace.screen))])
        // A position past the text is refused with its code, and the server goes on.
        let past = #"{"textDocument":{"uri":"\#(workspace.uri("Service.json"))"},"position":{"line":40,"character":0},"context":{"includeDeclaration":true}}"#
        #expect(try await client.error(client.request("textDocument/references", past)).problem == "lsp.position-out-of-range")
        #expect(try await client.result(client.request("textDocument/references", at + "false}}")).array?.count == 2)
        try await client.finish()
    }
}
