/// A ``SchemaProgram``'s keywords lowered for ``TapeCheck``: one flat list of operations whose
/// payloads are plain numbers (indices into flat tables), so that applying them copies nothing
/// that is reference counted, and names kept as UTF-8 bytes, so that keys are compared on the
/// tape's bytes without making strings.
///
/// The frequent keywords get an operation of their own; every other keyword is applied through
/// its ``KeywordRule`` (``Operation/general(node:entry:)``), with the same result, more slowly.
final class TapeProgram: Sendable {
    enum Operation: Sendable {
        case type(JSONTypeSet)
        case bound(NumericBound.Kind, SchemaNumber)
        case minLength(Int), maxLength(Int)
        case minItems(Int), maxItems(Int)
        case minProperties(Int), maxProperties(Int)
        /// `enum` whose values are all strings: the names in `names`.
        case stringEnumeration(names: Range<Int>)
        /// `required`: the names in `requiredNames`.
        case required(names: Range<Int>)
        /// `properties`, `patternProperties` and `additionalProperties` of one schema in one
        /// pass over the members: a member named in `table` must pass its subschema, one whose
        /// name a rule of `patternRules` matches that rule's, and any other `additional` (when
        /// there is `additionalProperties`; `forbidden` when it is `false`).
        case members(table: Int?, patternRules: Range<Int>, additional: NodeID?, forbidden: Bool)
        case items(NodeID, prefixCount: Int)
        case reference(NodeID)
        case allOf(Range<Int>), anyOf(Range<Int>), oneOf(Range<Int>)
        /// The `entry`th keyword of `node`, applied through its rule.
        case general(node: NodeID, entry: Int)
    }

    /// A name as UTF-8 bytes in ``pool``.
    struct Name: Sendable {
        var start: Int
        var count: Int
    }

    /// A property-name pattern that is an ASCII literal, compared on bytes.
    struct Literal: Sendable {
        var text: Name
        var anchoredAtStart: Bool
        var anchoredAtEnd: Bool
    }

    /// A node: `false`, `true`, or the operations in `operations`.
    enum Node: Sendable {
        case boolean(Bool)
        case operations(Range<Int>)
    }

    let nodes: [Node]
    /// For each node that only checks the type (`true`, `false`, a schema of annotations, or
    /// one with `type` alone), the types it admits: applied in place, without entering the node.
    let nodeTypes: [JSONTypeSet?]
    /// The resource each node belongs to.
    let nodeResources: [Int]
    /// Whether a `$dynamicRef` may resolve through the dynamic scope; when none can, the check
    /// does not keep the scope.
    let usesDynamicScope: Bool
    let operations: [Operation]
    let names: [Name]
    /// The names `required` lists, looked up with ``JSONTape/member(_:of:)``.
    let requiredNames: [String]
    /// The bytes of every name.
    let pool: [UInt8]
    /// Each table of property names: its entries in ``tableNames`` and ``tableNodes`` alike,
    /// sorted by their bytes.
    let tables: [Range<Int>]
    let tableNames: [Name]
    /// Each name's first eight bytes as one number (``leadingWord(_:count:)``): comparing two
    /// of them orders names as their bytes do, so most steps of a lookup are one comparison.
    let tableWords: [UInt64]
    let tableNodes: [NodeID]
    /// Whether every name of a table is ASCII: only then is a plain key looked up by its bytes
    /// (any other name might equal an ASCII key as Swift strings compare, up to canonical
    /// equivalence).
    let tableIsASCII: [Bool]
    /// Each table as the schema holds it, for keys looked up as strings.
    let tableStrings: [[String: NodeID]]
    /// Property-name patterns: as literals where they are (nil otherwise), and as compiled.
    let literals: [Literal?]
    let patterns: [SchemaPattern]
    /// `patternProperties` rules: a pattern and its subschema.
    let patternRules: [(pattern: Int, node: NodeID)]
    let nodeLists: [NodeID]

