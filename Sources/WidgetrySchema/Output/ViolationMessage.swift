import WidgetryJSON

/// The words of every violation, in one place so they read alike: each names the rule and
/// what was found, and quotes values as JSON.
enum ViolationMessage {
    /// Where a `false` schema was met.
    enum FalseSchemaContext {
        case property(String)
        case item(Int)
        case value
    }

    static func falseSchema(context: FalseSchemaContext) -> String {
        switch context {
        case .property(let name): "property \(Wording.quote(name)) is not allowed here"
        case .item(let index): "item \(index) is not allowed here"
        case .value: "no value is allowed here (the schema is false)"
        }
    }

    static func type(expected: [String], found: JSONValue) -> String {
        "expected \(Wording.list(expected.map(Wording.withArticle))), found \(Wording.typeOf(found))"
    }

    static func enumeration(_ value: JSONValue, options: [JSONValue]) -> String {
        "\(Wording.quote(value)) is not one of \(Wording.abbreviatedList(options.map { Wording.quote($0, limit: 40) }))"
    }

    static func constant(expected: JSONValue, found: JSONValue) -> String {
        "expected \(Wording.quote(expected)), found \(Wording.quote(found))"
    }

    static func didYouMean(_ candidate: String) -> String {
        "did you mean \(Wording.quote(candidate))?"
    }

    static func multipleOf(_ value: JSONValue, divisor: SchemaNumber) -> String {
        "\(Wording.quote(value)) is not a multiple of \(divisor)"
    }

    static func bound(_ bound: NumericBound, found: SchemaNumber) -> String {
        switch bound.kind {
        case .minimum: "\(found) is less than the minimum of \(bound.limit)"
        case .exclusiveMinimum: "\(found) is not greater than the exclusive minimum of \(bound.limit)"
        case .maximum: "\(found) is greater than the maximum of \(bound.limit)"
        case .exclusiveMaximum: "\(found) is not less than the exclusive maximum of \(bound.limit)"
        }
    }

    static func length(atLeast: Bool, limit: Int, found: Int) -> String {
        "expected \(atLeast ? "at least" : "at most") \(Wording.count(limit, "character", "characters")), found \(found)"
    }

    static func pattern(_ text: String, pattern: String) -> String {
        "\(Wording.quote(text)) does not match the pattern \(pattern)"
    }

    static func propertyCount(atLeast: Bool, limit: Int, found: Int) -> String {
        "expected \(atLeast ? "at least" : "at most") \(Wording.count(limit, "property", "properties")), found \(found)"
    }

    static func required(_ name: String) -> String {
        "missing required property \(Wording.quote(name))"
    }

    static func presentAs(_ name: String, misspelt: String) -> String {
        "there is a property \(Wording.quote(misspelt)); did you mean \(Wording.quote(name))?"
    }

    static func dependentRequired(_ name: String, because property: String) -> String {
        "missing property \(Wording.quote(name)), which is required when \(Wording.quote(property)) is present"
    }

    static func becausePresent(_ property: String) -> String {
        "applies because property \(Wording.quote(property)) is present (dependentSchemas)"
    }

    static func forbiddenProperty(_ name: String, allowed: [String], patterns: [String]) -> String {
        var permitted = allowed
        permitted += patterns.map { "names matching \($0)" }
        guard !permitted.isEmpty else { return "property \(Wording.quote(name)) is not allowed here (no properties are allowed)" }
        return "property \(Wording.quote(name)) is not allowed here (allowed: \(Wording.abbreviatedList(permitted)))"
    }

    static func propertyNameForbidden(_ name: String) -> String {
        "property \(Wording.quote(name)) is not allowed here (no property names are allowed)"
    }

    /// A violation of the `propertyNames` schema, which is applied to the name as a string.
    static func propertyName(_ name: String, _ message: String) -> String {
        "property name \(Wording.quote(name)): \(message)"
    }

    static func itemCount(atLeast: Bool, limit: Int, found: Int) -> String {
        "expected \(atLeast ? "at least" : "at most") \(Wording.count(limit, "item", "items")), found \(found)"
    }

    static func duplicateItem(_ index: Int, sameAs first: Int) -> String {
        "item \(index) is equal to item \(first); items must be unique"
    }

    static func contains(atLeast: Bool, limit: Int, found: Int) -> String {
        if atLeast, limit == 1 { return "no item matches the \"contains\" schema" }
        let bound = atLeast ? "at least" : "at most"
        return "expected \(bound) \(Wording.count(limit, "item", "items")) matching the \"contains\" schema, found \(found)"
    }

    static func additionalItem(_ index: Int, allowed: Int) -> String {
        "item \(index) is not allowed here (at most \(Wording.count(allowed, "item", "items")))"
    }

    static func unevaluatedItem(_ index: Int) -> String {
        "item \(index) is not allowed here (no schema describes it)"
    }

    static func oneOfMultiple(_ numbers: [Int], of count: Int) -> String {
        "matches alternatives \(Wording.list(numbers.map(String.init), conjunction: "and")) of the \(count) in oneOf; exactly one must match"
    }

    static let oneOfMultipleHint = "make the alternatives exclusive, for example with a \"const\" on a distinguishing property"

    static func closestAlternative(_ keyword: String, number: Int, of count: Int, title: String?) -> String {
        let name = title.map { " (\(Wording.quote($0)))" } ?? ""
        return "no alternative of \(keyword) matched; closest is alternative \(number) of \(count)\(name)"
    }

    static func noAlternative(_ keyword: String) -> String {
        "no alternative of \(keyword) matched"
    }

    /// A member of an object that is none of the members which pick an alternative.
    static func unknownSelector(_ name: String, keyword: String) -> String {
        "\(Wording.quote(name)) is not a property that picks an alternative of \(keyword)"
    }

    static func selectors(_ names: [String]) -> String {
        "the alternatives are picked by " + Wording.list(names.map(Wording.quote))
    }

    static func noAlternativeValue(_ keyword: String) -> String {
        "no alternative of \(keyword) matched; each allows other values here"
    }

    static func not(title: String?) -> String {
        "the value must not match the \"not\" schema" + (title.map { " (\(Wording.quote($0)))" } ?? "")
    }

    static func conditional(matched: Bool) -> String {
        matched ? "applies because the \"if\" schema matched" : "applies because the \"if\" schema did not match"
    }
}
