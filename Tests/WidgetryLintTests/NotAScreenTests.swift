import Foundation
import Testing
import WidgetryBundle
import WidgetryLint
import WidgetryTestSupport

/// A screen file the entry screen or a segue opens, whose root is not an object or whose root key
/// is not its name, is a located warning of the loaded bundle (what `run` prints) and an error of
/// `validate` and `lint` at the file; a data file nobody opens as a screen stays quiet.
struct NotAScreenTests {
    private func bundle(entry: String) throws -> String {
        let root = try TemporaryDirectory().path
        let files = [
            "Info.json": #"{"identifier": "test.screens", "entryScreen": "\#(entry)"}"#,
            "Home.json": #"{"Home": {"segues": {"next": {"destination": "Details"}}}}"#,
            "Details.json": "\n  {\"Detail\": {}}",
            "List.json": "[1, 2]",
            "people.json": #"[{"name": "data"}]"#,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + name)) }
        return root
    }

    @Test func theLoaderWarnsAtEachFileTheBundleOpensAsAScreen() throws {
        let root = try bundle(entry: "List")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let warnings = try WidgetBundle(directory: root).warnings.filter { $0.code == "bundle.not-a-screen" }
        #expect(warnings.map { "\($0.file ?? ""):\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == ["Details.json:2:3", "List.json:1:1"])
        #expect(warnings[0].message.contains("segue 'next' of Home"))
        #expect(warnings[0].message.contains(#"it has "Detail""#))
        #expect(warnings[1].message.contains("entryScreen"))
        #expect(warnings[1].message.contains("an array, not an object"))
    }

    @Test func validateAndLintReportAnErrorAtTheFile() async throws {
        let root = try bundle(entry: "Home")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let validated = try BundleValidator().validate(directory: root, displayPrefix: "b/").report.diagnostics.filter { $0.code == "bundle.not-a-screen" }
        #expect(validated.map { "\($0.file):\($0.location?.line ?? 0) \($0.severity)" } == ["b/Details.json:2 error"])
        let linted = Linter(rules: [LintRules.rule("not-a-screen")!]).lint(try WidgetBundle(directory: root), displayPrefix: "b/").diagnostics
        #expect(linted.map { "\($0.file):\($0.location?.line ?? 0) \($0.code)" } == ["b/Details.json:2 bundle.not-a-screen"])
    }
}