    /// The first eight of `count` bytes at `start` as a big-endian number, zeros past the end:
    /// for texts without NUL bytes (plain keys have none), a smaller word means an earlier text
    /// in byte order, and equal words mean the same first eight bytes.
    @inline(__always)
    static func leadingWord(_ start: UnsafeRawPointer?, count: Int) -> UInt64 {
        guard let start else { return 0 }
        var word: UInt64 = 0
        for index in 0..<min(count, 8) {
            word |= UInt64(start.load(fromByteOffset: index, as: UInt8.self)) << (56 - 8 * index)
        }
        return word
    }

    init(_ schemaNodes: [SchemaNode]) {
        var builder = Builder()
        builder.build(schemaNodes)
        nodes = builder.nodes
        nodeResources = builder.nodeResources
        nodeTypes = builder.nodes.map { node in
            switch node {
            case .boolean(let accepts): return accepts ? .all : []
            case .operations(let operations) where operations.isEmpty: return .all
            case .operations(let operations) where operations.count == 1:
                guard case .type(let types) = builder.operations[operations.lowerBound] else { return nil }
                return types
            case .operations: return nil
            }
        }
        usesDynamicScope = builder.usesDynamicScope
        operations = builder.operations
        names = builder.names
        requiredNames = builder.requiredNames
        pool = builder.pool
        tables = builder.tables
        tableNames = builder.tableNames
        tableWords = builder.tableWords
        tableNodes = builder.tableNodes
        tableIsASCII = builder.tableIsASCII
        tableStrings = builder.tableStrings
        literals = builder.literals
        patterns = builder.patterns
        patternRules = builder.patternRules
        nodeLists = builder.nodeLists
    }

    /// Gathers the tables while the nodes are lowered.
    private struct Builder {
        var nodes: [Node] = []
        /// The resource each node belongs to.
        var nodeResources: [Int] = []
        /// Whether a `$dynamicRef` may resolve through the dynamic scope; when none can, the check
        /// does not keep the scope.
        var usesDynamicScope = false
        var operations: [Operation] = []
        var names: [Name] = []
        var requiredNames: [String] = []
        /// The bytes of every name.
        var pool: [UInt8] = []
        /// Each table of property names: its entries in ``tableNames`` and ``tableNodes`` alike,
        /// sorted by their bytes.
        var tables: [Range<Int>] = []
        var tableNames: [Name] = []
        var tableWords: [UInt64] = []
        var tableNodes: [NodeID] = []
        /// Whether every name of a table is ASCII: only then is a plain key looked up by its bytes
        /// (any other name might equal an ASCII key as Swift strings compare, up to canonical
        /// equivalence).
        var tableIsASCII: [Bool] = []
        /// Each table as the schema holds it, for keys looked up as strings.
        var tableStrings: [[String: NodeID]] = []
        /// Property-name patterns: as literals where they are (nil otherwise), and as compiled.
        var literals: [Literal?] = []
        var patterns: [SchemaPattern] = []
        /// `patternProperties` rules: a pattern and its subschema.
        var patternRules: [(pattern: Int, node: NodeID)] = []
        var nodeLists: [NodeID] = []

        mutating func build(_ schemaNodes: [SchemaNode]) {
            nodes.reserveCapacity(schemaNodes.count)
            nodeResources = schemaNodes.map(\.resource)
            for (id, node) in schemaNodes.enumerated() {
                switch node.content {
                case .boolean(let value):
                    nodes.append(.boolean(value))
                case .keywords(let entries):
                    let start = operations.count
                    var membersLowered = false
                    for (position, entry) in entries.enumerated() {
                        switch entry.rule {
                        case .properties, .patternProperties, .additionalProperties:
                            // The three together, as one operation where the first of them is.
                            if !membersLowered { operations.append(lowerMembers(entries, in: schemaNodes)) }
                            membersLowered = true
                        case .dynamicReference(let rule):
                            usesDynamicScope = usesDynamicScope || rule.anchor != nil
                            operations.append(lower(entry.rule, node: id, entry: position, in: schemaNodes))
                        default:
                            operations.append(lower(entry.rule, node: id, entry: position, in: schemaNodes))
                        }
                    }
                    nodes.append(.operations(start..<operations.count))
                }
            }
        }

