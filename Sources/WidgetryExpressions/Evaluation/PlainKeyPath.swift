/// One or two plain keys of `SELF` (`count`, `author.name`), the commonest key paths: read in
/// place, with no loop and no closure of their own, a dictionary's member looked up directly.
struct PlainKeyPath: Sendable {
    let first: DictionaryKey
    let second: DictionaryKey?

    /// nil unless `operand` is `SELF` and `components` are one or two keys, neither a collection
    /// operator.
    init?(operand: ExpressionSyntax, components: [String]) {
        guard operand.kind == .evaluatedObject, (1...2).contains(components.count),
              components.allSatisfy({ $0.utf8.first != UInt8(ascii: "@") }) else { return nil }
        first = DictionaryKey(components[0])
        second = components.count == 2 ? DictionaryKey(components[1]) : nil
    }

    /// nil unless `syntax` is such a key path.
    init?(_ syntax: ExpressionSyntax) {
        guard case .keyPath(let operand, let components) = syntax.kind else { return nil }
        self.init(operand: operand, components: components)
    }

    /// The value at the path in `object`, as ``Value/value(forKey:)`` reads it key by key.
    @inline(__always)
    func read(_ object: Value) -> Value {
        let value = PlainKeyPath.member(object, first)
        guard let second else { return value }
        return PlainKeyPath.member(value, second)
    }

    /// Where the value at the path lies, when each step is a dictionary that has the key; nil
    /// otherwise (then ``read(_:)`` has the answer). Reads no member by copy: records are tested
    /// where they are. The pointer is valid only while `object` is alive and unchanged.
    @inline(__always)
    func valueAddress(in object: borrowing Value) -> UnsafePointer<Value>? {
        let value: UnsafePointer<Value>
        switch object {
        case .dictionary(let dictionary):
            guard let found = dictionary.valueAddress(forKey: first) else { return nil }
            value = found
        default:
            return nil
        }
        guard let second else { return value }
        switch value.pointee {
        case .dictionary(let inner): return inner.valueAddress(forKey: second)
        default: return nil
        }
    }

    /// A dictionary's member without the general dispatch; anything else as ``Value/value(forKey:)``.
    @inline(__always)
    private static func member(_ object: Value, _ key: DictionaryKey) -> Value {
        if case .dictionary(let dictionary) = object, let value = dictionary[key] { return value }
        return object.value(forKey: key)
    }
}
