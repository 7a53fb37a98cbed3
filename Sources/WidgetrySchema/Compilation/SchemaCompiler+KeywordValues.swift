import WidgetryRegex
import WidgetryJSON

/// Reading keyword values: each reader checks the value's shape and throws a located
/// ``SchemaError`` that says what the keyword takes.
extension SchemaCompiler {
    /// The node of the subschema at `pointer` in the current document.
    mutating func subschema(_ value: JSONValue, at pointer: JSONPointer, _ context: KeywordContext) throws(SchemaError) -> NodeID {
        guard value.boolValue != nil || value.objectValue != nil else {
            throw context.document.error(
                .notASchema, "expected a schema (an object or a boolean), found \(Wording.withArticle(value.typeName))", at: pointer)
        }
        return reserve(SchemaLocation(document: context.documentIndex, pointer: pointer))
    }

    /// The subschemas of a keyword whose value maps names to schemas, in written order.
    mutating func subschemaMap(_ value: JSONValue, keyword: String, _ context: KeywordContext) throws(SchemaError) -> [(name: String, node: NodeID)] {
        var result: [(name: String, node: NodeID)] = []
        for member in try object(value, keyword: keyword, context) {
            let pointer = context.pointer.appending(key: keyword).appending(key: member.key)
            result.append((member.key, try subschema(member.value, at: pointer, context)))
        }
        return result
    }

    /// The subschemas of a keyword whose value is an array of schemas.
    mutating func subschemaArray(_ value: JSONValue, keyword: String, _ context: KeywordContext) throws(SchemaError) -> [NodeID] {
        guard let elements = value.arrayValue else { throw context.mismatch(keyword, expected: "an array of schemas", found: value) }
        var nodes: [NodeID] = []
        for (index, element) in elements.enumerated() {
            nodes.append(try subschema(element, at: context.pointer.appending(key: keyword).appending(index: index), context))
        }
        return nodes
    }

    func typeSet(_ value: JSONValue, _ context: KeywordContext) throws(SchemaError) -> JSONTypeSet {
        var set: JSONTypeSet = []
        for name in value.arrayValue ?? [value] {
            guard let text = name.stringValue else { throw context.mismatch("type", expected: "a type name or an array of them", found: name) }
            guard let type = JSONTypeSet(name: text) else {
                let known = JSONTypeSet.named.map(\.name)
                throw context.error(.invalidKeyword, "\(Wording.quote(text)) is not a type; the types are \(known.joined(separator: ", "))",
                                    keyword: "type", hint: Suggestion.closest(to: text, among: known).map(ViolationMessage.didYouMean))
            }
            set.insert(type)
        }
        return set
    }

    func number(_ value: JSONValue, keyword: String, _ context: KeywordContext) throws(SchemaError) -> SchemaNumber {
        guard let number = SchemaNumber(value) else { throw context.mismatch(keyword, expected: "a number", found: value) }
        return number
    }

    /// A count: a non-negative integer (`2.0` counts as `2`).
    func count(_ value: JSONValue, keyword: String, _ context: KeywordContext) throws(SchemaError) -> Int {
        guard let integer = value.integerValue, integer >= 0, let count = Int(exactly: integer) else {
            throw context.mismatch(keyword, expected: "a non-negative integer", found: value)
        }
        return count
    }

    func object(_ value: JSONValue, keyword: String, _ context: KeywordContext) throws(SchemaError) -> JSONObject {
        guard let object = value.objectValue else { throw context.mismatch(keyword, expected: "an object", found: value) }
        return object
    }

    /// An array of property names, as `required` and `dependentRequired` list them.
    func propertyNames(_ value: JSONValue, keyword: String, _ context: KeywordContext) throws(SchemaError) -> [String] {
        guard let elements = value.arrayValue else { throw context.mismatch(keyword, expected: "an array of property names", found: value) }
        var names: [String] = []
        for element in elements {
            guard let name = element.stringValue else { throw context.mismatch(keyword, expected: "an array of property names", found: element) }
            names.append(name)
        }
        return names
    }

    /// A compiled `pattern` or `patternProperties` key; `pointer` places a syntax error.
    func pattern(_ source: String, at pointer: JSONPointer, _ context: KeywordContext) throws(SchemaError) -> SchemaPattern {
        do {
            return try SchemaPattern(source)
        } catch {
            throw context.document.error(
                .invalidPattern, "invalid regular expression \(Wording.quote(source)): \(error.message) at offset \(error.offset)",
                at: pointer, hint: "patterns are ECMA-262 regular expressions")
        }
    }
}
