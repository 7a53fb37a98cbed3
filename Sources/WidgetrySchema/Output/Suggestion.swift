/// "Did you mean …?" for a misspelt name: the closest candidate by edit distance.
enum Suggestion {
    /// The candidate closest to `name`, when it is close enough to be a likely misspelling:
    /// at most a third of the name's length away (and at least one edit), counting a change of
    /// case as no edit. Ties go to the earlier candidate.
    static func closest(to name: String, among candidates: [String]) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        let allowed = max(1, target.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars), limit: allowed)
            if distance <= allowed, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The optimal string alignment distance (insertions, deletions, substitutions and swaps of
    /// neighbours), giving up with `limit + 1` once every alignment is further than `limit`.
    static func editDistance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar], limit: Int) -> Int {
        if abs(lhs.count - rhs.count) > limit { return limit + 1 }
        if lhs.isEmpty || rhs.isEmpty { return max(lhs.count, rhs.count) }
        var previousPrevious = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for i in 1...lhs.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[rhs.count]
    }
}
