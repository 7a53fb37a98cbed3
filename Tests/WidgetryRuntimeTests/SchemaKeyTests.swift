import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryRuntime
import WidgetryScreen
import WidgetryTestSupport

/// Every bundle file may name its schema with a root `"$schema"` key, for editors: the Feed
/// sample with one in each file loads and runs exactly as without.
@Suite("$schema keys in a whole bundle")
struct SchemaKeyTests {
    /// The schema each top-level file of the Feed sample follows.
    static let schemas = [
        "Info.json": "manifest", "Model.json": "model", "StubService.json": "stub-service",
        "FeedViewController.json": "screen", "NewPostViewController.json": "screen", "PostDetailsViewController.json": "screen",
    ]

    private func snapshot(of path: String) async throws -> (screens: [String], text: String) {
        let loaded = try await BundleLoader().load(try BundleSource(argument: path))
        let run = try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: FeedAcceptanceTests.now))
        await run.run()
        return (loaded.bundle.screens.map(\.name), SnapshotText.render(run))
    }

    @Test func theFeedWithASchemaKeyInEveryFileRunsTheSame() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let copy = scratch.file("Feed")
        try FileManager.default.copyItem(atPath: Samples.widget("Feed"), toPath: copy)
        for (name, schema) in Self.schemas {
            let url = URL(fileURLWithPath: copy + "/" + name)
            let text = try String(contentsOf: url, encoding: .utf8)
            let brace = try #require(text.firstIndex(of: "{"))
            let marked = text.replacingCharacters(in: brace...brace, with: "{\"$schema\": \"https://widgetry.dev/schemas/\(schema).schema.json\",\n")
            try Data(marked.utf8).write(to: url)
            #expect(try JSONParser.parse(marked).root["$schema"] != nil)
        }
        let original = try await snapshot(of: Samples.widget("Feed"))
        let marked = try await snapshot(of: copy)
        #expect(marked.screens == original.screens)
        #expect(marked.screens.count == 3)
        #expect(marked.text == original.text)

        let screen = try ScreenReader.read(JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: copy + "/FeedViewController.json")).map { $0 }),
                                           screen: "FeedViewController", file: "FeedViewController.json")
        #expect(screen.objects.count == 7)
    }
}
