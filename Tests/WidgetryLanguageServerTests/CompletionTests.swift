import Foundation
import Testing
import WidgetryLanguageServerProtocol
@testable import WidgetryLanguageServer

/// Completion of the names a bundle defines, where a member's value names one.
@Suite(.timeLimit(.minutes(2))) struct CompletionTests {
    @Test func anActionNameCompletesWithTheActionsAndAnEntityNameWithTheEntities() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        // Being typed: the value is cut short and the file does not parse.
        let text = try workspace.text(Workspace.screen).replacingOccurrences(of: #""actionName": "notes"}}"#, with: #""actionName": "no"#)
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        _ = try await client.collect(under: workspace.bundle)
        let action = try #require(Workspace.position(of: #""actionName": "no"#, in: text))
        let column = action.character + #""actionName": "no"#.utf16.count
        let actions = try await client.result(client.request("textDocument/completion", positionParams(uri: uri, line: action.line, character: column)))
        #expect(actions["isIncomplete"] == .bool(false))
        let item = try #require(actions["items"]?[0])
        #expect(actions["items"]?.array?.count == 1)
        #expect(item["label"] == .string("notes"))
        #expect(item["detail"] == .string("action of StubService.json"))
        #expect(item["textEdit"]?["range"] == .object([
            "start": .object(["line": .integer(action.line), "character": .integer(column - 2)]),
            "end": .object(["line": .integer(action.line), "character": .integer(column)]),
        ]))
        let entity = try #require(Workspace.position(of: #""entityName": "Note""#, in: text))
        let entities = try await client.result(client.request("textDocument/completion",
                                                              positionParams(uri: uri, line: entity.line, character: entity.character + 15)))
        #expect(entities["items"]?.array?.map { $0["label"] } == [.string("Note")])
        // The entry screen, in the manifest, not open: read from the disk.
        let manifest = try workspace.text("Info.json")
        let entry = try #require(Workspace.position(of: #""entryScreen": "N"#, in: manifest))
        let screens = try await client.result(client.request("textDocument/completion", positionParams(
            uri: workspace.uri("Info.json"), line: entry.line, character: entry.character + #""entryScreen": "N"#.utf16.count)))
        #expect(screens["items"]?.array?.map { $0["label"] } == [.string("NotesViewController")])
        // A key that names nothing the bundle defines has no completion.
        let key = try #require(Workspace.position(of: #""errorMessage": "Notes"#, in: text))
        #expect(try await client.result(client.request("textDocument/completion", positionParams(uri: uri, line: key.line, character: key.character + 18))) == .null)
        try await client.finish()
    }

    @Test func aKeyPathCompletesWithTheKeysOfWhatThePathBeforeItReads() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let text = try workspace.text(Workspace.screen)
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        _ = try await client.collect(under: workspace.bundle)
        // In a cell's binding, after `content.`: the attributes of the entity the table shows.
        let binding = try #require(Workspace.position(of: #""from": "content.text""#, in: text))
        let column = binding.character + #""from": "content."#.utf16.count
        let keys = try await client.result(client.request("textDocument/completion", positionParams(uri: uri, line: binding.line, character: column)))
        let items = try #require(keys["items"]?.array)
        #expect(items.map { $0["label"] } == [.string("noteId"), .string("stars"), .string("text")], "\(items)")
        let textItem = try #require(items.last)
        #expect(textItem["detail"] == .string("String attribute of Note"))
        #expect(textItem["textEdit"]?["range"] == .object([
            "start": .object(["line": .integer(binding.line), "character": .integer(column)]),
            "end": .object(["line": .integer(binding.line), "character": .integer(column + 4)]),
        ]))
        // At the start of a screen's binding: the screen's names.
        let screen = try #require(Workspace.position(of: #""from": "notesProvider.totalCount""#, in: text))
        let names = try await client.result(client.request("textDocument/completion",
                                                           positionParams(uri: uri, line: screen.line, character: screen.character + #""from": "no"#.utf16.count)))
        let labels = try #require(names["items"]?.array?.compactMap { $0["label"]?.string })
        #expect(["content", "countLabel", "defaults", "notesProvider"].allSatisfy(labels.contains), "\(labels)")
        try await client.finish()
    }

    @Test func theCursorIsPlacedInTheValueOfAKeyWhateverFollows() {
        /// The place of the `|` in `text` (taken out), when it is in a member's string value: key,
        /// typed text and contents as one string.
        func cursor(_ text: String) -> String? {
            let bytes = Array(text.replacingOccurrences(of: "|", with: "").utf8)
            let offset = text.utf8.firstIndex(of: UInt8(ascii: "|")).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } ?? 0
            guard let place = JSONPlace(bytes: bytes, offset: offset), let key = place.key else { return nil }
            return "\(key) \(String(decoding: bytes[place.contents.lowerBound..<offset], as: UTF8.self)) \(place.contents)"
        }
        #expect(cursor(#"{"actionName": "lo|ad"}"#) == "actionName lo 16..<20")
        #expect(cursor("{\"a\": 1,\n  \"nextAction\"\n :  \"|") == "nextAction  29..<29")
        #expect(cursor(#"{"k\"ey": "x|"}"#) == #"k\"ey x 11..<12"#)
        #expect(cursor(#"{"actionName|": "load"}"#) == nil, "in a key")
        #expect(cursor(#"{"list": ["a|"]}"#) == nil, "in an array")
        #expect(cursor(#"{"actionName": "load"|}"#) == nil, "after the value")
        #expect(cursor(#"{"a": "x\"|"}"#) == #"a x\" 7..<10"#)
        #expect(cursor("{\"entity\": \"No|te,\n \"b\": 1}") == "entity No 12..<16", "unclosed: the name at the cursor")
        #expect(cursor("{\"foo\": 1\n\"actionName\": \"|") == "actionName  25..<25", "a member typed where the comma is still missing")
        #expect(cursor("{\"a\": {\"b\": 1}\n\"entity\": \"N|\"}") == "entity N 26..<27", "after a nested object, without a comma")
    }
}
