import Foundation
import Testing
import WidgetryJSON
import WidgetryLint
import WidgetrySchema
import WidgetryTestSupport

/// The schemas the binary carries are exactly the files in `Schemas/`, and all compile.
@Suite("Bundled schemas")
struct BundledSchemasTests {
    static let schemaFolder = Samples.file("Schemas")

    @Test func theEmbeddedSchemasAreTheFilesInSchemas() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.schemaFolder).filter { $0.hasSuffix(".schema.json") }.sorted()
        #expect(BundledSchemas.files.map(\.name) == names, "run scripts/embed-schemas")
        for name in names {
            let text = try String(contentsOfFile: Self.schemaFolder + "/" + name, encoding: .utf8)
            let embedded = BundledSchemas.files.first { $0.name == name }?.text
            #expect(embedded == text, "\(name) differs from its embedded copy: run scripts/embed-schemas")
        }
    }

    @Test func everyBundledSchemaCompilesOnce() throws {
        // Compiling all of them at once throws the first schema error, which asking lazily hides.
        _ = try BundleSchemas(files: BundledSchemas.files, compilingAll: true)
        let schemas = try BundleSchemas.shared()
        #expect(schemas.names == BundledSchemas.files.map(\.name))
        for kind in [BundleFileKind.manifest, .screen(name: "S"), .service, .developmentService, .stubService, .model, .scenario, .lintConfiguration] {
            #expect(schemas.schema(for: kind) != nil, "\(kind)")
        }
        #expect(schemas.schema(for: .screen(name: "S"))?.uri == "https://widgetry.dev/schemas/screen.schema.json")
    }

    @Test func theManifestSchemaAgreesWithTheManifestReader() throws {
        let schema = try #require(try BundleSchemas.shared().schema(for: .manifest))
        func codes(_ text: String) throws -> [String] {
            try schema.validate(try JSONParser.parse(text, fileName: "Info.json")).map(\.code.rawValue)
        }
        #expect(try codes(#"{"$schema": "x", "***": "comment", "identifier": "com.example.Feed", "name": "Feed", "version": "1.0", "entryScreen": "Main", "formatVersion": 1}"#) == [])
        #expect(try codes(#"{"name": "Feed"}"#) == ["schema.required"])
        #expect(try codes(#"{"identifier": "com example"}"#) == ["schema.pattern"])
        #expect(try codes(#"{"identifier": "a", "formatVersion": 0}"#) == ["schema.minimum"])
        #expect(try codes(#"{"identifier": "a", "formatVersion": 2}"#) == ["schema.maximum"])
        #expect(try codes(#"{"identifier": "a", "colour": "red"}"#) == ["schema.additional-property"])
    }
}
