import Foundation
import Testing
import WidgetryLanguageServerProtocol
import WidgetryTestSupport
@testable import WidgetryLanguageServer

/// Hover beyond findings: the type of a key path in a screen's predicate or binding, as lint
/// types it, and the documentation of a JSON key from docs/FORMAT.md.
@Suite(.timeLimit(.minutes(2))) struct KeyHoverTests {
    /// The Markdown and the range of the hover at `needle`'s start plus `plus` in `text`.
    static func hover(_ client: ServerClient, uri: String, text: String, at needle: String, plus: Int) async throws -> (value: String?, range: LSPAny?) {
        let place = try #require(Workspace.position(of: needle, in: text))
        let hover = try await client.result(client.request("textDocument/hover", positionParams(uri: uri, line: place.line, character: place.character + plus)))
        return (hover["contents"]?["value"]?.string, hover["range"])
    }

    /// The first section of a hover's Markdown.
    static func firstSection(_ value: String?) -> String? {
        value?.components(separatedBy: "\n\n---\n\n").first
    }

    static func range(line: Int, from: Int, to: Int) -> LSPAny {
        .object(["start": .object(["line": .integer(line), "character": .integer(from)]), "end": .object(["line": .integer(line), "character": .integer(to)])])
    }

    @Test func aKeyPathHoversWithTheTypeOfThePathUpToTheKeyAtTheCursor() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let text = try workspace.text(Workspace.screen)
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        _ = try await client.collect(under: workspace.bundle)
        // In a cell's binding: `content` is the row, a Note; `content.text` one of its attributes.
        let binding = #""from": "content.text""#
        let place = try #require(Workspace.position(of: binding, in: text))
        let attribute = try await Self.hover(client, uri: uri, text: text, at: binding, plus: 19)
        // The type comes first; the stub run's values follow once the run has finished.
        #expect(Self.firstSection(attribute.value) == "`content.text`: text (a String attribute of Note)")
        #expect(attribute.range == Self.range(line: place.line, from: place.character + 9, to: place.character + 21))
        let row = try await Self.hover(client, uri: uri, text: text, at: binding, plus: 10)
        #expect(Self.firstSection(row.value) == "`content`: entity Note")
        #expect(row.range == Self.range(line: place.line, from: place.character + 9, to: place.character + 16))
        // In a predicate, on the row it is evaluated with.
        let predicate = try await Self.hover(client, uri: uri, text: text, at: #""predicateFormat": "stars >= 3""#, plus: 21)
        #expect(Self.firstSection(predicate.value) == "`stars`: stars (a Integer 32 attribute of Note)")
        // Not in a key path: the comparison and the number.
        #expect(try await Self.hover(client, uri: uri, text: text, at: #""predicateFormat": "stars >= 3""#, plus: 26).value == nil)
        #expect(try await Self.hover(client, uri: uri, text: text, at: #""predicateFormat": "stars >= 3""#, plus: 28).value == nil)
        try await client.finish()
    }

    @Test func aKeyHoversWithItsDocumentationFromTheFormatReference() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let client = await ServerClient()
        _ = try await client.initialize(folders: [workspace.path])
        _ = try await client.collect(under: workspace.bundle)
        let text = try workspace.text(Workspace.screen)
        let uri = workspace.uri(Workspace.screen)
        try await client.notify("textDocument/didOpen", openParams(uri: uri, text: text))
        _ = try await client.collect(under: workspace.bundle)
        let sortKey = #""sortByFields": "stars""#
        let place = try #require(Workspace.position(of: sortKey, in: text))
        let sort = try await Self.hover(client, uri: uri, text: text, at: sortKey, plus: 4)
        #expect(sort.value == "**`sortByFields`** (string): comma-separated key paths, each trimmed; items are sorted by them in turn"
            + "\n\n[FORMAT.md#objects.provider.sort-by-fields](https://widgetry.dev/docs/FORMAT.md#objects.provider.sort-by-fields)")
        #expect(sort.range == Self.range(line: place.line, from: place.character + 1, to: place.character + 13))
        // The value is a key path, typed; a value that is none is no key; a screen's own name
        // is documented nowhere.
        #expect(try await Self.hover(client, uri: uri, text: text, at: sortKey, plus: 19).value == "`stars`: stars (a Integer 32 attribute of Note)")
        #expect(try await Self.hover(client, uri: uri, text: text, at: #""entityName": "Note""#, plus: 17).value == nil)
        #expect(try await Self.hover(client, uri: uri, text: text, at: #""NotesViewController""#, plus: 3).value == nil)
        // The manifest, not open, read from the disk: its own table, not a screen's.
        let manifest = try workspace.text("Info.json")
        let entry = try await Self.hover(client, uri: workspace.uri("Info.json"), text: manifest, at: #""entryScreen""#, plus: 2)
        #expect(entry.value?.hasPrefix("**`entryScreen`** (string)") == true, "\(entry.value ?? "nil")")
        #expect(entry.value?.contains("(https://widgetry.dev/docs/FORMAT.md#bundle.entry-screen)") == true, "links within FORMAT.md are made absolute: \(entry.value ?? "nil")")
        #expect(entry.value?.hasSuffix("[FORMAT.md#manifest.entry-screen](https://widgetry.dev/docs/FORMAT.md#manifest.entry-screen)") == true)
        try await client.finish()
    }

    @Test func theEmbeddedRowsAreThoseOfTheFormatReference() throws {
        let reference = try String(contentsOfFile: Samples.file("docs/FORMAT.md"), encoding: .utf8)
        let rows = reference.split(separator: "\n").filter { $0.hasPrefix("| <a id=\"") && $0.contains("\"></a>`") }
        #expect(FormatKeyRows.text.split(separator: "\n") == rows, "run scripts/embed-format-keys")
        #expect(KeyDocumentation.all.count == rows.count)
    }

    @Test func aRowSplitsAtBarsThatAreNotEscaped() throws {
        let row = try #require(KeyDocumentation(row: #"| <a id="x.y"></a>`key` | string | `a \| b` | what it [is](#x) |"#))
        #expect(row.anchor == "x.y")
        #expect(row.key == "key")
        #expect(row.cells == ["string", #"`a \| b`"#, "what it [is](#x)"])
        #expect(row.markdown == "**`key`** (string) · `a \\| b`: what it [is](https://widgetry.dev/docs/FORMAT.md#x)\n\n[FORMAT.md#x.y](https://widgetry.dev/docs/FORMAT.md#x.y)")
        #expect(KeyDocumentation(row: "| `key` | string |") == nil)
    }

    @Test func theKeyAtTheCursorIsAStringAColonFollows() {
        /// The key at the `|` of `text` (taken out).
        func key(_ text: String) -> String? {
            let bytes = Array(text.utf8)
            let offset = bytes.firstIndex(of: UInt8(ascii: "|"))!
            return KeyDocumentation.key(at: offset, in: Array(bytes[..<offset] + bytes[(offset + 1)...]))?.name
        }
        #expect(key(#"{"ent|ityName": "Note"}"#) == "entityName")
        #expect(key(#"{|"entityName" : "Note"}"#) == "entityName")
        #expect(key(#"{"entityName|": "Note"}"#) == "entityName")
        #expect(key(#"{"entityName": "No|te"}"#) == nil)
        #expect(key(#"{"a\"b|": 1}"#) == #"a\"b"#)
        #expect(key(#"{"a": 1|}"#) == nil)
        #expect(key("{\"a|\n\": 1}") == nil)
    }
}
