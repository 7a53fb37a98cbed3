/// The known name nearest to a refused one, for "did you mean" hints on selectors and built-in
/// functions. (Lint's `Suggestion` does the same for key names; it lives in a module this one
/// cannot see.)
enum NameSuggestion {
    /// The name in `names` nearest to `name` by edit distance, ignoring case; ties go to the
    /// first in `names`. Nil when `names` is empty or `name` is longer than 128 scalars.
    static func nearest(to name: String, among names: [String]) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        guard target.count <= 128 else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in names {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
            if best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance: insertions, deletions and substitutions of scalars cost 1.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
