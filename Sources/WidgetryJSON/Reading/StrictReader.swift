/// The codes a ``StrictReader`` reports its own problems in: each domain that reads JSON a
/// person wrote (screens, services, models, scenarios, configuration) names its three.
public protocol StrictReaderCodes: DomainCode {
    /// A key the object does not accept.
    static var unknownKey: Self { get }
    /// A value of the wrong JSON type.
    static var wrongType: Self { get }
    /// A key the object needs.
    static var missingKey: Self { get }
    /// A number of the right type outside the range the key takes (``NumericPolicy``).
    static var numberOutOfRange: Self { get }
}

extension StrictReaderCodes {
    /// Domains without a code of their own report a number out of range as a wrong type.
    public static var numberOutOfRange: Self { wrongType }
}

/// Reads JSON a person wrote into typed values, strictly and without stopping at the first
/// problem: every reader of the project (screens, services, models, scenarios, lint
/// configuration) reads through this one, so each gets the same typed getters, the same check
/// of allowed keys with the same did-you-mean, and the same messages.
///
/// Getters return nil after recording a problem; ``problems`` lists them all, in file order.
public struct StrictReader<Code: StrictReaderCodes>: Sendable {
    /// The file the JSON came from, as problems name it.
    public let file: String
    /// Keys starting with this are comments, left out of every object read (nil: none are).
    public let commentPrefix: String?
    private var found: [Problem<Code>] = []

    public init(file: String, commentPrefix: String? = nil) {
        self.file = file
        self.commentPrefix = commentPrefix
    }

