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
        ranges.replaceSubrange(first..<last, with: [merged])
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
        for (scalar, variants) in RegexCaseFolding.variantsByScalar where contains(scalar) {
            for variant in variants { closed.insert(variant...variant) }
        }
        return closed
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
