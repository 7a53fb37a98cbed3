import WidgetryJSON

/// One schema resource: a schema with its own base URI (the document root, or a subschema with
/// `$id`) and the anchors declared inside it.
struct IndexedResource: Sendable {
    /// The absolute URI, normalized and without fragment.
    var uri: URIReference
    /// Where the resource's root schema is in its document.
    var pointer: JSONPointer
    /// `$anchor` and `$dynamicAnchor` names and the subschemas that declare them.
    var anchors: [String: JSONPointer] = [:]
    /// `$dynamicAnchor` names only: the targets a `$dynamicRef` may find in the dynamic scope.
    var dynamicAnchors: [String: JSONPointer] = [:]
    /// The `$schema` in effect: the resource's own, or else that of the resource around it.
    var metaSchema: URIReference?
}

/// A registered schema document with its resources, found by walking the document through the
/// keywords that hold subschemas (``SubschemaKeywords``).
struct SchemaDocumentIndex: Sendable {
    /// The document.
    let root: JSONValue
    /// The name errors print: the file name, or the URI the document was registered under.
    let file: String
    /// The resources, the document root first.
    private(set) var resources: [IndexedResource]
    /// For each subschema found by the walk, the resource it belongs to (an index into
    /// ``resources``). Values reached only through unknown keywords are not here.
    private(set) var resourceOfSchema: [JSONPointer: Int] = [:]

    /// Indexes `root`, retrieved from `uri` (absolute, without fragment).
    init(root: JSONValue, uri: URIReference, file: String) throws(SchemaError) {
        self.root = root
        self.file = file
        self.resources = [IndexedResource(uri: uri, pointer: .root)]
        try visit(root, at: .root, resource: 0)
    }

    /// The resource the value at `pointer` belongs to: that of the nearest enclosing subschema
    /// the walk found (a reference may point below an unknown keyword).
    func resource(containing pointer: JSONPointer) -> Int {
        var candidate: JSONPointer? = pointer
        while let current = candidate {
            if let resource = resourceOfSchema[current] { return resource }
            candidate = current.parent
        }
        return 0
    }

    /// The absolute location of the value at `pointer`: its resource's URI with a JSON Pointer
    /// fragment relative to the resource root.
    func absoluteLocation(of pointer: JSONPointer) -> String {
        let resource = resources[resource(containing: pointer)]
        let relative = Array(pointer.tokens.dropFirst(resource.pointer.count))
        return resource.uri.description + "#" + JSONPointer(relative).description
    }

    /// An error about the value at `pointer` in this document.
    func error(_ code: SchemaError.Code, _ message: String, at pointer: JSONPointer, hint: String? = nil) -> SchemaError {
        SchemaError(code, message, file: file, location: root.value(at: pointer)?.location, pointer: pointer,
                    schemaLocation: absoluteLocation(of: pointer), hint: hint)
    }

    // MARK: - Walking

    private mutating func visit(_ value: JSONValue, at pointer: JSONPointer, resource parent: Int) throws(SchemaError) {
        guard case .object(let object) = value.kind else {
            resourceOfSchema[pointer] = parent
            return
        }
        var resource = parent
        if let idValue = object["$id"] {
            resource = try declareResource(idValue, at: pointer, parent: parent)
        }
        resourceOfSchema[pointer] = resource
        if resources[resource].pointer == pointer, let schemaValue = object["$schema"] {
            guard let text = schemaValue.stringValue else {
                throw error(.invalidKeyword, "\"$schema\" must be a string URI", at: pointer.appending(key: "$schema"))
            }
            resources[resource].metaSchema = URIReference(parsing: text).resolved(against: resources[resource].uri)
                .withoutFragment.normalized
        }
        for keyword in ["$anchor", "$dynamicAnchor"] {
            guard let anchorValue = object[keyword] else { continue }
            guard let name = anchorValue.stringValue else {
                throw error(.invalidKeyword, "\"\(keyword)\" must be a string", at: pointer.appending(key: keyword))
            }
            if let existing = resources[resource].anchors[name], existing != pointer {
                throw error(.duplicateAnchor, "the anchor \"\(name)\" is already declared at \(existing) in this resource",
                            at: pointer.appending(key: keyword), hint: "anchor names must be unique within a schema resource")
            }
            resources[resource].anchors[name] = pointer
            if keyword == "$dynamicAnchor" { resources[resource].dynamicAnchors[name] = pointer }
        }
        for member in object {
            guard let shape = SubschemaKeywords.shapes[member.key] else { continue }
            let keywordPointer = pointer.appending(key: member.key)
            switch (shape, member.value.kind) {
            case (.single, _):
                try visit(member.value, at: keywordPointer, resource: resource)
            case (.map, .object(let children)):
                for child in children {
                    try visit(child.value, at: keywordPointer.appending(key: child.key), resource: resource)
                }
            case (.array, .array(let children)):
                for (index, child) in children.enumerated() {
                    try visit(child, at: keywordPointer.appending(index: index), resource: resource)
                }
            default:
                continue  // a malformed keyword value; the compiler reports it if the keyword is used
            }
        }
    }

    /// Records the resource an `$id` starts and returns its index.
    private mutating func declareResource(_ idValue: JSONValue, at pointer: JSONPointer, parent: Int) throws(SchemaError) -> Int {
        let idPointer = pointer.appending(key: "$id")
        guard let text = idValue.stringValue else {
            throw error(.invalidKeyword, "\"$id\" must be a string URI reference", at: idPointer)
        }
        let reference = URIReference(parsing: text)
        if let fragment = reference.fragment, !fragment.isEmpty {
            throw error(.invalidURI, "\"$id\" must not have a fragment, found \"#\(fragment)\"", at: idPointer,
                        hint: "name a subschema with \"$anchor\": \"\(fragment)\" instead")
        }
        let uri = reference.resolved(against: resources[parent].uri).withoutFragment.normalized
        if pointer == .root {
            resources[0].uri = uri
            return 0
        }
        resources.append(IndexedResource(uri: uri, pointer: pointer, metaSchema: resources[parent].metaSchema))
        return resources.count - 1
    }
}