    /// The problems found so far, by their place in the file (those without a place last),
    /// in the order they were found at one place.
    public var problems: [Problem<Code>] {
        found.enumerated().sorted { lhs, rhs in
            let left = lhs.element.location?.offset ?? .max, right = rhs.element.location?.offset ?? .max
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Whether any problem was found.
    public var hasProblems: Bool { !found.isEmpty }

    /// Records a problem at `value`.
    public mutating func report(_ code: Code, _ message: String, at value: JSONValue, hint: String? = nil) {
        found.append(Problem(code, message, file: file, at: value, hint: hint))
    }

    /// Records a problem that is already placed.
    public mutating func report(_ problem: Problem<Code>) {
        found.append(problem)
    }

    // MARK: Objects

    /// The members of `json` without comments, when it is an object (else a problem saying
    /// `expected`). With `allowed`, every other key is reported (at the key, as a key of `what`)
    /// with `unknownKeyHint`'s hint, or a did-you-mean among the allowed keys, and the fix-it to
    /// the one allowed key it surely means when there is one; nil accepts any key.
    public mutating func object(_ json: JSONValue, allowed: Set<String>? = nil, what: String, expected: String = "an object",
                                unknownKeyHint: ((String) -> String?)? = nil) -> JSONObject? {
        guard case .object(let object) = json.kind else { return wrongType(json, expected: expected) }
        var kept: [JSONObject.Member] = []
        kept.reserveCapacity(object.count)
        for member in object {
            if let commentPrefix, member.key.hasPrefix(commentPrefix) { continue }
            if let allowed, !allowed.contains(member.key) {
                let keyPlace = JSONValue(member.value.kind, location: member.keyLocation ?? member.value.location, pointer: member.value.pointer)
                let keys = allowed.sorted()
                let ownHint = unknownKeyHint?(member.key)
                let problem = Problem(Code.unknownKey, "\(what) has unknown key \"\(member.key)\"", file: file, at: keyPlace,
                                      hint: ownHint ?? Suggestion.hint(for: member.key, among: keys))
                // A domain's own hint that says something else (where the key belongs) is not a misspelling.
                report(ownHint == nil || ownHint == Suggestion.didYouMean(member.key, among: keys) ? problem.renaming(member.key, among: keys) : problem)
                continue
            }
            kept.append(member)
        }
        return kept.count == object.count ? object : JSONObject(uniqueMembers: kept, index: nil)
    }

    /// The value at `key` of `object`, reporting a missing one at `json` (the object's value).
    public mutating func required(_ key: String, of object: JSONObject, in json: JSONValue, what: String, hint: String? = nil) -> JSONValue? {
        guard let value = object[key] else {
            report(.missingKey, "\(what) needs \"\(key)\"", at: json, hint: hint)
            return nil
        }
        return value
    }

    // MARK: Values

    /// The string `json` holds; nil (after a problem) for any other type, nil for no value.
    public mutating func string(_ json: JSONValue?) -> String? {
        guard let json else { return nil }
        guard let text = json.stringValue else { return wrongType(json, expected: "a string") }
        return text
    }

    /// The boolean `json` holds.
    public mutating func bool(_ json: JSONValue?) -> Bool? {
        guard let json else { return nil }
        guard let flag = json.boolValue else { return wrongType(json, expected: "true or false") }
        return flag
    }

    /// The number `json` holds, finite.
    public mutating func number(_ json: JSONValue?, expected: String = "a number") -> Double? {
        guard let json else { return nil }
        guard let number = json.doubleValue, number.isFinite else { return wrongType(json, expected: expected) }
        return number
    }

    /// The span of seconds `json` holds, as ``NumericPolicy/isTimeSpan(_:)`` accepts it: a
    /// number out of that range is reported with the domain's `numberOutOfRange` code.
    public mutating func timeSpan(_ json: JSONValue?, expected: String = "a number of seconds") -> Double? {
        guard let json, let number = number(json, expected: expected) else { return nil }
        guard NumericPolicy.isTimeSpan(number) else {
            report(.numberOutOfRange, "\(Self.name(of: json)) must be \(NumericPolicy.timeSpanWords), found \(json)", at: json)
            return nil
        }
        return number
    }

    /// The integer `json` holds (a whole number written with a fraction counts).
    public mutating func integer(_ json: JSONValue?, expected: String = "an integer") -> Int64? {
        guard let json else { return nil }
        guard let number = json.integerValue else { return wrongType(json, expected: expected) }
        return number
    }

    /// The items of the array `json` holds.
    public mutating func array(_ json: JSONValue?, expected: String = "an array") -> [JSONValue]? {
        guard let json else { return nil }
        guard let items = json.arrayValue else { return wrongType(json, expected: expected) }
        return items
    }

    /// The strings of an array of strings, reporting each item that is not one.
    public mutating func strings(_ json: JSONValue?, expected: String = "an array of strings") -> [String]? {
        guard let items = array(json, expected: expected) else { return nil }
        let texts = items.compactMap { string($0) }
        return texts.count == items.count ? texts : nil
    }

    /// The case of `Choice` that the string `json` names, reporting another string with the
    /// nearest name as a hint.
    public mutating func choice<Choice: RawRepresentable & CaseIterable>(_ json: JSONValue?, _: Choice.Type, what: String,
                                                                         invalid: Code) -> Choice? where Choice.RawValue == String {
        guard let json, let text = string(json) else { return nil }
        if let value = Choice(rawValue: text) { return value }
        let names = Choice.allCases.map(\.rawValue)
        let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
        report(Problem(invalid, "\(what) \"\(text)\" is not one of \(list)", file: file, at: json,
                       hint: Suggestion.didYouMean(text, among: names) ?? "write one of \(list)").renaming(text, among: names))
        return nil
    }

    /// Records that `json` is not of the type expected (`"title" must be a string, found number`).
    public mutating func wrongType<T>(_ json: JSONValue, expected: String) -> T? {
        report(.wrongType, "\(Self.name(of: json)) must be \(expected), found \(json.typeName)", at: json)
        return nil
    }

    /// How messages name a value: its key in quotes, `item N` in an array, or `the file`.
    public static func name(of json: JSONValue) -> String {
        switch json.pointer.lastToken {
        case .key(let key): "\"\(key)\""
        case .index(let index): "item \(index)"
        case nil: "the file"
        }
    }
}
