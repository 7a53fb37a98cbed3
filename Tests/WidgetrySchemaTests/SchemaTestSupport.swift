import WidgetryJSON
import WidgetrySchema

/// Compiling schemas and validating values written as JSON text, for the unit tests.
enum SchemaTestSupport {
    /// Parses JSON text; the tests' texts are valid.
    static func json(_ text: String, file: String = "input.json") throws -> JSONDocument {
        try JSONParser.parse(text, fileName: file)
    }

    /// Compiles a schema written as JSON text with a fresh registry.
    static func schema(_ text: String, registry: SchemaRegistry = SchemaRegistry()) throws -> Schema {
        try registry.schema(for: try json(text, file: "schema.json").root, file: "schema.json")
    }

    /// The violations of `instance` (JSON text, parsed as `input.json`) against `schema`.
    static func violations(_ schema: String, _ instance: String) throws -> [SchemaViolation] {
        try self.schema(schema).validate(try json(instance))
    }

    /// The error compiling `schema` throws, or nil when it compiles.
    static func compileError(_ schema: String, registry: SchemaRegistry = SchemaRegistry()) throws -> SchemaError? {
        do {
            _ = try self.schema(schema, registry: registry)
            return nil
        } catch let error as SchemaError {
            return error
        }
    }
}
