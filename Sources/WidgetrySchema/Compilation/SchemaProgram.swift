import WidgetryJSON

/// The index of a compiled subschema in its ``SchemaProgram``.
typealias NodeID = Int

/// A compiled schema and everything it reaches: the subschemas as a graph of nodes that refer
/// to each other by index (references may form cycles), built once and shared by every
/// validation. Immutable, so one program serves any number of threads.
final class SchemaProgram: Sendable {
    let nodes: [SchemaNode]
    /// The schema resources the nodes belong to, with the `$dynamicAnchor`s each declares.
    let resources: [CompiledResource]
    /// Whether any node uses `unevaluatedProperties` or `unevaluatedItems`; when none does,
    /// evaluation skips collecting which members and items were evaluated.
    let tracksAnnotations: Bool
    let options: SchemaOptions
    /// The nodes lowered for ``TapeCheck``.
    let tape: TapeProgram

    init(nodes: [SchemaNode], resources: [CompiledResource], tracksAnnotations: Bool, options: SchemaOptions) {
        self.nodes = nodes
        self.tape = TapeProgram(nodes)
        self.resources = resources
        self.tracksAnnotations = tracksAnnotations
        self.options = options
    }
}

/// A schema resource as evaluation sees it: an entry of the dynamic scope.
struct CompiledResource: Sendable {
    /// The subschemas the resource's `$dynamicAnchor`s name.
    var dynamicAnchors: [String: NodeID]
}

/// One compiled subschema.
struct SchemaNode: Sendable {
    enum Content: Sendable {
        /// `true` or `false`.
        case boolean(Bool)
        /// An object schema's keywords, in the order they are applied.
        case keywords([KeywordEntry])
    }

    var content: Content
    /// The resource the subschema belongs to (an index into ``SchemaProgram/resources``).
    var resource: Int
    /// The absolute location: the resource URI and a JSON Pointer fragment.
    var absoluteLocation: String
    /// Where the subschema is written, for errors found while evaluating it.
    var source: SchemaSource
    /// The schema's `title`, used to name an alternative of `anyOf` or `oneOf`.
    var title: String?

    var isFalse: Bool {
        if case .boolean(false) = content { return true }
        return false
    }
}

/// The document and place a subschema was compiled from.
struct SchemaSource: Sendable {
    var file: String
    var pointer: JSONPointer
    var location: SourceLocation?
}

/// A keyword as written (its name is a step of the keyword location) and its compiled rule.
struct KeywordEntry: Sendable {
    var name: String
    var rule: KeywordRule
}

/// The compiled form of each keyword that validates or applies subschemas.
enum KeywordRule: Sendable {
    case type(JSONTypeSet)
    case enumeration([JSONValue])
    case constant(JSONValue)
    case multipleOf(DecimalNumber, written: SchemaNumber)
    case bound(NumericBound)
    case minLength(Int)
    case maxLength(Int)
    case pattern(SchemaPattern)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    case contains(ContainsRule)
    case minProperties(Int)
    case maxProperties(Int)
    case required([String])
    case dependentRequired([(property: String, required: [String])])
    case properties([String: NodeID])
    case patternProperties([(pattern: SchemaPattern, node: NodeID)])
    case additionalProperties(AdditionalPropertiesRule)
    case propertyNames(NodeID)
    case dependentSchemas([(property: String, node: NodeID)])
    case prefixItems([NodeID])
    case items(NodeID, prefixCount: Int)
    case allOf([NodeID])
    case anyOf([NodeID])
    case oneOf([NodeID])
    case not(NodeID)
    case conditional(ConditionalRule)
    case reference(NodeID)
    case dynamicReference(DynamicReferenceRule)
    case unevaluatedItems(NodeID)
    case unevaluatedProperties(UnevaluatedPropertiesRule)
}

/// `minimum`, `exclusiveMinimum`, `maximum` or `exclusiveMaximum`.
struct NumericBound: Sendable {
    enum Kind: Sendable {
        case minimum, exclusiveMinimum, maximum, exclusiveMaximum
    }

    var kind: Kind
    var limit: SchemaNumber
}

/// `contains` with the `minContains` and `maxContains` beside it.
struct ContainsRule: Sendable {
    var node: NodeID
    var minimum: Int
    var maximum: Int?
}

/// `additionalProperties`, with what its siblings `properties` and `patternProperties` cover.
struct AdditionalPropertiesRule: Sendable {
    var node: NodeID
    var declared: Set<String>
    var patterns: [SchemaPattern]
    /// The names the schema allows, sorted, for messages and did-you-mean hints.
    var allowedNames: [String]
}

/// `unevaluatedProperties`, with the property names the schema declares in place (through
/// `allOf`, `$ref` and the like), for messages and did-you-mean hints.
struct UnevaluatedPropertiesRule: Sendable {
    var node: NodeID
    var allowedNames: [String]
}

/// `if` with the `then` and `else` beside it.
struct ConditionalRule: Sendable {
    var condition: NodeID
    var then: NodeID?
    var otherwise: NodeID?
}

/// `$dynamicRef`: the target it resolves to statically and, when that target declares a
/// `$dynamicAnchor` with the fragment's name, the anchor name to look up in the dynamic scope.
struct DynamicReferenceRule: Sendable {
    var initial: NodeID
    var anchor: String?
}
