/// Reading keys and key paths from values, as key-value coding does.
///
/// A missing key, or a step through null, reads as null. A key on an array or a set maps over
/// the elements (`people.name` is the array of names; `tags.count` is each tag's `count`, as
/// NSArray's `valueForKey:` does: `tags.@count` is the count). `self` is the value itself.
/// Strings, numbers and dates answer `description` and the keys NSString, NSNumber and NSDate
/// answer through their methods: `length` (in UTF-16 units), `uppercaseString`, `intValue`,
/// `stringValue`, `timeIntervalSince1970`, … (the zero-argument selectors of the allow-list).
/// Collection operators (`@count`, `@sum.price`, …) take the collection on their left and the
/// rest of the path as their argument.
extension Value {
    /// The value at one key.
    public func value(forKey key: String) -> Value {
        value(forKey: DictionaryKey(key))
    }

    /// The value at one key prepared for repeated lookups.
    public func value(forKey dictionaryKey: DictionaryKey) -> Value {
        let key = dictionaryKey.string
        switch self {
        case .dictionary(let dictionary):
            if let value = dictionary[dictionaryKey] { return value }
            return key == "self" ? self : .null
        case .object(let object):
            return key == "self" ? self : object.value(forKey: key)
        case .array(let elements):
            if key == "self" { return self }
            return .array(elements.map { $0.value(forKey: dictionaryKey) })
        case .set(let elements):
            if key == "self" { return self }
            return .makeSet(elements.lazy.map { $0.value(forKey: dictionaryKey) }.filter { !$0.isNull })
        case .string(let string):
            if key == "length" { return .int(Int64(string.utf16.count)) }
            return key == "self" || key == "description" ? self : answer(key)
        case .int, .double, .bool, .date:
            if key == "self" { return self }
            return key == "description" ? .string(description) : answer(key)
        case .null:
            return .null
        default:
            return key == "self" ? self : .null
        }
    }

    /// What a string, number or date answers for a key naming one of its zero-argument
    /// selectors (`length`, `intValue`, `uppercaseString`, `timeIntervalSince1970`, …), as
    /// `valueForKey:` calls the method of that name; null for any other key.
    private func answer(_ key: String) -> Value {
        guard let selector = FoundationSelectors.keys[key] else { return .null }
        return (try? selector.call(key, receiver: self, arguments: [])) ?? .null
    }

    /// The value at a dotted key path such as `author.name` or `items.@sum.price`.
    public func value(forKeyPath keyPath: String) throws(EvaluationError) -> Value {
        try KeyPathProgram(keyPath).evaluate(on: self)
    }
}

/// A key path split once into its plain keys and an optional collection operator that takes the
/// rest of the path as its argument (`items.@sum.price`), for reading the same path from many
/// values: ``evaluate(on:)`` is ``Value/value(forKeyPath:)`` without the splitting.
public final class KeyPathProgram: Sendable {
    /// Keys read one after the other before the operator, if any.
    let keys: [DictionaryKey]
    /// The collection operator after `keys`, with the key path after it.
    let collectionOperator: (operator: CollectionOperator, argument: KeyPathProgram)?

    /// The program of a dotted key path such as `author.name` or `items.@sum.price`.
    public convenience init(_ keyPath: String) {
        self.init(keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
    }

    convenience init(_ components: [String]) {
        self.init(components[...])
    }

    /// The program of `components`, sharing their storage: an operator's argument is the rest of
    /// the slice, not a copy of it.
    init(_ components: ArraySlice<String>) {
        var keys: [DictionaryKey] = []
        var collectionOperator: (CollectionOperator, KeyPathProgram)?
        for position in components.indices {
            let component = components[position]
            if component.utf8.first == UInt8(ascii: "@"), let op = CollectionOperator(rawValue: String(component.dropFirst())) {
                collectionOperator = (op, KeyPathProgram(components[(position + 1)...]))
                break
            }
            keys.append(DictionaryKey(component))
        }
        self.keys = keys
        self.collectionOperator = collectionOperator
    }

    /// The value at the path in `root`. Throws only where a collection operator cannot apply:
    /// to what is not a collection, or to values that do not add up, order or flatten.
    public func evaluate(on root: Value) throws(EvaluationError) -> Value {
        var value = root
        for key in keys { value = value.value(forKey: key) }
        guard let (op, argument) = collectionOperator else { return value }
        return try CollectionOperators.apply(op, to: value, argument: argument)
    }
}

/// `@count`, `@sum`, `@avg`, `@min`, `@max` and the union operators.
enum CollectionOperators {
    static func apply(_ op: CollectionOperator, to collection: Value, argument: KeyPathProgram) throws(EvaluationError) -> Value {
        let elements: [Value]
        switch collection {
        case .null: return .null
        case .array(let values), .set(let values): elements = values
        case .dictionary(let dictionary): elements = Array(dictionary.values)
        default:
            throw .typeMismatch("@\(op.rawValue) needs a collection, not a \(collection.typeName)")
        }
        if op == .count { return .int(Int64(elements.count)) }
        var values: [Value] = []
        values.reserveCapacity(elements.count)
        for element in elements {
            let value = try argument.evaluate(on: element)
            if !value.isNull { values.append(value) }
        }
        switch op {
        case .count: return .int(Int64(elements.count))
        case .sum: return try Arithmetic.sum(values, operation: "@sum")
        case .avg:
            guard !values.isEmpty else { return .int(0) }
            guard let total = try Arithmetic.sum(values, operation: "@avg").doubleValue else { return .null }
            return .double(total / Double(values.count))
        case .min: return try Ordering.extreme(values, wantMaximum: false, operation: "@min")
        case .max: return try Ordering.extreme(values, wantMaximum: true, operation: "@max")
        case .distinctUnionOfObjects: return .array(Value.distinct(values))
        case .unionOfObjects: return .array(values)
        case .distinctUnionOfArrays, .unionOfArrays:
            var flattened: [Value] = []
            for value in values {
                guard let inner = value.elements else {
                    throw .typeMismatch("@\(op.rawValue) needs collections at its key path, found a \(value.typeName)")
                }
                flattened += inner.filter { !$0.isNull }
            }
            return .array(op == .unionOfArrays ? flattened : Value.distinct(flattened))
        }
    }
}
