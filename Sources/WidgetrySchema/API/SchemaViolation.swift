public import WidgetryJSON

/// One way a value breaks its schema, placed in the data and in the schema.
///
/// `instanceLocation` is where in the data (and `location` where in its file, when the data was
/// parsed from one); `keywordLocation` is the path through the schema that was followed, `$ref`
/// steps included (`/properties/views/items/required`), and `absoluteKeywordLocation` the
/// keyword's own place as a URI. `message` names the rule in words; `code` is stable for
/// tools. `notes` say why a rule applied when it was reached through `anyOf`, `oneOf`, `if` or
/// `dependentSchemas`.
public struct SchemaViolation: LocatedError, Equatable {
    /// A stable identifier for each rule; the raw value is what diagnostics print.
    public enum Code: String, Sendable, CaseIterable {
        /// The schema is `false`: no value is allowed here.
        case falseSchema = "schema.false"
        /// The value is not of a type `type` lists.
        case type = "schema.type"
        /// The value is none of the values `enum` lists.
        case enumeration = "schema.enum"
        /// The value is not the value `const` names.
        case constant = "schema.const"
        /// The number is not a multiple of `multipleOf`.
        case multipleOf = "schema.multiple-of"
        /// The number is below `minimum`.
        case minimum = "schema.minimum"
        /// The number is not above `exclusiveMinimum`.
        case exclusiveMinimum = "schema.exclusive-minimum"
        /// The number is above `maximum`.
        case maximum = "schema.maximum"
        /// The number is not below `exclusiveMaximum`.
        case exclusiveMaximum = "schema.exclusive-maximum"
        /// The string has fewer characters (code points) than `minLength`.
        case minLength = "schema.min-length"
        /// The string has more characters (code points) than `maxLength`.
        case maxLength = "schema.max-length"
        /// The string does not match `pattern` anywhere.
        case pattern = "schema.pattern"
        /// The array has fewer items than `minItems`.
        case minItems = "schema.min-items"
        /// The array has more items than `maxItems`.
        case maxItems = "schema.max-items"
        /// An item equals an earlier one although `uniqueItems` forbids it.
        case uniqueItems = "schema.unique-items"
        /// No item matches `contains`.
        case contains = "schema.contains"
        /// Fewer items than `minContains` match `contains`.
        case minContains = "schema.min-contains"
        /// More items than `maxContains` match `contains`.
        case maxContains = "schema.max-contains"
        /// The object has fewer members than `minProperties`.
        case minProperties = "schema.min-properties"
        /// The object has more members than `maxProperties`.
        case maxProperties = "schema.max-properties"
        /// A member `required` lists is missing.
        case required = "schema.required"
        /// A member `dependentRequired` asks for, because another is present, is missing.
        case dependentRequired = "schema.dependent-required"
        /// A member that `additionalProperties: false` forbids.
        case additionalProperty = "schema.additional-property"
        /// An item past `prefixItems` that `items: false` forbids.
        case additionalItem = "schema.additional-item"
        /// A member that `unevaluatedProperties: false` forbids.
        case unevaluatedProperty = "schema.unevaluated-property"
        /// An item that `unevaluatedItems: false` forbids.
        case unevaluatedItem = "schema.unevaluated-item"
        /// A member name that `propertyNames: false` forbids.
        case propertyName = "schema.property-name"
        /// No alternative of `anyOf` matched, and none came close enough to report instead.
        case anyOf = "schema.any-of"
        /// No alternative of `oneOf` matched, and none came close enough to report instead.
        case oneOf = "schema.one-of"
        /// More than one alternative of `oneOf` matched.
        case oneOfMultiple = "schema.one-of-multiple"
        /// The value matches the schema under `not`.
        case not = "schema.not"
    }

    /// The rule that was broken.
    public var code: Code
    /// What is wrong, in words that name the rule.
    public var message: String
    /// The file the data came from, as the caller named it.
    public var file: String
    /// Where the offending value (or, for a missing property, the object that lacks it, and for
    /// a forbidden property, its key) starts in the file; nil for data built in code.
    public var location: SourceLocation?
    /// How to fix it, when there is something to say (a did-you-mean for a misspelt name).
    public var hint: String?
    /// Where the offending value is in the data.
    public var instanceLocation: JSONPointer
    /// The path of keywords followed through the schema to the rule, `$ref`s included.
    public var keywordLocation: JSONPointer
    /// The rule's own place: its schema resource's URI and a JSON Pointer fragment.
    public var absoluteKeywordLocation: String
    /// Why the rule applied, outermost first, when an applicator chose it
    /// (`no alternative of oneOf matched; closest is alternative 2 of 3`).
    public var notes: [String]

    /// The same as ``instanceLocation``.
    public var pointer: JSONPointer? { instanceLocation }

    /// A violation with every field given; evaluation makes these, tools may make their own.
    public init(
        code: Code, message: String, file: String, location: SourceLocation?, hint: String? = nil,
        instanceLocation: JSONPointer, keywordLocation: JSONPointer, absoluteKeywordLocation: String, notes: [String] = []
    ) {
        self.code = code
        self.message = message
        self.file = file
        self.location = location
        self.hint = hint
        self.instanceLocation = instanceLocation
        self.keywordLocation = keywordLocation
        self.absoluteKeywordLocation = absoluteKeywordLocation
        self.notes = notes
    }
}
