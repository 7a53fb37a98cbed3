import WidgetryJSON

extension SchemaCompiler {
    /// Where a `$ref` or `$dynamicRef` points: its URI reference resolved against the schema's
    /// base URI, then looked up as a resource plus an optional JSON Pointer or anchor fragment.
    func resolveReference(_ value: JSONValue, keyword: String, _ context: KeywordContext) throws(SchemaError) -> SchemaLocation {
        guard let text = value.stringValue else { throw context.mismatch(keyword, expected: "a URI reference", found: value) }
        let target = URIReference(parsing: text).resolved(against: context.baseURI)
        if let location = registry.location(of: target) { return location }
        let resourceURI = target.withoutFragment.normalized.description
        let hint: String
        if registry.contains(resourceURI) {
            let fragment = target.fragment ?? ""
            hint = fragment.hasPrefix("/")
                ? "\(resourceURI) has no value at the JSON Pointer \(fragment.percentDecoded ?? fragment)"
                : "\(resourceURI) declares no anchor \"\(fragment.percentDecoded ?? fragment)\""
        } else {
            hint = "no registered schema has the URI \(resourceURI); register the document that declares it"
        }
        throw context.error(.unresolvedReference, "cannot resolve \"\(keyword)\": \"\(text)\" (resolved to \(target))",
                            keyword: keyword, hint: hint)
    }

    /// A `$dynamicRef` resolves like a `$ref` at first. Only when its fragment is a plain name
    /// and the schema it first lands on declares a `$dynamicAnchor` of that name does the
    /// dynamic scope decide the final target, at evaluation time (2020-12 section 8.2.3.2).
    mutating func dynamicReference(_ value: JSONValue, _ context: KeywordContext) throws(SchemaError) -> DynamicReferenceRule {
        let location = try resolveReference(value, keyword: "$dynamicRef", context)
        let initial = reserve(location)
        applyInPlace(initial, from: context.node)
        var rule = DynamicReferenceRule(initial: initial, anchor: nil)
        if let text = value.stringValue, let fragment = URIReference(parsing: text).fragment?.percentDecoded,
            !fragment.isEmpty, !fragment.hasPrefix("/"),
            registry.documents[location.document].root.value(at: location.pointer)?["$dynamicAnchor"]?.stringValue == fragment
        {
            rule.anchor = fragment
        }
        return rule
    }
}
