/// A set of small non-negative integers (object member positions, array indices) kept as bits,
/// with the first 64 inline so that the common small objects and arrays need no allocation.
struct PositionSet: Sendable, Equatable {
    private var low: UInt64 = 0
    private var high: [UInt64] = []

    mutating func insert(_ position: Int) {
        guard position >= 64 else {
            low |= 1 << UInt64(position)
            return
        }
        let word = position / 64 - 1
        if word >= high.count { high += repeatElement(0, count: word - high.count + 1) }
        high[word] |= 1 << UInt64(position % 64)
    }

    /// Inserts every position in `range`.
    mutating func insert(_ range: Range<Int>) {
        for position in range { insert(position) }
    }

    func contains(_ position: Int) -> Bool {
        guard position >= 64 else { return low & (1 << UInt64(position)) != 0 }
        let word = position / 64 - 1
        return word < high.count && high[word] & (1 << UInt64(position % 64)) != 0
    }

    mutating func formUnion(_ other: PositionSet) {
        low |= other.low
        if high.count < other.high.count { high += repeatElement(0, count: other.high.count - high.count) }
        for (word, bits) in other.high.enumerated() { high[word] |= bits }
    }
}

/// What a schema evaluated at one value, for `unevaluatedProperties` and `unevaluatedItems`:
/// the positions of the members and the indices of the items that some keyword (here or in a
/// subschema applied in place) looked at. A schema that fails contributes nothing.
struct Annotations: Sendable, Equatable {
    var properties = PositionSet()
    var items = PositionSet()

    mutating func merge(_ other: Annotations) {
        properties.formUnion(other.properties)
        items.formUnion(other.items)
    }
}

/// The result of applying one schema to one value.
struct Evaluation: Sendable {
    var isValid: Bool
    var annotations = Annotations()
}
