// Duplicate keys for JSONStreamReader under the `.reject` policy: the keys of every open object
// are kept as byte ranges of the input on one reused stack, so the common object (few members,
// ASCII keys without escapes) is checked by comparing bytes, without allocating, and only when
// the object's key summary says the key may be there already.

/// Where a key of an open object is in the input.
struct KeySpan {
    /// The key's content, between its quotes.
    var start: Int
    var end: Int
    var hasEscapes: Bool
    /// ASCII without escapes: such keys are equal exactly when their bytes are.
    var isPlain: Bool
}

extension JSONStreamReader {
    /// Objects with up to this many members compare each new key with the earlier ones; larger
    /// ones keep their decoded keys in a set.
    static let linearKeyLimit = 16

    /// Records the key just scanned in the innermost object, failing when the object has it already.
    @inline(__always)
    mutating func registerKey() throws(JSONStreamError) {
        let key = KeySpan(start: stringStart, end: stringEnd, hasEscapes: stringHasEscapes, isPlain: stringIsPlain)
        let firstKey = top
        let summary = key.isPlain ? JSONParserCore.summary(ofPlainKey: UnsafeBufferPointer(rebasing: input[key.start..<key.end])) : .max
        let mayRepeat = keyBits & summary != 0
        keyBits |= summary
        if keySpans.count - firstKey < JSONStreamReader.linearKeyLimit {
            if mayRepeat {
                for index in firstKey..<keySpans.count where isSameKey(keySpans[index], key) {
                    throw JSONStreamError(offset: tokenOffset)
                }
            }
        } else {
            try registerKeyOfLargeObject(key, firstKey: firstKey)
        }
        keySpans.push(key)
    }

    /// Checks `key` against the decoded keys of an object with many members, which it joins.
    @inline(never)
    private mutating func registerKeyOfLargeObject(_ key: KeySpan, firstKey: Int) throws(JSONStreamError) {
        let level = containers.count - 1
        while largeObjectKeys.count <= level {
            largeObjectKeys.append([])
        }
        if keySpans.count - firstKey == JSONStreamReader.linearKeyLimit {
            for index in firstKey..<keySpans.count {
                largeObjectKeys[level].insert(decodedText(keySpans[index]))
            }
        }
        guard largeObjectKeys[level].insert(decodedText(key)).inserted else {
            throw JSONStreamError(offset: tokenOffset)
        }
    }

    /// Drops the keys of the innermost object, whose first key is at `firstKey`, as it closes.
    @inline(__always)
    mutating func forgetKeys(from firstKey: Int) {
        if keySpans.count - firstKey > JSONStreamReader.linearKeyLimit {
            largeObjectKeys[containers.count - 1].removeAll(keepingCapacity: true)
        }
        keySpans.removeAll(from: firstKey)
    }

    /// Whether two keys are equal as the parser compares them: as Swift strings, so up to
    /// Unicode canonical equivalence ("é" precomposed or not, the Kelvin sign and "K").
    @inline(__always)
    private func isSameKey(_ a: KeySpan, _ b: KeySpan) -> Bool {
        let count = a.end - a.start
        if count == b.end - b.start, let base = input.baseAddress,
            JSONStreamReader.bytesEqual(base + a.start, base + b.start, count: count)
        {
            return true
        }
        if a.isPlain, b.isPlain { return false }
        return decodedText(a) == decodedText(b)
    }

    private func decodedText(_ key: KeySpan) -> String {
        decodedText(start: key.start, end: key.end, hasEscapes: key.hasEscapes)
    }
}
