import WidgetryJSON

/// Turns the registered schema documents into a ``SchemaProgram``: every subschema reachable
/// from the requested one is compiled once into a node, references are resolved to node
/// indices, and each keyword's value is checked and converted (numbers, patterns, names), so
/// validation never reads raw schema JSON again.
///
/// Nodes are reserved before they are compiled, so references may form cycles; a worklist
/// keeps compilation iterative however deep the schemas nest.
struct SchemaCompiler {
    let registry: SchemaRegistry
    private var nodes: [SchemaNode] = []
    private var nodeAt: [SchemaLocation: NodeID] = [:]
    private var pending: [(node: NodeID, location: SchemaLocation)] = []
    private var resourceIDs: [SchemaRegistry.ResourceAddress: Int] = [:]
    private var resources: [CompiledResource] = []
    private var vocabulariesByMetaSchema: [String: VocabularySet] = [:]
    private var tracksAnnotations = false
    /// For each node, the names its `properties` declares, and the subschemas it applies to the
    /// same value; together they tell `unevaluatedProperties` which names a schema allows.
    private var declaredNames: [NodeID: [String]] = [:]
    private var inPlaceChildren: [NodeID: [NodeID]] = [:]
    private var unevaluatedPropertyRules: [(node: NodeID, entry: Int)] = []

    init(registry: SchemaRegistry) {
        self.registry = registry
    }

    /// Compiles the subschema at `location` and everything it reaches; returns its node.
    mutating func compile(_ location: SchemaLocation) throws(SchemaError) -> NodeID {
        let root = reserve(location)
        while let next = pending.popLast() {
            try compileNode(next.node, at: next.location)
        }
        return root
    }

    /// The finished program.
    mutating func finish(options: SchemaOptions) -> SchemaProgram {
        for (node, entry) in unevaluatedPropertyRules {
            guard case .keywords(var entries) = nodes[node].content,
                case .unevaluatedProperties(var rule) = entries[entry].rule
            else { continue }
            rule.allowedNames = allowedNames(from: node)
            entries[entry].rule = .unevaluatedProperties(rule)
            nodes[node].content = .keywords(entries)
        }
        return SchemaProgram(nodes: nodes, resources: resources, tracksAnnotations: tracksAnnotations, options: options)
    }

    // MARK: - Nodes

    /// The node for the subschema at `location`, reserving it (and queueing its compilation)
    /// the first time it is asked for.
    mutating func reserve(_ location: SchemaLocation) -> NodeID {
        if let existing = nodeAt[location] { return existing }
        let id = nodes.count
        let document = registry.documents[location.document]
        nodes.append(SchemaNode(
            content: .boolean(true), resource: 0, absoluteLocation: document.absoluteLocation(of: location.pointer),
            source: SchemaSource(file: document.file, pointer: location.pointer, location: nil), title: nil))
        nodeAt[location] = id
        pending.append((id, location))
        return id
    }

    private mutating func compileNode(_ id: NodeID, at location: SchemaLocation) throws(SchemaError) {
        let document = registry.documents[location.document]
        guard let value = document.root.value(at: location.pointer) else {
            throw document.error(.unresolvedReference, "nothing is at \(location.pointer) in this document", at: .root)
        }
        let resourceIndex = document.resource(containing: location.pointer)
        nodes[id].resource = compiledResource(SchemaRegistry.ResourceAddress(document: location.document, resource: resourceIndex))
        nodes[id].source.location = value.location
        switch value.kind {
        case .bool(let flag):
            nodes[id].content = .boolean(flag)
        case .object(let object):
            let resource = document.resources[resourceIndex]
            let context = KeywordContext(
                document: document, documentIndex: location.document, object: object, pointer: location.pointer,
                baseURI: resource.uri, vocabularies: try vocabularies(for: resource), node: id)
            let entries = try compileKeywords(context)
            nodes[id].content = .keywords(entries)
            nodes[id].title = object["title"]?.stringValue
            for (position, entry) in entries.enumerated() {
                switch entry.rule {
                case .unevaluatedProperties: unevaluatedPropertyRules.append((id, position)); tracksAnnotations = true
                case .unevaluatedItems: tracksAnnotations = true
                default: break
                }
            }
        default:
            throw document.error(.notASchema, "expected a schema (an object or a boolean), found \(Wording.withArticle(value.typeName))",
                                 at: location.pointer)
        }
    }

    /// Records that `node` declares `names` in `properties`.
    mutating func declare(_ names: [String], in node: NodeID) {
        declaredNames[node, default: []] += names
    }

    /// Records that `node` applies `child` to the same value (an in-place applicator).
    mutating func applyInPlace(_ child: NodeID, from node: NodeID) {
        inPlaceChildren[node, default: []].append(child)
    }

    /// The property names `node` and the subschemas it applies in place declare, sorted.
    private func allowedNames(from node: NodeID) -> [String] {
        var names = Set<String>()
        var visited: Set<NodeID> = [node]
        var stack = [node]
        while let current = stack.popLast() {
            names.formUnion(declaredNames[current] ?? [])
            for child in inPlaceChildren[current] ?? [] where visited.insert(child).inserted {
                stack.append(child)
            }
        }
        return names.sorted()
    }

    // MARK: - Resources and vocabularies

    /// The index of a resource in the program, adding it (and queueing the subschemas its
    /// `$dynamicAnchor`s name, which a `$dynamicRef` may land on) the first time.
    private mutating func compiledResource(_ address: SchemaRegistry.ResourceAddress) -> Int {
        if let existing = resourceIDs[address] { return existing }
        let indexed = registry.documents[address.document].resources[address.resource]
        let id = resources.count
        resources.append(CompiledResource(dynamicAnchors: [:]))
        resourceIDs[address] = id
        for (name, pointer) in indexed.dynamicAnchors.sorted(by: { $0.key < $1.key }) {
            resources[id].dynamicAnchors[name] = reserve(SchemaLocation(document: address.document, pointer: pointer))
        }
        return id
    }

    /// The vocabularies a resource's meta-schema declares. A resource without `$schema`, with
    /// a meta-schema the registry does not hold (an earlier draft, say) or whose meta-schema
    /// declares no `$vocabulary` is read as 2020-12 with every vocabulary.
    private mutating func vocabularies(for resource: IndexedResource) throws(SchemaError) -> VocabularySet {
        guard let metaSchema = resource.metaSchema else { return .all }
        let key = metaSchema.description
        if let known = vocabulariesByMetaSchema[key] { return known }
        var result = VocabularySet.all
        if let (address, metaResource) = registry.resource(at: metaSchema) {
            let metaDocument = registry.documents[address.document]
            let vocabularyPointer = metaResource.pointer.appending(key: "$vocabulary")
            if let declared = metaDocument.root.value(at: vocabularyPointer)?.objectValue {
                result = VocabularySet(vocabularies: [.core])
                for member in declared {
                    if let vocabulary = Vocabulary(uri: member.key) {
                        result.vocabularies.insert(vocabulary)
                    } else if member.value.boolValue == true {
                        throw metaDocument.error(
                            .unknownVocabulary, "the meta-schema requires the vocabulary \(member.key), which this validator does not know",
                            at: vocabularyPointer.appending(key: member.key),
                            hint: "mark the vocabulary optional (false) in the meta-schema if schemas may ignore it")
                    }
                }
            }
        }
        vocabulariesByMetaSchema[key] = result
        return result
    }
}
