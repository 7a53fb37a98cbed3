public import WidgetryJSON

/// A problem with a schema rather than with the data it checks: a keyword with a value of the
/// wrong shape, a reference that resolves to nothing, a pattern that does not compile, or an
/// evaluation that cannot finish (a reference cycle, a pattern that needs too many steps).
///
/// It is placed in the schema's own document: `file` names the schema, `pointer` and `location`
/// the offending value in it, and ``schemaLocation`` gives the absolute URI with a JSON Pointer
/// fragment, so the place can be found in schemas that were never files.
public struct SchemaError: LocatedError, Equatable {
    /// A stable identifier for each kind of problem; the raw value is what diagnostics print.
    public enum Code: String, Sendable, CaseIterable {
        /// A value where a schema belongs is neither an object nor a boolean.
        case notASchema = "schema-error.not-a-schema"
        /// A keyword's value has the wrong type or range (`"minLength": -1`, `"type": "text"`).
        case invalidKeyword = "schema-error.invalid-keyword"
        /// A `pattern` or `patternProperties` key is not a valid regular expression.
        case invalidPattern = "schema-error.invalid-pattern"
        /// A URI given to the registry is not absolute, or an `$id` carries a fragment.
        case invalidURI = "schema-error.invalid-uri"
        /// A `$ref`, `$dynamicRef` or `$schema` names nothing the registry holds.
        case unresolvedReference = "schema-error.unresolved-ref"
        /// Two subschemas of one resource declare the same anchor.
        case duplicateAnchor = "schema-error.duplicate-anchor"
        /// The meta-schema requires a vocabulary this validator does not know.
        case unknownVocabulary = "schema-error.unknown-vocabulary"
        /// Evaluation came back to a schema it was already applying to the same value, through
        /// references that never descend into the data: it would never end.
        case referenceCycle = "schema-error.ref-cycle"
        /// Evaluation nested deeper than ``SchemaOptions/maxEvaluationDepth``, or deeper than the
        /// thread's stack has room for.
        case depthLimitExceeded = "schema-error.depth-limit"
        /// A pattern needed more backtracking steps than its budget to decide a match.
        case patternTooComplex = "schema-error.pattern-too-complex"
    }

    /// What kind of problem it is.
    public var code: Code
    /// What is wrong, in words, without the location.
    public var message: String
    /// The schema document: its file name when it was read from a file, else its URI.
    public var file: String
    /// Where the offending value starts in the schema's source, when it has one.
    public var location: SourceLocation?
    /// The JSON Pointer of the offending value in the schema document.
    public var pointer: JSONPointer?
    /// How to fix it, when there is something to say.
    public var hint: String?
    /// The absolute location of the offending schema: resource URI plus JSON Pointer fragment.
    public var schemaLocation: String

    /// An error with every field given.
    public init(
        _ code: Code, _ message: String, file: String, location: SourceLocation? = nil, pointer: JSONPointer? = nil,
        schemaLocation: String, hint: String? = nil
    ) {
        self.code = code
        self.message = message
        self.file = file
        self.location = location
        self.pointer = pointer
        self.schemaLocation = schemaLocation
        self.hint = hint
    }
}
