import Synchronization
import WidgetryJSON
public import WidgetryBundle
public import WidgetrySchema

/// The schemas of a bundle's files, from the texts the binary carries (``BundledSchemas``): one
/// ``SchemaRegistry`` holds all of them, so they may refer to each other, and each is compiled
/// into a ``Schema`` that validates any number of files.
///
/// A schema is compiled the first time it is asked for, once, whichever thread asks: a command
/// that meets three kinds of file compiles three schemas, not all of them.
public struct BundleSchemas: Sendable {
    /// The URI prefix of every schema's `$id` (`https://widgetry.dev/schemas/screen.schema.json`).
    public static let baseURI = "https://widgetry.dev/schemas/"

    /// The registry holding every bundled schema (and the 2020-12 meta-schemas).
    public let registry: SchemaRegistry
    /// Each schema file's name and the URI it is registered under.
    private let uris: [String: String]
    private let compiled = CompiledSchemas()

    /// Parses and registers every bundled schema.
    ///
    /// - Throws: ``SchemaError`` when a bundled schema does not parse or compile: a bug in the
    ///   schema files, which the tests catch.
    public init() throws(SchemaError) {
        try self.init(files: BundledSchemas.files)
    }

    /// Parses and registers the given schema files (name and text), each under ``baseURI`` + its
    /// name unless its `$id` says otherwise; with `compilingAll`, also compiles every one now,
    /// so that an error in any of them is thrown here.
    public init(files: [(name: String, text: String)], compilingAll: Bool = false) throws(SchemaError) {
        var registry = SchemaRegistry()
        var uris: [String: String] = [:]
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
            uris[file.name] = uri
        }
        self.registry = registry
        self.uris = uris
        if compilingAll {
            for name in uris.keys.sorted() {
                _ = try compiledSchema(named: name)
            }
        }
    }

    /// The compiled schema in the file called `name` (`screen.schema.json`), or nil when there is none.
    public func schema(named name: String) -> Schema? {
        // The bundled schemas compile: a test compiles every one (`compilingAll`).
        try? compiledSchema(named: name)
    }

    /// The compiled schema for files of `kind`, or nil when none is bundled for it.
    public func schema(for kind: BundleFileKind) -> Schema? {
        kind.schemaFile.flatMap(schema(named:))
    }

    /// The compiled schema for files of `kind` in a bundle of `dialect`.
    public func schema(for kind: BundleFileKind, in dialect: Dialect) -> Schema? {
        kind.schemaFile(in: dialect).flatMap(schema(named:))
    }

    /// The names of the schema files, sorted.
    public var names: [String] {
        uris.keys.sorted()
    }

    /// The schema in the file called `name`, compiled on first use; nil when there is no such file.
    private func compiledSchema(named name: String) throws(SchemaError) -> Schema? {
        guard let uri = uris[name] else { return nil }
        return try compiled.schema(named: name) { () throws(SchemaError) in try registry.schema(at: uri) }
    }

    private static let standard = Result { () throws(SchemaError) -> BundleSchemas in try BundleSchemas() }

    /// The bundled schemas, registered on first use and shared by every caller afterwards.
    public static func shared() throws(SchemaError) -> BundleSchemas {
        try standard.get()
    }
}

/// The schemas compiled so far, shared by the copies of one ``BundleSchemas``.
private final class CompiledSchemas: Sendable {
    private let schemas = Mutex<[String: Schema]>([:])

    /// The schema called `name`, made with `compile` the first time; a second thread asking for
    /// it meanwhile waits rather than compiling it again.
    func schema(named name: String, compile: () throws(SchemaError) -> Schema) throws(SchemaError) -> Schema {
        try schemas.withLock { schemas throws(SchemaError) -> Schema in
            if let schema = schemas[name] { return schema }
            let schema = try compile()
            schemas[name] = schema
            return schema
        }
    }
}
