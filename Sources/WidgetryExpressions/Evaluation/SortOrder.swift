/// The order sorts use (fetch requests, `sortByFields`): Apple's rules for sort descriptors.
///
/// Null sorts before everything; numbers (and booleans) by value; strings by Unicode; dates by
/// instant. Values that have no order with each other (a string and a number) sort by kind —
/// numbers, then strings, then dates, then anything else — so a sort is total and deterministic
/// instead of failing.
public enum SortOrder {
    /// Negative when `a` sorts before `b`, zero when they tie, positive after.
    public static func compare(_ a: Value, _ b: Value) -> Int {
        switch (a.isNull, b.isNull) {
        case (true, true): return 0
        case (true, false): return -1
        case (false, true): return 1
        default: break
        }
        if let order = try? Ordering.compare(a, b, folding: StringFolding([])) {
            switch order {
            case .ascending: return -1
            case .same: return 0
            case .descending: return 1
            }
        }
        return rank(a) - rank(b)
    }

    /// The order of `count` items by their sort keys, as positions: `keys` holds
    /// `ascending.count` keys per item, one per sort descriptor, item after item. Each
    /// descriptor sorts up or down, a later one only among items the earlier ones tie, and items
    /// that tie on every key keep their order (all of them, without descriptors). The one sort
    /// of store fetches and of items in memory.
    public static func positions(of count: Int, sortedBy keys: [Value], ascending: [Bool]) -> [Int] {
        precondition(keys.count == count * ascending.count, "one key per item and descriptor")
        var order = Array(0..<count)
        let width = ascending.count
        guard width > 0 else { return order }
        order.sort { left, right in
            for index in 0..<width {
                let comparison = compare(keys[left * width + index], keys[right * width + index])
                if comparison != 0 { return ascending[index] ? comparison < 0 : comparison > 0 }
            }
            return left < right
        }
        return order
    }

    private static func rank(_ value: Value) -> Int {
        switch value {
        case .null: 0
        case .bool, .int, .double: 1
        case .string: 2
        case .date: 3
        case .data: 4
        case .array, .set: 5
        case .dictionary: 6
        case .object: 7
        }
    }
}
