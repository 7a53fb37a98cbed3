import WidgetryJSON

extension SchemaCompiler {
    /// The rules of an object schema's keywords, in the order they are written, except that
    /// `unevaluatedItems` and `unevaluatedProperties` come last: they depend on what every other
    /// keyword evaluated. Keywords of vocabularies not in use, unknown keywords and keywords
    /// that only annotate are left out; keywords that work in pairs (`if` with `then` and
    /// `else`, `contains` with `minContains` and `maxContains`) compile to one rule.
    mutating func compileKeywords(_ context: KeywordContext) throws(SchemaError) -> [KeywordEntry] {
        var entries: [KeywordEntry] = []
        var unevaluated: [KeywordEntry] = []
        for member in context.object where context.vocabularies.applies(member.key) {
            let keyword = member.key
            var rule = try referenceRule(keyword, member.value, context)
            if rule == nil { rule = try assertionRule(keyword, member.value, context) }
            if rule == nil { rule = try applicatorRule(keyword, member.value, context) }
            guard let rule else { continue }
            switch rule {
            case .unevaluatedItems, .unevaluatedProperties: unevaluated.append(KeywordEntry(name: keyword, rule: rule))
            default: entries.append(KeywordEntry(name: keyword, rule: rule))
            }
        }
        return entries + unevaluated
    }

    // MARK: - Core

    private mutating func referenceRule(_ keyword: String, _ value: JSONValue, _ context: KeywordContext) throws(SchemaError) -> KeywordRule? {
        switch keyword {
        case "$ref":
            let target = reserve(try resolveReference(value, keyword: keyword, context))
            applyInPlace(target, from: context.node)
            return .reference(target)
        case "$dynamicRef":
            return .dynamicReference(try dynamicReference(value, context))
        default:
            return nil
        }
    }

    // MARK: - Validation

    /// The rules of the validation vocabulary, which check the value itself.
    private func assertionRule(_ keyword: String, _ value: JSONValue, _ context: KeywordContext) throws(SchemaError) -> KeywordRule? {
        switch keyword {
        case "type": return .type(try typeSet(value, context))
        case "enum":
            guard let options = value.arrayValue else { throw context.mismatch(keyword, expected: "an array of values", found: value) }
            return .enumeration(options)
        case "const": return .constant(value)
        case "multipleOf":
            let divisor = try number(value, keyword: keyword, context)
            let decimal: DecimalNumber? = switch divisor {
            case .integer(let integer): integer > 0 ? DecimalNumber(integer) : nil
            case .double(let double): double > 0 ? DecimalNumber(double) : nil
            }
            guard let decimal else { throw context.mismatch(keyword, expected: "greater than 0", found: value) }
            return .multipleOf(decimal, written: divisor)
        case "minimum": return .bound(NumericBound(kind: .minimum, limit: try number(value, keyword: keyword, context)))
        case "exclusiveMinimum": return .bound(NumericBound(kind: .exclusiveMinimum, limit: try number(value, keyword: keyword, context)))
        case "maximum": return .bound(NumericBound(kind: .maximum, limit: try number(value, keyword: keyword, context)))
        case "exclusiveMaximum": return .bound(NumericBound(kind: .exclusiveMaximum, limit: try number(value, keyword: keyword, context)))
        case "minLength": return .minLength(try count(value, keyword: keyword, context))
        case "maxLength": return .maxLength(try count(value, keyword: keyword, context))
        case "pattern":
            guard let source = value.stringValue else { throw context.mismatch(keyword, expected: "a string", found: value) }
            return .pattern(try pattern(source, at: context.pointer.appending(key: keyword), context))
        case "minItems": return .minItems(try count(value, keyword: keyword, context))
        case "maxItems": return .maxItems(try count(value, keyword: keyword, context))
        case "uniqueItems":
            guard let flag = value.boolValue else { throw context.mismatch(keyword, expected: "true or false", found: value) }
            return flag ? .uniqueItems : nil
        case "minProperties": return .minProperties(try count(value, keyword: keyword, context))
        case "maxProperties": return .maxProperties(try count(value, keyword: keyword, context))
        case "required": return .required(try propertyNames(value, keyword: keyword, context))
        case "dependentRequired":
            var dependencies: [(property: String, required: [String])] = []
            for member in try object(value, keyword: keyword, context) {
                dependencies.append((member.key, try propertyNames(member.value, keyword: keyword, context)))
            }
            return .dependentRequired(dependencies)
        default:
            return nil
        }
    }

    // MARK: - Applicators

