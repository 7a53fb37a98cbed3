/// Where the 2020-12 keywords keep their subschemas. The document index and the compiler both
/// walk schemas by this table, so that `$id` and anchors are found exactly where subschemas
/// are, and never inside data such as an `enum` value or a `const`.
enum SubschemaKeywords {
    /// How a keyword holds subschemas.
    enum Shape: Sendable {
        /// The value is one schema (`items`, `not`).
        case single
        /// The value is an object whose member values are schemas (`properties`, `$defs`).
        case map
        /// The value is an array of schemas (`allOf`, `prefixItems`).
        case array
    }

    static let shapes: [String: Shape] = [
        "$defs": .map,
        "properties": .map,
        "patternProperties": .map,
        "dependentSchemas": .map,
        "prefixItems": .array,
        "allOf": .array,
        "anyOf": .array,
        "oneOf": .array,
        "items": .single,
        "contains": .single,
        "additionalProperties": .single,
        "propertyNames": .single,
        "if": .single,
        "then": .single,
        "else": .single,
        "not": .single,
        "unevaluatedItems": .single,
        "unevaluatedProperties": .single,
        "contentSchema": .single,
    ]
}
