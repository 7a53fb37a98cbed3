/// `collection[index]`, `[FIRST]`, `[LAST]`, `[SIZE]` and `dictionary['key']`.
///
/// An index out of range (or negative) is ``EvaluationError/Code/indexOutOfRange``, as Apple's
/// `objectAtIndex:` raises NSRangeException; a subscript on null gives null. `[FIRST]` and
/// `[LAST]` of an empty array are null, `[SIZE]` is the element count. A string index reads a
/// dictionary key; other combinations are a type mismatch.
enum Subscripting {
    static func element(of container: Value, index: SubscriptIndex, position: Value?) throws(EvaluationError) -> Value {
        if container.isNull { return .null }
        switch index {
        case .first:
            return try ordered(container, "FIRST").first ?? .null
        case .last:
            return try ordered(container, "LAST").last ?? .null
        case .size:
            if case .dictionary(let dictionary) = container { return .int(Int64(dictionary.count)) }
            return .int(Int64(try ordered(container, "SIZE").count))
        case .expression:
            let position = position ?? .null
            if case .dictionary(let dictionary) = container {
                guard case .string(let key) = position else {
                    throw .typeMismatch("a dictionary subscript needs a string key, not a \(position.typeName)")
                }
                return dictionary[key] ?? .null
            }
            guard case .array(let elements) = container else {
                throw .typeMismatch("cannot subscript a \(container.typeName) with [\(position)]")
            }
            guard position.isNumeric, let offset = position.integerValue else {
                if position.isNull { return .null }
                throw .typeMismatch("an array index must be an integer, not a \(position.typeName)")
            }
            guard offset >= 0, offset < elements.count else {
                throw EvaluationError(.indexOutOfRange, "index \(offset) is beyond the bounds of an array of \(elements.count) element\(elements.count == 1 ? "" : "s")")
            }
            return elements[Int(offset)]
        }
    }

    private static func ordered(_ container: Value, _ name: String) throws(EvaluationError) -> [Value] {
        guard let elements = container.elements else {
            throw .typeMismatch("[\(name)] needs an array, not a \(container.typeName)")
        }
        return elements
    }
}
