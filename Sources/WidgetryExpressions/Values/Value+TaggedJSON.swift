public import WidgetryJSON

extension Value {
    /// The tags of the tagged JSON form: a one-key object `{"$date": "ISO 8601"}` is a date and
    /// `{"$set": [...]}` a set (the form `widgetry eval --data`, `--var`, `--arg` and the
    /// predicate corpus use, since JSON has neither).
    public static let jsonTags: Set<String> = ["$date", "$set"]

    /// The value of a JSON document in the tagged form. A tag that does not hold what it names
    /// (`{"$date": "garbage"}`, `{"$set": 3}`) or that shares its object with other keys is an
    /// error at the value in `file`, never a dictionary that merely looks like one.
    public init(taggedJSON json: JSONValue, file: String = "") throws(TaggedValueError) {
        switch json.kind {
        case .array(let elements):
            var values: [Value] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(try Value(taggedJSON: element, file: file)) }
            self = .array(values)
        case .object(let object):
            if let tag = object.keys.first(where: Value.jsonTags.contains) {
                guard object.count == 1, let member = object.member(tag) else {
                    throw TaggedValueError(.extraKeys, "\(tag) must be the only key of its object; this one also has "
                                           + object.keys.filter { $0 != tag }.map { "\"\($0)\"" }.joined(separator: ", "),
                                           file: file, location: json.location, pointer: json.pointer,
                                           hint: "write {\"\(tag)\": …} alone, or rename the key if the object is plain data")
                }
                self = try Value.tagged(tag, member.value, file: file)
                return
            }
            var dictionary = ValueDictionary(minimumCapacity: object.count)
            for member in object { dictionary[member.key] = try Value(taggedJSON: member.value, file: file) }
            self = .dictionary(dictionary)
        default:
            self = Value(json: json)
        }
    }

    private static func tagged(_ tag: String, _ value: JSONValue, file: String) throws(TaggedValueError) -> Value {
        func fail(_ code: TaggedValueErrorCode, _ message: String, hint: String) -> TaggedValueError {
            TaggedValueError(code, message, file: file, location: value.location, pointer: value.pointer, hint: hint)
        }
        switch tag {
        case "$date":
            guard let text = value.stringValue else {
                throw fail(.invalidDate, "$date takes an ISO 8601 string, not \(value.typeName) \(value.serialized())", hint: "for example {\"$date\": \"2018-06-20T18:00:00Z\"}")
            }
            guard let date = ISO8601.date(from: text) else {
                throw fail(.invalidDate, "\"\(text)\" is not an ISO 8601 date", hint: "for example {\"$date\": \"2018-06-20T18:00:00Z\"}")
            }
            return .date(date)
        default:
            guard case .array(let elements) = value.kind else {
                throw fail(.invalidSet, "$set takes an array, not \(value.typeName) \(value.serialized())", hint: "for example {\"$set\": [1, 2]}")
            }
            var members: [Value] = []
            for element in elements { members.append(try Value(taggedJSON: element, file: file)) }
            return .makeSet(members)
        }
    }
}

/// A tagged JSON value (``Value/init(taggedJSON:)``) that does not hold what its tag names.
public typealias TaggedValueError = Problem<TaggedValueErrorCode>

/// The codes of ``TaggedValueError``.
public enum TaggedValueErrorCode: String, DomainCode, CaseIterable {
    /// `$date` without an ISO 8601 string.
    case invalidDate = "value.invalid-date"
    /// `$set` without an array.
    case invalidSet = "value.invalid-set"
    /// A tag that shares its object with other keys.
    case extraKeys = "value.tag-with-other-keys"
}
