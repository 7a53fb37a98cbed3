import Foundation
import Testing
import WidgetryLanguageServerProtocol
@testable import WidgetryLanguageServer

/// Completion of what a screen's and a scenario's structure takes: controller types, their
/// attributes and outlets, element and binding keys, element types, transformers, images,
/// scenario steps and the elements they name.
@Suite(.timeLimit(.minutes(2))) struct StructureCompletionTests {
    /// The completion at the end of the first `needle` of `text` (or `back` characters before it).
    private func complete(_ client: ServerClient, uri: String, text: String, after needle: String, back: Int = 0) async throws -> LSPAny {
        let place = try #require(Workspace.position(of: needle, in: text), "\(needle) is in the text")
        return try await client.result(client.request("textDocument/completion",
                                                      positionParams(uri: uri, line: place.line, character: place.character + needle.utf16.count - back)))
    }

    private func labels(_ list: LSPAny) -> [String] {
        list["items"]?.array?.compactMap { $0["label"]?.string } ?? []
    }

    private func item(_ label: String, of list: LSPAny) -> LSPAny? {
        list["items"]?.array?.first { $0["label"]?.string == label }
    }

    @Test func aScreenCompletesItsControllerTypesAttributesOutletsAndKeys() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data("png".utf8).write(to: URL(fileURLWithPath: workspace.file("logo@2x.png")))
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let text = try workspace.text(Workspace.screen)
            .replacingOccurrences(of: #""countLabel": {"bindings""#, with: #""countLabel": {"attrs": {"te": "x", "wx_imageName": "lo"}, "bindings""#)
            .replacingOccurrences(of: #"{"from": "notesStatus.inProgress"}"#, with: #"{"to": "an", "from": "notesStatus.inProgress", "transformer": "to"}"#)
            .replacingOccurrences(of: #""OnLoadActionController", "attrs": {"actionName": "notes"}"#,
                                  with: #""OnLoadActionController", "attrs": {"actionName": "notes", "serviceProviderClassName": "S"}"#)
            .replacingOccurrences(of: #""NotesViewController": {"#, with: #""NotesViewController": {"input": "N","#)
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        _ = try await client.collect(under: workspace.bundle)

        // A controller type: every type the runtime knows, documented from FORMAT.md.
        let types = try await complete(client, uri: uri, text: text, after: #""type": "Man"#)
        #expect(labels(types).count == 22)
        #expect(labels(types).contains("ActionStatusController"))
        let provider = try #require(item("ManagedObjectsProvider", of: types))
        #expect(provider["kind"] == .integer(CompletionItemKind.class.rawValue))
        #expect(provider["detail"] == .string("provider"))
        #expect(provider["documentation"]?["value"]?.string?.contains("FORMAT.md#objects.type.managed-objects-provider") == true)
        #expect(provider["documentation"]?["kind"] == .string("plaintext"), "the client named no documentation format")
        let place = try #require(Workspace.position(of: #""type": "ManagedObjectsProvider""#, in: text))
        #expect(provider["textEdit"]?["range"]?["end"]?["character"] == .integer(place.character + #""type": "ManagedObjectsProvider"#.utf16.count))

        // The attributes of the object's type, then its outlets.
        let attributes = try await complete(client, uri: uri, text: text, after: #""attrs": {"entityN"#)
        #expect(labels(attributes).contains("sortByFields"))
        #expect(!labels(attributes).contains("actionName"), "a provider takes no action")
        let entityName = try #require(item("entityName", of: attributes))
        #expect(entityName["detail"] == .string("string attribute of ManagedObjectsProvider"))
        #expect(entityName["documentation"]?["value"]?.string?.contains("objects.managed.entity-name") == true)
        let outlets = try await complete(client, uri: uri, text: text, after: #""outlets": {"main"#)
        #expect(["contentHeightConstraint", "elements", "emptyDataView", "mainContentProvider", "tableView"].allSatisfy(labels(outlets).contains))
        #expect(item("mainContentProvider", of: outlets)?["detail"] == .string("outlet of TableDisplayController to a provider"))

        // What an outlet may point at: the screen's elements outside cells, its providers.
        let views = try await complete(client, uri: uri, text: text, after: #""tableView": "ta"#)
        #expect(labels(views) == ["countLabel", "emptyLabel", "spinner", "tableView"])
        #expect(item("tableView", of: views)?["detail"] == .string("UITableView"))
        let providers = try await complete(client, uri: uri, text: text, after: #""mainContentProvider": "no"#)
        #expect(labels(providers) == ["notesProvider"])
        #expect(item("notesProvider", of: providers)?["detail"] == .string("ManagedObjectsProvider"))
        // The service providers, and the entity a screen's input is.
        let serviceProviders = try await complete(client, uri: uri, text: text, after: #""serviceProviderClassName": "S"#)
        #expect(labels(serviceProviders) == ["StandardServiceProvider", "StubServiceProvider"])
        let input = try await complete(client, uri: uri, text: text, after: #""input": "N"#)
        #expect(labels(input) == ["Note"])

        // An element's attributes: the keys of its kind; a binding's keys; a binding's target.
        let keys = try await complete(client, uri: uri, text: text, after: #""attrs": {"te"#)
        #expect(labels(keys).contains("text") && !labels(keys).contains("on"), "\(labels(keys))")
        #expect(item("text", of: keys)?["detail"] == .string("key of UILabel"))
        #expect(item("text", of: keys)?["documentation"]?["value"]?.string?.contains("FORMAT.md#elements.key.text") == true)
        let bindingKeys = try await complete(client, uri: uri, text: text, after: #"{"from": "notesProvider.totalCount""#, back: #"m": "notesProvider.totalCount""#.utf16.count)
        #expect(labels(bindingKeys) == ["format", "from", "ifFalse", "ifTrue", "placeholder", "predicateFormat", "to", "transformer"])
        let targets = try await complete(client, uri: uri, text: text, after: #"{"to": "an"#)
        #expect(labels(targets).contains("animating") && !labels(targets).contains("text"), "the spinner's keys: \(labels(targets))")

        // Element types in views, transformers, images.
        let kinds = try await complete(client, uri: uri, text: text, after: #""type": "UIL"#)
        #expect(labels(kinds).contains("UITableView") && item("UILabel", of: kinds)?["detail"] == .string("element"))
        let transformers = try await complete(client, uri: uri, text: text, after: #""transformer": "to"#)
        #expect(item("toString", of: transformers)?["detail"] == .string("built-in transformer"))
        let images = try await complete(client, uri: uri, text: text, after: #""wx_imageName": "lo"#)
        #expect(images["items"]?.array?.map { $0["label"] } == [.string("logo")])
        #expect(item("logo", of: images)?["detail"] == .string("image in logo@2x.png"))
        try await client.finish()
    }

    @Test func aScenarioCompletesItsStepsTheirKeysAndTheElementsTheyName() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let name = "Tests/notes.scenario.json"
        let text = try workspace.text(name).replacingOccurrences(of: #"{"golden": "goldens/notes.txt"}"#, with: """
            {"": 1},
                {"tapRow": 0, "": 1},
                {"tap": "co"},
                {"tapRow": 1, "of": "t"},
                {"golden": "goldens/notes.txt"}
            """)
        let uri = workspace.uri(name)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        _ = try await client.collect(under: workspace.bundle)

        let kinds = try await complete(client, uri: uri, text: text, after: #"{"": 1}"#, back: #"": 1}"#.utf16.count)
        #expect(labels(kinds).count == 19)
        #expect(item("tapRow", of: kinds)?["detail"] == .string("interaction"))
        #expect(item("expect", of: kinds)?["detail"] == .string("check"))
        #expect(item("tapRow", of: kinds)?["documentation"]?["value"]?.string?.contains("scenario.step.tap-row") == true)
        let rowKeys = try await complete(client, uri: uri, text: text, after: #"{"tapRow": 0, ""#)
        #expect(labels(rowKeys) == ["expectFailure", "for", "of", "section"])
        let taps = try await complete(client, uri: uri, text: text, after: #"{"tap": "co"#)
        #expect(labels(taps) == ["countLabel", "emptyLabel", "spinner", "tableView"])
        #expect(item("countLabel", of: taps)?["detail"] == .string("UILabel of NotesViewController"))
        let tables = try await complete(client, uri: uri, text: text, after: #""of": "t"#)
        #expect(labels(tables) == ["tableView"])
        let entities = try await complete(client, uri: uri, text: text, after: #""expectStore": "No"#)
        #expect(labels(entities) == ["Note"])
        try await client.finish()
    }

    @Test func aPlaceIsReadFromTheTextBeforeTheCursor() {
        /// The place of the `|` in `text` (taken out): role, path and contents as one string.
        func place(_ text: String) -> String? {
            let bytes = Array(text.replacingOccurrences(of: "|", with: "").utf8)
            let offset = text.utf8.firstIndex(of: UInt8(ascii: "|")).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } ?? 0
            return JSONPlace(bytes: bytes, offset: offset).map { "\($0.role) \($0.path.map(\.description).joined(separator: "/")) \($0.contents)" }
        }
        #expect(place(#"{"S": {"objects": {"a": {"attrs": {"ent|"#) == "key S/objects/a/attrs 36..<39")
        #expect(place(#"{"S": {"objects": {"a": {"type": "X", "attrs": {}}, "b": {"type": "Ma|"}}}}"#) == "value S/objects/b/type 67..<69")
        #expect(place(#"{"steps": [{"tap": 1}, {"x": [1, {"of": "t|"}]}]}"#) == "value steps/1/x/1/of 41..<42")
        #expect(place("{\"a\": \"x\n, \"b|\": 1}") == "key  12..<13", "a string left open ends at its line")
        #expect(place(#"{"a": "b"|}"#) == nil, "after a string")
        #expect(place(#"{"a": [1, 2|]}"#) == nil, "in a number")
        #expect(place(#"{"a\"b": {"c|"#) == #"key a\"b 11..<12"#)
        let members = JSONPlace.members(ofObjectAt: 0, in: Array(#"{"a": {"type": "no"}, "type": "T", "n": 1, "b": "#.utf8))
        #expect(members.map(\.key) == ["a", "type", "n"] && members.map(\.value) == [nil, "T", nil])
    }
}
