extension NIBArchive {
    /// The items of an inlined collection (`NSArray`, `NSSet`, their mutable forms…): the values
    /// under `UINibEncoderEmptyKey`, in order. A collection not written inline is refused.
    public func items(of index: Int) throws(NIBError) -> [NIBValue] {
        guard try bool(of: index, key: "NSInlinedValue") else {
            throw NIBError(.malformed, "object \(index) (\(try className(of: index))) is not an inlined collection",
                           file: file, objectIndex: index, key: "NSInlinedValue",
                           hint: "ibtool writes collections with NSInlinedValue and their items under UINibEncoderEmptyKey")
        }
        return try entries(of: index).filter { $0.key == "UINibEncoderEmptyKey" }.map(\.value)
    }

    /// The items of an inlined collection that are object references, as object indexes.
    public func objectItems(of index: Int) throws(NIBError) -> [Int] {
        var result: [Int] = []
        for item in try items(of: index) {
            guard case .object(let target) = item else {
                throw mismatch(index, "UINibEncoderEmptyKey", expected: "an object reference", found: item)
            }
            result.append(target)
        }
        return result
    }

    /// The collection an object holds under `key`, as object indexes; empty when missing.
    public func objectItems(of index: Int, key: String) throws(NIBError) -> [Int] {
        guard let collection = try reference(of: index, key: key) else { return [] }
        return try objectItems(of: collection)
    }

    /// The pairs of an inlined dictionary: its items alternate key and value.
    public func pairs(of index: Int) throws(NIBError) -> [(key: NIBValue, value: NIBValue)] {
        let items = try items(of: index)
        guard items.count.isMultiple(of: 2) else {
            throw NIBError(.malformed, "dictionary object \(index) has \(items.count) items, an odd number",
                           file: file, objectIndex: index, key: "UINibEncoderEmptyKey",
                           hint: "dictionaries alternate keys and values; the archive is damaged")
        }
        return stride(from: 0, to: items.count, by: 2).map { (items[$0], items[$0 + 1]) }
    }

    /// An inlined dictionary whose keys are strings, as (text, value) pairs in archive order.
    public func stringPairs(of index: Int) throws(NIBError) -> [(key: String, value: NIBValue)] {
        var result: [(key: String, value: NIBValue)] = []
        for pair in try pairs(of: index) {
            guard case .object(let keyObject) = pair.key else {
                throw mismatch(index, "UINibEncoderEmptyKey", expected: "a string key", found: pair.key)
            }
            result.append((try string(keyObject), pair.value))
        }
        return result
    }

    /// Every object reachable from `start` through references, each once, in breadth-first
    /// order. Iterative, so cycles and long chains cannot exhaust the stack.
    public func reachableObjects(from start: Int = NIBArchive.rootObjectIndex) throws(NIBError) -> [Int] {
        _ = try object(start)
        var seen = [Bool](repeating: false, count: objects.count)
        var order = [start]
        seen[start] = true
        var next = 0
        while next < order.count {
            let current = order[next]
            next += 1
            for valueIndex in objects[current].valueRange {
                if case .object(let target) = values[valueIndex].value, !seen[target] {
                    seen[target] = true
                    order.append(target)
                }
            }
        }
        return order
    }
}