        private mutating func lower(_ rule: KeywordRule, node: NodeID, entry: Int, in schemaNodes: [SchemaNode]) -> Operation {
            switch rule {
            case .type(let types): return .type(types)
            case .bound(let bound): return .bound(bound.kind, bound.limit)
            case .minLength(let limit): return .minLength(limit)
            case .maxLength(let limit): return .maxLength(limit)
            case .minItems(let limit): return .minItems(limit)
            case .maxItems(let limit): return .maxItems(limit)
            case .minProperties(let limit): return .minProperties(limit)
            case .maxProperties(let limit): return .maxProperties(limit)
            case .enumeration(let options):
                let strings = options.compactMap(\.stringValue)
                guard strings.count == options.count else { return .general(node: node, entry: entry) }
                return .stringEnumeration(names: addNames(strings))
            case .required(let required):
                let start = requiredNames.count
                requiredNames += required
                return .required(names: start..<requiredNames.count)
            case .items(let item, let prefixCount): return .items(item, prefixCount: prefixCount)
            case .reference(let target): return .reference(target)
            case .allOf(let branches): return .allOf(addList(branches))
            case .anyOf(let branches): return .anyOf(addList(branches))
            case .oneOf(let branches): return .oneOf(addList(branches))
            default: return .general(node: node, entry: entry)
            }
        }

        /// The member keywords of one schema as one operation. `additionalProperties` covers
        /// exactly the names its siblings `properties` and `patternProperties` do not, so one
        /// lookup and one round of patterns per member decide all three.
        private mutating func lowerMembers(_ entries: [KeywordEntry], in schemaNodes: [SchemaNode]) -> Operation {
            var table: Int?
            let start = patternRules.count
            var additional: NodeID?
            for entry in entries {
                switch entry.rule {
                case .properties(let properties): table = addTable(properties)
                case .patternProperties(let rules):
                    for rule in rules {
                        patternRules.append((addPattern(rule.pattern), rule.node))
                    }
                case .additionalProperties(let rule): additional = rule.node
                default: continue
                }
            }
            return .members(table: table, patternRules: start..<patternRules.count, additional: additional,
                            forbidden: additional.map { schemaNodes[$0].isFalse } ?? false)
        }

        private static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

        private mutating func addName(_ text: String) -> Name {
            let name = Name(start: pool.count, count: text.utf8.count)
            pool.append(contentsOf: text.utf8)
            return name
        }

        private mutating func addNames(_ texts: [String]) -> Range<Int> {
            let start = names.count
            for text in texts {
                names.append(addName(text))
            }
            return start..<names.count
        }

        /// A table of property names, sorted by their bytes.
        private mutating func addTable(_ properties: [String: NodeID]) -> Int {
            let sorted = properties.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            let start = tableNames.count
            for (name, node) in sorted {
                tableNames.append(addName(name))
                tableWords.append(Array(name.utf8).withUnsafeBytes { TapeProgram.leadingWord($0.baseAddress, count: $0.count) })
                tableNodes.append(node)
            }
            tables.append(start..<tableNames.count)
            tableIsASCII.append(properties.keys.allSatisfy(Self.isASCII))
            tableStrings.append(properties)
            return tables.count - 1
        }

        private mutating func addPattern(_ pattern: SchemaPattern) -> Int {
            if let literal = pattern.literal, literal.scalars.allSatisfy(\.isASCII) {
                let text = addName(String(String.UnicodeScalarView(literal.scalars)))
                literals.append(Literal(text: text, anchoredAtStart: literal.anchoredAtStart, anchoredAtEnd: literal.anchoredAtEnd))
            } else {
                literals.append(nil)
            }
            patterns.append(pattern)
            return patterns.count - 1
        }

        private mutating func addList(_ list: [NodeID]) -> Range<Int> {
            let start = nodeLists.count
            nodeLists.append(contentsOf: list)
            return start..<nodeLists.count
        }
    }
}
