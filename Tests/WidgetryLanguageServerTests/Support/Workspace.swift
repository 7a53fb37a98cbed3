import Foundation
import Testing
import WidgetryTestSupport

/// A workspace folder holding a copy of the Hello sample (`Hello/`), and the texts of its
/// files, for tests that open and change them.
struct Workspace {
    let directory: TemporaryDirectory
    let bundle: String

    init() throws {
        directory = try TemporaryDirectory()
        bundle = try directory.copy(of: Samples.widget("Hello"), as: "Hello")
    }

    var path: String { directory.path }

    /// The file of the bundle at `name` (relative to it).
    func file(_ name: String) -> String { bundle + "/" + name }

    func uri(_ name: String) -> String { URL(fileURLWithPath: file(name)).absoluteString }

    func text(_ name: String) throws -> String { try String(contentsOfFile: file(name), encoding: .utf8) }

    /// The screen's text with the first `"actionName": "notes"` misspelt `notez`.
    func misspeltScreen() throws -> String {
        let text = try self.text(Self.screen)
        let range = try #require(text.range(of: #""actionName": "notes""#))
        return text.replacingCharacters(in: range, with: #""actionName": "notez""#)
    }

    /// The 0-based line and UTF-16 column of the first `needle` in `text`.
    static func position(of needle: String, in text: String) -> (line: Int, character: Int)? {
        guard let range = text.range(of: needle) else { return nil }
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return (line, text[lineStart..<range.lowerBound].utf16.count)
    }

    static let screen = "NotesViewController.json"
    static let stub = "StubService.json"

    func remove() { directory.remove() }
}

/// The params of `textDocument/didOpen` for a JSON document.
func openParams(uri: String, text: String, version: Int = 1) throws -> String {
    #"{"textDocument":{"uri":"\#(uri)","languageId":"json","version":\#(version),"text":\#(try ServerClient.json(text))}}"#
}

/// The params of a `textDocument/didChange` replacing `line`:`from`…`to` by `text`.
func changeParams(uri: String, version: Int, line: Int, from: Int, to: Int, text: String) throws -> String {
    #"{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"range":{"start":{"line":\#(line),"character":\#(from)},"end":{"line":\#(line),"character":\#(to)}},"text":\#(try ServerClient.json(text))}]}"#
}

/// A document and a position: the params of hover and completion.
func positionParams(uri: String, line: Int, character: Int) -> String {
    #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":\#(character)}}"#
}
