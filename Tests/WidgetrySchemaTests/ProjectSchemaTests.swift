import Foundation
import Testing
import WidgetryJSON
import WidgetrySchema
import WidgetryTestSupport

/// Every schema the project ships in `Schemas/` is a valid 2020-12 schema (it validates against
/// the meta-schema) and compiles, its references to the others resolved.
@Suite("Project schemas")
struct ProjectSchemaTests {
    static let root = Samples.packageRootURL

    static let schemaFiles: [String] = {
        let directory = root.appendingPathComponent("Schemas").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".schema.json") }.sorted()
    }()

    private func document(_ name: String) throws -> JSONDocument {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("Schemas").appendingPathComponent(name))
        return try JSONParser.parse(Array(data), fileName: "Schemas/" + name)
    }

    @Test(arguments: schemaFiles)
    func validatesAgainstTheMetaSchema(_ name: String) throws {
        let meta = try SchemaRegistry().schema(at: SchemaRegistry.metaSchemaURI)
        let violations = try meta.validate(try document(name))
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    /// Each compiles with the others registered beside it, as they are shipped and used
    /// together (Graffiti's screen schema refers to the screen schema's definitions).
    @Test(arguments: schemaFiles)
    func compiles(_ name: String) throws {
        var registry = SchemaRegistry()
        for other in Self.schemaFiles where other != name { _ = try registry.register(try document(other)) }
        let uri = try registry.register(try document(name))
        _ = try registry.schema(at: uri)
    }
}
