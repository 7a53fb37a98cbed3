public import WidgetryJSON

/// The schema documents validation may refer to, by URI.
///
/// A registry starts with the 2020-12 meta-schema and its vocabulary meta-schemas, so schemas
/// can be checked against them and may `$ref` them; add every other document a schema refers
/// to with ``register(_:uri:file:)`` (nothing is fetched from a network). Ask for a compiled
/// ``Schema`` with ``schema(at:options:)``; compile once and validate many documents with it.
///
/// A registry is a value: registering into a copy leaves the original as it was. When two
/// documents declare the same URI, the one registered later is the one references find.
public struct SchemaRegistry: Sendable {
    /// Where a resource is: the document and the resource's index in it.
    struct ResourceAddress: Sendable, Hashable {
        var document: Int
        var resource: Int
    }

    /// The URI of the 2020-12 dialect meta-schema, which every registry holds.
    public static let metaSchemaURI = BuiltInMetaSchemas.dialectURI

    /// The base URI ``schema(for:baseURI:options:)`` gives a schema that has no `$id`.
    public static let defaultBaseURI = "urn:widgetry:schema"

    private(set) var documents: [SchemaDocumentIndex] = []
    private(set) var resourceTable: [String: ResourceAddress] = [:]

    /// A registry holding the built-in 2020-12 meta-schemas.
    public init() {
        self = SchemaRegistry.builtIn
    }

    private init(empty: Void) {}

    private static let builtIn: SchemaRegistry = {
        var registry = SchemaRegistry(empty: ())
        for (uri, text) in BuiltInMetaSchemas.all {
            guard let document = try? JSONParser.parse(text, fileName: uri) else { continue }
            try? registry.register(document.root, uri: uri, file: uri)
        }
        return registry
    }()

    /// Adds a schema document under `uri` (an absolute URI), along with every resource its
    /// `$id`s declare.
    ///
    /// - Parameter file: the name errors about this schema print; the URI when nil.
    /// - Throws: ``SchemaError`` for a URI that is not absolute, an `$id` or anchor that is
    ///   malformed, or an anchor declared twice in one resource.
    public mutating func register(_ schema: JSONValue, uri: String, file: String? = nil) throws(SchemaError) {
        let reference = URIReference(parsing: uri)
        guard reference.isAbsolute else {
            throw SchemaError(.invalidURI, "a schema is registered under an absolute URI, not \"\(uri)\"", file: file ?? uri,
                              schemaLocation: uri, hint: "add a scheme, as in \"https://example.com/\(uri)\"")
        }
        let retrieval = reference.withoutFragment.normalized
        let index = try SchemaDocumentIndex(root: schema, uri: retrieval, file: file ?? uri)
        let document = documents.count
        documents.append(index)
        resourceTable[retrieval.description] = ResourceAddress(document: document, resource: 0)
        for (position, resource) in index.resources.enumerated() {
            resourceTable[resource.uri.description] = ResourceAddress(document: document, resource: position)
        }
    }

    /// Adds a parsed schema file under `uri`, or under its root `$id` when `uri` is nil, and
    /// returns the URI it was registered under. Errors name the document's file.
    @discardableResult
    public mutating func register(_ document: JSONDocument, uri: String? = nil) throws(SchemaError) -> String {
        let file = document.source.fileName ?? uri ?? "<schema>"
        guard let uri = uri ?? document.root["$id"]?.stringValue else {
            throw SchemaError(.invalidURI, "the schema has no \"$id\" and no URI was given to register it under",
                              file: file, location: document.root.location, pointer: .root, schemaLocation: "",
                              hint: "add an absolute \"$id\" to the schema, or pass the URI it should be known by")
        }
        try register(document.root, uri: uri, file: file)
        return uri
    }

    /// Whether a resource with this URI (without fragment) is registered.
    public func contains(_ uri: String) -> Bool {
        resourceTable[URIReference(parsing: uri).withoutFragment.normalized.description] != nil
    }

    /// The schema at `uri`, which may carry a JSON Pointer or anchor fragment
    /// (`https://example.com/screen.schema.json#/$defs/view`), compiled with every schema it
    /// refers to.
    ///
    /// - Throws: ``SchemaError`` when the URI or any reference names nothing registered, or a
    ///   keyword in a schema it reaches is malformed.
    public func schema(at uri: String, options: SchemaOptions = SchemaOptions()) throws(SchemaError) -> Schema {
        let reference = URIReference(parsing: uri)
        guard let target = location(of: reference) else {
            throw SchemaError(.unresolvedReference, "no schema is registered at \"\(uri)\"", file: uri, schemaLocation: uri,
                              hint: "register the document with SchemaRegistry.register(_:uri:file:) first")
        }
        var compiler = SchemaCompiler(registry: self)
        let root = try compiler.compile(target)
        return Schema(program: compiler.finish(options: options), root: root, uri: reference.normalized.description)
    }

    /// Compiles a schema that is not registered, with the registry's documents available to its
    /// references. A schema without `$id` is identified by `baseURI`.
    public func schema(
        for schema: JSONValue, baseURI: String = SchemaRegistry.defaultBaseURI, file: String? = nil,
        options: SchemaOptions = SchemaOptions()
    ) throws(SchemaError) -> Schema {
        var registry = self
        try registry.register(schema, uri: baseURI, file: file)
        return try registry.schema(at: baseURI, options: options)
    }

    /// Validates a parsed file against the registered schema at `schemaURI`, and returns the
    /// violations placed in the file, in the order of the file. Compiles the schema each time:
    /// to check many files, keep the ``Schema`` from ``schema(at:options:)`` instead.
    public func validate(_ document: JSONDocument, against schemaURI: String) throws(SchemaError) -> [SchemaViolation] {
        try schema(at: schemaURI).validate(document)
    }

    // MARK: - Resolution

    /// The document and pointer a URI (with an optional fragment) names, or nil.
    func location(of uri: URIReference) -> SchemaLocation? {
        guard let address = resourceTable[uri.withoutFragment.normalized.description] else { return nil }
        let resource = documents[address.document].resources[address.resource]
        guard let fragment = uri.fragment, !fragment.isEmpty else {
            return SchemaLocation(document: address.document, pointer: resource.pointer)
        }
        guard let decoded = fragment.percentDecoded else { return nil }
        if decoded.hasPrefix("/") {
            guard let relative = JSONPointer(parsing: decoded) else { return nil }
            let pointer = JSONPointer(resource.pointer.tokens + relative.tokens)
            guard documents[address.document].root.value(at: pointer) != nil else { return nil }
            return SchemaLocation(document: address.document, pointer: pointer)
        }
        guard let pointer = resource.anchors[decoded] else { return nil }
        return SchemaLocation(document: address.document, pointer: pointer)
    }

    /// The registered resource with this URI (without fragment), if any.
    func resource(at uri: URIReference) -> (address: ResourceAddress, resource: IndexedResource)? {
        guard let address = resourceTable[uri.withoutFragment.normalized.description] else { return nil }
        return (address, documents[address.document].resources[address.resource])
    }
}

/// A value in a registered document: the document's index and a pointer into it.
struct SchemaLocation: Sendable, Hashable {
    var document: Int
    var pointer: JSONPointer
}
