import Foundation
import Testing
import WidgetryTestSupport

/// `run --strict` compiles and checks every screen of the bundle, not only those the run shows,
/// and refuses every finding at warning level or above, with its place.
struct StrictRunTests {
    /// A bundle whose entry screen is fine and whose second screen, reached by a button the run
    /// does not tap, holds `other`.
    private static func bundle(in directory: TemporaryDirectory, otherScreen other: String) throws -> String {
        let root = directory.file("Strict")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let files = [
            "Info.json": #"{"identifier": "dev.example.Strict", "name": "Strict", "version": "1.0", "entryScreen": "MainViewController", "formatVersion": 1}"#,
            "StubService.json": #"{"actions": {}}"#,
            "MainViewController.json": #"""
                {"MainViewController": {
                  "views": {"type": "UIView", "children": [
                    {"id": "titleLabel", "type": "UILabel", "properties": {"text": "Main"}},
                    {"id": "moreButton", "type": "UIButton", "segue": "showOther"}]},
                  "segues": {"showOther": {"destination": "OtherViewController", "kind": "show"}}}}
                """#,
            "OtherViewController.json": other,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + name)) }
        return root
    }

    @Test(arguments: [
        (#"""
            {"OtherViewController": {
              "views": {"type": "UIView", "children": [{"id": "goButton", "type": "UIButton", "segue": "toNowhere"}]},
              "segues": {"toNowhere": {"destination": "MissingViewController", "kind": "show"}}}}
            """#, "Strict/OtherViewController.json:3:", "MissingViewController"),
        (#"""
            {"OtherViewController": {
              "elements": {"dateLabel": {"bindings": [{"from": "content", "transformer": "nosuchTransformer"}]}},
              "views": {"type": "UIView", "children": [{"id": "dateLabel", "type": "UILabel"}]}}}
            """#, "Strict/OtherViewController.json:2:", "nosuchTransformer"),
    ])
    func strictRefusesAScreenTheRunDoesNotShow(other: String, place: String, named: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try Self.bundle(in: directory, otherScreen: other)
        let lenient = try CommandRunner.run(["run", "Strict", "--now", "2024-01-01T00:00:00Z"], in: directory.path)
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(lenient.stdout.hasPrefix("screen MainViewController"))

        let strict = try CommandRunner.run(["run", "Strict", "--now", "2024-01-01T00:00:00Z", "--strict"], in: directory.path)
        #expect(strict.status == 2, "\(strict.stderr)")
        #expect(strict.stdout.isEmpty)
        let line = strict.stderr.split(separator: "\n").first { $0.contains(named) }.map(String.init) ?? ""
        #expect(line.hasPrefix(place) && line.contains(": error: "), "\(strict.stderr)")
    }

    /// A bundle lint finds nothing in runs under --strict as without it.
    @Test func strictRunsACleanBundle() throws {
        let outcome = try CommandRunner.run(["run", Samples.widget("Hello"), "--now", "2024-01-01T00:00:00Z", "--strict"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty)
    }
}
