import WidgetryJSON

/// A violation as evaluation records it, before it is given its file and sorted.
struct PendingViolation: Sendable {
    var code: SchemaViolation.Code
    var message: String
    var hint: String?
    var notes: [String]
    var location: SourceLocation?
    /// What the rule wanted, for the `type`, `const` and `enum` violations that
    /// ``AlternativeSelection`` merges across the alternatives of `anyOf` and `oneOf`.
    var expected: Expectation?
    var instanceTokens: [JSONPointer.Token]
    /// The member position or item index of each step of ``instanceTokens``: sorting by these
    /// puts violations in the order of the document.
    var instancePositions: [Int]
    var keywordTokens: [String]
    var absoluteKeywordLocation: String

    enum Expectation: Sendable {
        /// The type names `type` accepts.
        case types([String])
        /// The values `const` or `enum` allows, and the value found.
        case values([JSONValue], found: JSONValue)
    }

    /// How many steps into the data the violation is.
    var instanceDepth: Int { instanceTokens.count }

    func violation(file: String) -> SchemaViolation {
        SchemaViolation(
            code: code, message: message, file: file, location: location, hint: hint,
            instanceLocation: JSONPointer(instanceTokens), keywordLocation: JSONPointer(keywordTokens.map { .key($0) }),
            absoluteKeywordLocation: absoluteKeywordLocation, notes: notes)
    }
}
