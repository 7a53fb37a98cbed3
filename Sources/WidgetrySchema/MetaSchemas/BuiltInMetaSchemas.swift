/// The texts of the 2020-12 meta-schemas, embedded so that a registry can resolve references to
/// them (and validate schemas against them) without a network.
///
/// The texts are the published documents, each in its own file.
enum BuiltInMetaSchemas {
    /// The URI of the 2020-12 dialect meta-schema.
    static let dialectURI = "https://json-schema.org/draft/2020-12/schema"

    /// Each meta-schema with the URI it is published at, the dialect first.
    static let all: [(uri: String, text: String)] = [
        (dialectURI, dialect),
        ("https://json-schema.org/draft/2020-12/meta/core", core),
        ("https://json-schema.org/draft/2020-12/meta/applicator", applicator),
        ("https://json-schema.org/draft/2020-12/meta/unevaluated", unevaluated),
        ("https://json-schema.org/draft/2020-12/meta/validation", validation),
        ("https://json-schema.org/draft/2020-12/meta/meta-data", metaData),
        ("https://json-schema.org/draft/2020-12/meta/format-annotation", formatAnnotation),
        ("https://json-schema.org/draft/2020-12/meta/content", content),
    ]
}
