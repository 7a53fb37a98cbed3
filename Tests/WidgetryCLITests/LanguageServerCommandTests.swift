import Foundation
import Testing
import WidgetryTestSupport

/// `widgetry lsp` speaks the Language Server Protocol on standard input and output.
@Suite struct LanguageServerCommandTests {
    static let screen = "NotesViewController.json"

    /// `body` framed as the protocol frames messages.
    static func frame(_ body: String) -> String {
        "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    /// The bodies of the framed messages of `output`, as JSON objects.
    static func messages(_ output: String) throws -> [[String: Any]] {
        var rest = Substring(output)
        var bodies: [[String: Any]] = []
        while let header = rest.range(of: "\r\n\r\n") {
            let length = try #require(Int(rest[..<header.lowerBound].replacingOccurrences(of: "Content-Length: ", with: "")))
            let body = rest.utf8[header.upperBound...].prefix(length)
            bodies.append(try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]))
            rest = Substring(rest.utf8[body.endIndex...]) ?? ""
        }
        #expect(rest.isEmpty, "nothing but frames: \(rest)")
        return bodies
    }

    @Test func anOpenedScreenWithAMisspeltActionIsPublishedAtItsRangeAndShutdownExitsZero() throws {
        let hello = Samples.widget("Hello")
        let uri = URL(fileURLWithPath: hello + "/" + Self.screen).absoluteString
        let text = try String(contentsOfFile: hello + "/" + Self.screen, encoding: .utf8)
            .replacingOccurrences(of: #""attrs": {"actionName": "notes"}"#, with: #""attrs": {"actionName": "notez"}"#)
        let encodedText = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = directory.file("input")
        try [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},"workspaceFolders":[{"uri":"\#(URL(fileURLWithPath: hello).absoluteString)","name":"Hello"}]}}"#,
            #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"json","version":1,"text":\#(encodedText)}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
        ].map(Self.frame).joined().write(toFile: input, atomically: true, encoding: .utf8)
        let outcome = try CommandRunner.run(["lsp"], standardInput: input)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        let messages = try Self.messages(outcome.stdout)
        #expect(messages.count == 3, "\(messages)")
        #expect(messages.first?["id"] as? Int == 1)
        #expect((messages.first?["result"] as? [String: Any])?["capabilities"] != nil)
        let published = try #require(messages.dropFirst().first)
        #expect(published["method"] as? String == "textDocument/publishDiagnostics")
        let params = try #require(published["params"] as? [String: Any])
        #expect(params["uri"] as? String == uri)
        #expect(params["version"] as? Int == 1)
        let diagnostics = try #require(params["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["code"] as? String == "unknown-action")
        // Line 6, column 79 as lint prints it: 0-based line 5, character 78, the quoted name's 7 characters.
        let range = try #require(diagnostics.first?["range"] as? [String: [String: Int]])
        #expect(range["start"] == ["line": 5, "character": 78])
        #expect(range["end"] == ["line": 5, "character": 85])
        #expect(messages.last?["id"] as? Int == 2)
        #expect(messages.last?.keys.contains("result") == true)
    }
}
