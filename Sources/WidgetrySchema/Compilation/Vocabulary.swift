/// The 2020-12 vocabularies. A meta-schema's `$vocabulary` says which of them a schema uses;
/// keywords of a vocabulary that is not in use are ignored like unknown keywords.
enum Vocabulary: String, Sendable, CaseIterable {
    case core
    case applicator
    case unevaluated
    case validation
    case metaData = "meta-data"
    case formatAnnotation = "format-annotation"
    case formatAssertion = "format-assertion"
    case content

    /// The vocabulary's URI, as `$vocabulary` names it.
    var uri: String { "https://json-schema.org/draft/2020-12/vocab/" + rawValue }

    /// The vocabulary with this URI, or nil for one this validator does not know.
    init?(uri: String) {
        let prefix = "https://json-schema.org/draft/2020-12/vocab/"
        guard uri.hasPrefix(prefix), let vocabulary = Vocabulary(rawValue: String(uri.dropFirst(prefix.count))) else {
            return nil
        }
        self = vocabulary
    }

    /// The vocabulary a keyword belongs to; nil for keywords of none (unknown keywords).
    static func of(keyword: String) -> Vocabulary? {
        keywordVocabularies[keyword]
    }

    private static let keywordVocabularies: [String: Vocabulary] = {
        var table: [String: Vocabulary] = [:]
        let lists: [(Vocabulary, [String])] = [
            (.core, ["$id", "$schema", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs"]),
            (.applicator, ["prefixItems", "items", "contains", "additionalProperties", "properties", "patternProperties",
                           "dependentSchemas", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not"]),
            (.unevaluated, ["unevaluatedItems", "unevaluatedProperties"]),
            (.validation, ["type", "const", "enum", "multipleOf", "maximum", "exclusiveMaximum", "minimum",
                           "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems",
                           "maxContains", "minContains", "maxProperties", "minProperties", "required", "dependentRequired"]),
            (.metaData, ["title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples"]),
            (.formatAnnotation, ["format"]),
            (.content, ["contentEncoding", "contentMediaType", "contentSchema"]),
        ]
        for (vocabulary, keywords) in lists {
            for keyword in keywords { table[keyword] = vocabulary }
        }
        return table
    }()
}

/// The vocabularies in use for a schema resource.
struct VocabularySet: Sendable, Hashable {
    var vocabularies: Set<Vocabulary>

    /// Every 2020-12 vocabulary: what the standard meta-schema declares, and what a schema gets
    /// when its meta-schema is unknown or declares no `$vocabulary`.
    static let all = VocabularySet(vocabularies: Set(Vocabulary.allCases))

    /// Whether `keyword` is to be applied: core keywords always are, and format keywords are
    /// annotations under either format vocabulary.
    func applies(_ keyword: String) -> Bool {
        guard let vocabulary = Vocabulary.of(keyword: keyword) else { return false }
        if vocabulary == .core { return true }
        if vocabulary == .formatAnnotation {
            return vocabularies.contains(.formatAnnotation) || vocabularies.contains(.formatAssertion)
        }
        return vocabularies.contains(vocabulary)
    }
}
