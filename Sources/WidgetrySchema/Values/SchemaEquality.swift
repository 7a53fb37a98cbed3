import WidgetryJSON

/// Equality as JSON Schema defines it for `enum`, `const` and `uniqueItems`: numbers are equal
/// when they are mathematically equal (`1` equals `1.0`), objects when they have the same
/// members in any order, arrays when their elements are equal in order.
enum SchemaEquality {
    static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs.kind, rhs.kind) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.string(let left), .string(let right)):
            // Code points, not Swift's canonical equivalence: "é" and "e\u{301}" differ in JSON.
            return left.unicodeScalars.elementsEqual(right.unicodeScalars)
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            return left.allSatisfy { member in right[member.key].map { equal(member.value, $0) } ?? false }
        default:
            guard let left = SchemaNumber(lhs), let right = SchemaNumber(rhs) else { return false }
            return SchemaNumber.compare(left, right) == .equal
        }
    }

    /// Bytes equal for exactly the values ``equal(_:_:)`` calls equal, so that large arrays can
    /// be checked for duplicates with a hash table. (Bytes rather than a `String`, whose
    /// equality would treat canonically equivalent texts as the same.)
    static func canonicalKey(_ value: JSONValue) -> [UInt8] {
        var key = ""
        appendKey(of: value, to: &key)
        return Array(key.utf8)
    }

    private static func appendKey(of value: JSONValue, to key: inout String) {
        switch value.kind {
        case .double(let number):
            if let integer = Int64(exactly: number) {
                key += String(integer)
            } else {
                key += value.serialized()
            }
        case .array(let elements):
            key += "["
            for element in elements {
                appendKey(of: element, to: &key)
                key += ","
            }
            key += "]"
        case .object(let object):
            key += "{"
            for member in object.members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                key += JSONValue(.string(member.key)).serialized() + ":"
                appendKey(of: member.value, to: &key)
                key += ","
            }
            key += "}"
        default:
            key += value.serialized()
        }
    }
}