    /// The rules of the applicator and unevaluated vocabularies, which apply subschemas.
    private mutating func applicatorRule(_ keyword: String, _ value: JSONValue, _ context: KeywordContext) throws(SchemaError) -> KeywordRule? {
        let pointer = context.pointer.appending(key: keyword)
        switch keyword {
        case "properties":
            var properties: [String: NodeID] = [:]
            for (name, node) in try subschemaMap(value, keyword: keyword, context) {
                properties[name] = node
            }
            declare(Array(properties.keys), in: context.node)
            return .properties(properties)
        case "patternProperties":
            var rules: [(pattern: SchemaPattern, node: NodeID)] = []
            for (name, node) in try subschemaMap(value, keyword: keyword, context) {
                rules.append((try pattern(name, at: pointer.appending(key: name), context), node))
            }
            return .patternProperties(rules)
        case "additionalProperties": return .additionalProperties(try additionalProperties(value, context))
        case "propertyNames": return .propertyNames(try subschema(value, at: pointer, context))
        case "dependentSchemas":
            let dependents = try subschemaMap(value, keyword: keyword, context)
            for dependent in dependents { applyInPlace(dependent.node, from: context.node) }
            return .dependentSchemas(dependents.map { (property: $0.name, node: $0.node) })
        case "prefixItems": return .prefixItems(try subschemaArray(value, keyword: keyword, context))
        case "items":
            guard value.arrayValue == nil else {
                throw context.error(.invalidKeyword, "\"items\" takes one schema in 2020-12; a list of schemas belongs in \"prefixItems\"",
                                    keyword: keyword, hint: "rename \"items\" to \"prefixItems\", and use \"items\" for the elements after them")
            }
            return .items(try subschema(value, at: pointer, context), prefixCount: context.value("prefixItems")?.arrayValue?.count ?? 0)
        case "contains": return .contains(try containsRule(value, context))
        case "allOf", "anyOf", "oneOf":
            let branches = try subschemaArray(value, keyword: keyword, context)
            guard !branches.isEmpty else { throw context.mismatch(keyword, expected: "a non-empty array of schemas", found: value) }
            for branch in branches { applyInPlace(branch, from: context.node) }
            return keyword == "allOf" ? .allOf(branches) : (keyword == "anyOf" ? .anyOf(branches) : .oneOf(branches))
        case "not": return .not(try subschema(value, at: pointer, context))
        case "if": return .conditional(try conditional(value, context))
        case "unevaluatedItems": return .unevaluatedItems(try subschema(value, at: pointer, context))
        case "unevaluatedProperties":
            return .unevaluatedProperties(UnevaluatedPropertiesRule(node: try subschema(value, at: pointer, context), allowedNames: []))
        default:
            return nil
        }
    }

    private mutating func containsRule(_ value: JSONValue, _ context: KeywordContext) throws(SchemaError) -> ContainsRule {
        var rule = ContainsRule(node: try subschema(value, at: context.pointer.appending(key: "contains"), context), minimum: 1, maximum: nil)
        if let minimum = context.value("minContains") {
            rule.minimum = try count(minimum, keyword: "minContains", context)
        }
        if let maximum = context.value("maxContains") {
            rule.maximum = try count(maximum, keyword: "maxContains", context)
        }
        return rule
    }

    private mutating func additionalProperties(_ value: JSONValue, _ context: KeywordContext) throws(SchemaError) -> AdditionalPropertiesRule {
        let node = try subschema(value, at: context.pointer.appending(key: "additionalProperties"), context)
        let declared = context.value("properties")?.objectValue?.keys ?? []
        var patterns: [SchemaPattern] = []
        for name in context.value("patternProperties")?.objectValue?.keys ?? [] {
            patterns.append(try pattern(name, at: context.pointer.appending(key: "patternProperties").appending(key: name), context))
        }
        return AdditionalPropertiesRule(node: node, declared: Set(declared), patterns: patterns, allowedNames: declared.sorted())
    }

    private mutating func conditional(_ value: JSONValue, _ context: KeywordContext) throws(SchemaError) -> ConditionalRule {
        let condition = try subschema(value, at: context.pointer.appending(key: "if"), context)
        var rule = ConditionalRule(condition: condition, then: nil, otherwise: nil)
        applyInPlace(condition, from: context.node)
        if let value = context.value("then") {
            let then = try subschema(value, at: context.pointer.appending(key: "then"), context)
            applyInPlace(then, from: context.node)
            rule.then = then
        }
        if let value = context.value("else") {
            let otherwise = try subschema(value, at: context.pointer.appending(key: "else"), context)
            applyInPlace(otherwise, from: context.node)
            rule.otherwise = otherwise
        }
        return rule
    }
}
