/// A set of Unicode scalar values kept as sorted, disjoint, non-adjacent ranges.
struct RegexScalarRanges: Sendable, Hashable {
    private(set) var ranges: [ClosedRange<UInt32>] = []

    init() {}

    init(_ values: some Sequence<UInt32>) {
        for value in values { insert(value...value) }
    }

    var isEmpty: Bool { ranges.isEmpty }

    /// Adds `range`, merging it with the ranges it overlaps or touches.
    mutating func insert(_ range: ClosedRange<UInt32>) {
        let first = firstIndex(endingAtOrAfter: range.lowerBound == 0 ? 0 : range.lowerBound - 1)
        var merged = range
        var last = first
        while last < ranges.count, ranges[last].lowerBound <= merged.upperBound &+ 1 {
            merged = min(merged.lowerBound, ranges[last].lowerBound)...max(merged.upperBound, ranges[last].upperBound)
            last += 1
        }
        if first == last {
            ranges.insert(merged, at: first)
        } else {
            ranges[first] = merged
            if last > first + 1 { ranges.removeSubrange(first + 1..<last) }
        }
    }

    mutating func formUnion(_ other: RegexScalarRanges) {
        for range in other.ranges { insert(range) }
    }

    func contains(_ value: UInt32) -> Bool {
        let index = firstIndex(endingAtOrAfter: value)
        return index < ranges.count && ranges[index].lowerBound <= value
    }

    /// The set together with every simple case variant of its members.
    func caseClosed() -> RegexScalarRanges {
        guard !isEmpty else { return self }
        var closed = self
        let table = RegexCaseFolding.variantsByScalar
        for range in ranges {
            // the first scalar with case variants at or above the range's start (binary search)
            var low = 0
            var high = table.count
            while low < high {
                let middle = (low + high) / 2
                if table[middle].scalar < range.lowerBound { low = middle + 1 } else { high = middle }
            }
            while low < table.count, table[low].scalar <= range.upperBound {
                for variant in table[low].variants { closed.insert(variant...variant) }
                low += 1
            }
        }
        return closed
    }

    /// The ASCII members, as a bitmap.
    var asciiBitmap: RegexASCIIBitmap {
        var bitmap = RegexASCIIBitmap()
        for range in ranges {
            guard range.lowerBound < 0x80 else { break }
            bitmap.insert(range.lowerBound...min(range.upperBound, 0x7F))
        }
        return bitmap
    }

    /// The index of the first range whose upper bound is at least `value` (binary search).
    private func firstIndex(endingAtOrAfter value: UInt32) -> Int {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// A set of ASCII scalars, one bit each.
struct RegexASCIIBitmap: Sendable, Hashable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    /// The members of 0..<128 for which `isMember` holds.
    init(where isMember: (UInt32) -> Bool) {
        for value in UInt32(0)..<128 where isMember(value) { insert(value...value) }
    }

    init() {}

    /// Adds `range`, which must lie within 0...127.
    mutating func insert(_ range: ClosedRange<UInt32>) {
        low |= Self.mask(range, base: 0)
        high |= Self.mask(range, base: 64)
    }

    /// The bits of `range` within `base..<base + 64`.
    private static func mask(_ range: ClosedRange<UInt32>, base: UInt32) -> UInt64 {
        let lower = max(range.lowerBound, base)
        let upper = min(range.upperBound, base + 63)
        guard lower <= upper else { return 0 }
        let count = upper - lower + 1
        return (count == 64 ? UInt64.max : (1 << UInt64(count)) - 1) << UInt64(lower - base)
    }

    mutating func formUnion(_ other: RegexASCIIBitmap) {
        low |= other.low
        high |= other.high
    }

    var inverted: RegexASCIIBitmap {
        var result = RegexASCIIBitmap()
        result.low = ~low
        result.high = ~high
        return result
    }

    @inline(__always)
    func contains(_ value: UInt32) -> Bool {
        value < 64 ? low & (1 << UInt64(value)) != 0 : high & (1 << UInt64(value &- 64)) != 0
    }
}
