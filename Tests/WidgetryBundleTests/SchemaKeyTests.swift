import Foundation
import Testing
import WidgetryBundle
import WidgetryJSON
import WidgetryTestSupport

/// Bundle files may name their schema with a root `"$schema"` key, for editors; readers ignore it.
@Suite("$schema keys in bundle files")
struct SchemaKeyTests {
    @Test func aManifestWithASchemaKeyLoads() throws {
        let document = try JSONParser.parse(#"{"$schema": "https://widgetry.dev/schemas/manifest.schema.json", "identifier": "com.example.Feed", "name": "Feed"}"#,
                                            fileName: "Info.json")
        let manifest = try BundleManifest(json: document, file: "Info.json")
        #expect(manifest.identifier == "com.example.Feed")
        #expect(manifest.name == "Feed")
    }

    @Test func aScreenFileWithASchemaKeyIsStillAScreen() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let files = [
            "Info.json": #"{"$schema": "https://widgetry.dev/schemas/manifest.schema.json", "identifier": "com.example.Feed"}"#,
            "Main.json": #"{"$schema": "https://widgetry.dev/schemas/screen.schema.json", "Main": {"objects": {}}}"#,
            "Other.json": #"{"$schema": "https://widgetry.dev/schemas/screen.schema.json"}"#,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: scratch.file(name))) }
        let bundle = try WidgetBundle(directory: scratch.path)
        #expect(bundle.manifest.identifier == "com.example.Feed")
        #expect(bundle.screens.map(\.name) == ["Main"])
        #expect(bundle.otherJSONFiles.map(\.path) == ["Other.json"])
    }
}
