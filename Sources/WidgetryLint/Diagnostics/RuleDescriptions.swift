/// One sentence per code any command prints, for `lint --explain` and for reports that list
/// the rules they found (SARIF's `tool.driver.rules`).
///
/// Schema (`schema.*`, `schema-error.*`) and JSON syntax (`json.*`) codes are described here,
/// the codes of the file readers in ``fileCodes``, those of screens, runs and the commands in
/// ``runCodes``, and lint rules by their own summaries. A test finds every code the sources
/// declare and fails for one that is described nowhere.
public enum RuleDescriptions {
    /// The description of `rule`, or nil when none has one.
    public static func shortDescription(of rule: String) -> String? {
        table[rule] ?? fileCodes[rule] ?? runCodes[rule] ?? LintRules.all.first { type(of: $0).description.id == rule }.map { type(of: $0).description.summary }
    }

    /// Every code described, lint rules included, sorted.
    public static var codes: [String] {
        (Array(table.keys) + fileCodes.keys + runCodes.keys + LintRules.all.map { type(of: $0).description.id }).sorted()
    }

    static let table: [String: String] = [
        // Schemas
        "schema.false": "No value is allowed here.",
        "schema.type": "A value has the wrong JSON type.",
        "schema.enum": "A value is not one of the allowed values.",
        "schema.const": "A value is not the one value allowed.",
        "schema.multiple-of": "A number is not a multiple of the required step.",
        "schema.minimum": "A number is below its minimum.",
        "schema.exclusive-minimum": "A number is not above its exclusive minimum.",
        "schema.maximum": "A number is above its maximum.",
        "schema.exclusive-maximum": "A number is not below its exclusive maximum.",
        "schema.min-length": "A string is shorter than allowed.",
        "schema.max-length": "A string is longer than allowed.",
        "schema.pattern": "A string does not match its pattern.",
        "schema.min-items": "An array has fewer items than required.",
        "schema.max-items": "An array has more items than allowed.",
        "schema.unique-items": "An array repeats an item.",
        "schema.contains": "No item of an array is of the required kind.",
        "schema.min-contains": "Too few items of an array are of the required kind.",
        "schema.max-contains": "Too many items of an array are of the required kind.",
        "schema.min-properties": "An object has fewer members than required.",
        "schema.max-properties": "An object has more members than allowed.",
        "schema.required": "A required property is missing.",
        "schema.dependent-required": "A property another one needs is missing.",
        "schema.additional-property": "A property is not allowed here (often a misspelt key).",
        "schema.additional-item": "An array has more items than its schema describes.",
        "schema.unevaluated-property": "A property is not allowed here.",
        "schema.unevaluated-item": "An array item is not allowed here.",
        "schema.property-name": "A property name is not allowed.",
        "schema.any-of": "A value matches none of the allowed forms.",
        "schema.one-of": "A value matches none of the allowed forms.",
        "schema.one-of-multiple": "A value matches more than one of the forms that exclude each other.",
        "schema.not": "A value has a form that is not allowed.",
        "schema-error.depth-limit": "A file is nested too deeply to validate.",
        "schema-error.pattern-too-complex": "A string took too long to match against its pattern.",
        "schema-error.ref-cycle": "A schema refers to itself without end.",
        "schema-error.duplicate-anchor": "Two subschemas of one schema declare the same anchor.",
        "schema-error.invalid-keyword": "A schema keyword's value has the wrong type or range.",
        "schema-error.invalid-pattern": "A schema's pattern is not a valid regular expression.",
        "schema-error.invalid-uri": "A schema URI is not absolute, or an $id carries a fragment.",
        "schema-error.not-a-schema": "A value where a schema belongs is neither an object nor a boolean.",
        "schema-error.unknown-vocabulary": "A meta-schema requires a vocabulary the validator does not know.",
        "schema-error.unresolved-ref": "A $ref, $dynamicRef or $schema names no schema the validator holds.",
        // JSON syntax
        "json.empty-document": "A file is empty.",
        "json.unexpected-end": "A file ends in the middle of a value.",
        "json.unexpected-character": "A character is not valid JSON here.",
        "json.trailing-comma": "A comma follows the last member or item.",
        "json.missing-comma": "Two members or items have no comma between them.",
        "json.trailing-content": "Text follows the document's value.",
        "json.invalid-literal": "A word is not true, false or null.",
        "json.invalid-number": "A number is not written as JSON numbers are.",
        "json.number-out-of-range": "A number is too large to represent.",
        "json.invalid-escape": "A string holds an invalid escape sequence.",
        "json.unpaired-surrogate": "A string holds half of a surrogate pair.",
        "json.control-character": "A string holds a raw control character.",
        "json.invalid-utf8": "A file is not valid UTF-8.",
        "json.duplicate-key": "An object repeats a key.",
        "json.depth-limit": "A file is nested too deeply.",
        "json.document-too-large": "A file is too large.",
        "json.string-too-long": "A string is too long.",
    ]
}
