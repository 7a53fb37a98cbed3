import WidgetryJSON
public import WidgetrySchema

/// The schemas of a bundle's files, compiled once from the texts the binary carries
/// (``BundledSchemas``): one ``SchemaRegistry`` holds all of them, so they may refer to each
/// other, and each is compiled into a ``Schema`` that validates any number of files.
public struct BundleSchemas: Sendable {
    /// The URI prefix of every schema's `$id` (`https://widgetry.dev/schemas/screen.schema.json`).
    public static let baseURI = "https://widgetry.dev/schemas/"

    /// The registry holding every bundled schema (and the 2020-12 meta-schemas).
    public let registry: SchemaRegistry
    private let compiled: [String: Schema]

    /// Parses, registers and compiles every bundled schema.
    ///
    /// - Throws: ``SchemaError`` when a bundled schema does not parse or compile: a bug in the
    ///   schema files, which the tests catch.
    public init() throws(SchemaError) {
        try self.init(files: BundledSchemas.files)
    }

    /// Parses, registers and compiles the given schema files (name and text), each under
    /// ``baseURI`` + its name unless its `$id` says otherwise.
    public init(files: [(name: String, text: String)]) throws(SchemaError) {
        var registry = SchemaRegistry()
        var uris: [(name: String, uri: String)] = []
        for file in files {
            let document: JSONDocument
            do {
                document = try JSONParser.parse(file.text, fileName: file.name)
            } catch {
                throw SchemaError(.notASchema, "the schema is not valid JSON: \(error.message)", file: file.name,
                                  location: error.location, pointer: error.pointer, schemaLocation: BundleSchemas.baseURI + file.name)
            }
            let uri = document.root["$id"]?.stringValue ?? BundleSchemas.baseURI + file.name
            try registry.register(document, uri: uri)
            uris.append((file.name, uri))
        }
        var compiled: [String: Schema] = [:]
        for (name, uri) in uris {
            compiled[name] = try registry.schema(at: uri)
        }
        self.registry = registry
        self.compiled = compiled
    }

    /// The compiled schema in the file called `name` (`screen.schema.json`), or nil when there is none.
    public func schema(named name: String) -> Schema? {
        compiled[name]
    }

    /// The compiled schema for files of `kind`, or nil when none is bundled for it.
    public func schema(for kind: BundleFileKind) -> Schema? {
        kind.schemaFile.flatMap { compiled[$0] }
    }

    /// The names of the compiled schema files, sorted.
    public var names: [String] {
        compiled.keys.sorted()
    }

    private static let standard = Result { () throws(SchemaError) -> BundleSchemas in try BundleSchemas() }

    /// The bundled schemas, compiled on first use and shared by every caller afterwards.
    public static func shared() throws(SchemaError) -> BundleSchemas {
        try standard.get()
    }
}
