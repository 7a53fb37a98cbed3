import Foundation
import Testing
import WidgetryJSON
import WidgetryTestSupport

/// The examples of `docs/FORMAT.md` are what authors copy: each parses, and the element example
/// (a button disabled while a text view is empty) behaves in `widgetry test` as the reference
/// says, keystroke by keystroke (`run` and the preview perform interactions through the same
/// `WidgetRun.perform`).
struct FormatExampleTests {
    static let reference = Samples.file("docs/FORMAT.md")

    /// The fenced JSON examples of the reference, in order.
    static func examples() throws -> [String] {
        let text = try String(contentsOfFile: reference, encoding: .utf8)
        var examples: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```json" {
                current = []
            } else if current != nil, line == "```" {
                examples.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return examples
    }

    /// Every example is a JSON document, or the members of an object (a screen's entry, say);
    /// one that leaves parts out says so with `…`.
    @Test func everyExampleIsJSON() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 10)
        for example in examples where !example.contains("…") {
            let parsed = (try? JSONParser.parse(Array(example.utf8))) ?? (try? JSONParser.parse(Array("{\(example)}".utf8)))
            #expect(parsed != nil, "not JSON: \(example.prefix(200))")
        }
    }

    /// The element example, copied into a screen as it stands: the button follows every
    /// keystroke, typing and clearing, not only return.
    @Test func theDisabledWhileEmptyExampleFollowsTyping() throws {
        let element = try #require(try Self.examples().first { $0.contains(#""to": "wx_disabled""#) })
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let files = [
            "Info.json": #"{"identifier": "dev.example.Post", "name": "Post", "version": "1.0", "entryScreen": "NewPost", "formatVersion": 1}"#,
            "StubService.json": #"{"actions": {"newPost": {"path": "posts", "response": {}}}}"#,
            "NewPost.json": """
                {"NewPost": {
                  "objects": {"newPostActionController": {"type": "ActionController", "attrs": {"actionName": "newPost"}}},
                  "elements": {\(element), "echoLabel": {"bindings": [{"from": "textView.text"}]}},
                  "views": {"type": "UIView", "children": [
                    {"id": "textView", "type": "UITextView"}, {"id": "postButton", "type": "UIButton"}, {"id": "echoLabel", "type": "UILabel"}]}
                }}
                """,
            "Tests/typing.scenario.json": """
                {"name": "The post button follows the text", "steps": [
                  {"expect": ["elements.postButton.enabled == false"]},
                  {"type": "H", "into": "textView"},
                  {"expect": ["elements.postButton.enabled == true", "elements.echoLabel.value == 'H'"]},
                  {"type": "", "into": "textView"},
                  {"expect": ["elements.postButton.enabled == false", "elements.echoLabel.value == ''"]},
                  {"type": "Hello", "into": "textView"},
                  {"advance": 1},
                  {"expect": ["elements.postButton.enabled == true", "elements.echoLabel.value == 'Hello'"]}
                ]}
                """,
        ]
        try FileManager.default.createDirectory(atPath: directory.file("Tests"), withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: directory.file(name))) }
        let outcome = try CommandRunner.run(["test", directory.path])
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
    }
}
