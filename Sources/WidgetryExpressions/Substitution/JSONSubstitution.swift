public import WidgetryJSON

/// How ``StringSubstitution/substituteJSON(_:source:mode:)`` substitutes `$keyPath` in JSON.
public enum JSONSubstitutionMode: Sendable, Equatable {
    /// What the upstream runtime does (FORMAT.md#service.request): the JSON is written as text,
    /// `$keyPath` is substituted in that text with values inserted raw, and the text is parsed
    /// again. Keys are substituted too, and every inserted value ends up as (part of) a string.
    /// A value containing `"`, `\` or a control character breaks the text; the unsubstituted JSON
    /// is then used instead, which the result reports (FORMAT.md#differences.behaviour).
    case upstream
    /// The runtime's default: substitution inside each string value of the tree, so any value
    /// works; keys and non-string values are left alone. A string that is exactly one match and
    /// nothing else (`"$user.id"`) takes the JSON form of the value it names: numbers stay
    /// numbers, booleans booleans, null becomes JSON null, arrays, sets and dictionaries become
    /// JSON arrays and objects (dates nested inside them as ISO 8601 strings). A whole-string
    /// match on a date, data or an object becomes the same text upstream would insert (its
    /// description, e.g. `2018-06-20 18:00:00 +0000`). Any other string gets text substitution.
    case fixed
}

/// The JSON after substitution, and whether it had to fall back to the unsubstituted JSON.
public struct JSONSubstitutionResult: Sendable, Equatable {
    /// The substituted JSON, or the input unchanged when ``fellBack``.
    public var json: JSONValue
    /// Why the substituted text did not parse, in ``JSONSubstitutionMode/upstream`` mode; nil
    /// when substitution succeeded. Its location refers to the substituted text.
    public var fallbackReason: JSONParseError?

    public init(json: JSONValue, fallbackReason: JSONParseError? = nil) {
        self.json = json
        self.fallbackReason = fallbackReason
    }

    /// True when the substituted text was not valid JSON and ``json`` is the input unchanged,
    /// which callers should report: the request goes out with `$…` placeholders in it.
    public var fellBack: Bool { fallbackReason != nil }
}

extension StringSubstitution {
    /// `json` with ``keyPath`` substitution from `source`, as `mode` describes.
    ///
    /// Values the substitution does not touch keep their source locations in
    /// ``JSONSubstitutionMode/fixed`` mode; in ``JSONSubstitutionMode/upstream`` mode a changed
    /// tree is a fresh parse of the substituted text, so its locations refer to that text.
    /// Throws the ``EvaluationError`` of a key path that cannot be read.
    public static func substituteJSON(
        _ json: JSONValue, source: Value, mode: JSONSubstitutionMode = .fixed
    ) throws(EvaluationError) -> JSONSubstitutionResult {
        switch mode {
        case .upstream: try substituteJSONText(json, source: source)
        case .fixed: JSONSubstitutionResult(json: try substituteStringValues(json, source: source))
        }
    }

    private static func substituteJSONText(_ json: JSONValue, source: Value) throws(EvaluationError) -> JSONSubstitutionResult {
        let text = json.serialized()
        let substituted = try StringSubstitution.keyPath.substitute(in: text, source: source)
        guard !substituted.unicodeScalars.elementsEqual(text.unicodeScalars) else { return JSONSubstitutionResult(json: json) }
        do {
            // Foundation's parser, which upstream used, keeps the last of repeated keys.
            let document = try JSONParser.parse(substituted, options: JSONParserOptions(duplicateKeys: .keepLast))
            return JSONSubstitutionResult(json: document.root)
        } catch {
            return JSONSubstitutionResult(json: json, fallbackReason: error)
        }
    }

    private static func substituteStringValues(_ json: JSONValue, source: Value) throws(EvaluationError) -> JSONValue {
        var result = json
        switch json.kind {
        case .null, .bool, .integer, .double:
            return json
        case .string(let text):
            result.kind = try substituteStringValue(text, source: source)
        case .array(let elements):
            var substituted: [JSONValue] = []
            substituted.reserveCapacity(elements.count)
            for element in elements {
                substituted.append(try substituteStringValues(element, source: source))
            }
            result.kind = .array(substituted)
        case .object(let object):
            var substituted = object
            for member in object {
                substituted[member.key] = try substituteStringValues(member.value, source: source)
            }
            result.kind = .object(substituted)
        }
        return result
    }

    private static func substituteStringValue(_ text: String, source: Value) throws(EvaluationError) -> JSONValue.Kind {
        let matches = StringSubstitution.keyPath.matches(in: text)
        guard matches.count == 1, let only = matches.first,
            only.range == text.unicodeScalars.startIndex..<text.unicodeScalars.endIndex
        else {
            return .string(try StringSubstitution.keyPath.substitute(in: text, source: source))
        }
        let value = try source.value(forKeyPath: only.keyPath)
        switch value {
        case .date, .data, .object: return .string(value.description)
        default: return value.jsonValue().kind
        }
    }
}
