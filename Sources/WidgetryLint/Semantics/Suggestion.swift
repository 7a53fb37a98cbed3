/// "Did you mean" hints: the known name closest to a misspelt one by edit distance.
enum Suggestion {
    /// `did you mean 'author'?` when a name in `names` is close to `name`; otherwise, with
    /// `listing`, the names there are (when there are any); nil when there is nothing to say.
    static func hint(for name: String, among names: [String], listing: Bool = true) -> String? {
        if let closest = closest(to: name, among: names) { return "did you mean '\(closest)'?" }
        guard listing, !names.isEmpty else { return nil }
        let shown = names.prefix(maxListed).joined(separator: ", ")
        return "known keys: " + shown + (names.count > maxListed ? ", …" : "")
    }

    /// Most names a hint lists.
    static let maxListed = 16

    /// The name in `names` nearest to `name`, if it is near enough to be a likely misspelling:
    /// at most a third of the name's length away (at least 1, at most 3 edits); ties go to the
    /// first in `names`. Case differences count as half an edit.
    static func closest(to name: String, among names: [String]) -> String? {
        let limit = min(3, max(1, name.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in names where candidate != name {
            let distance = editDistance(Array(name.unicodeScalars), Array(candidate.unicodeScalars), limit: limit)
            guard distance <= limit * 2 else { continue }
            if best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Edit distance in half edits (optimal string alignment: insertions, deletions,
    /// substitutions and swaps of neighbours cost 2, a letter in the other case 1), giving up
    /// above `limit` edits and on names longer than 64 scalars.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        let cap = limit * 2 + 1
        if abs(a.count - b.count) * 2 >= cap || a.count > 64 || b.count > 64 { return cap }
        if a.isEmpty || b.isEmpty { return min(cap, max(a.count, b.count) * 2) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i * 2 }
        for j in 0...b.count { table[0][j] = j * 2 }
        for i in 1...a.count {
            for j in 1...b.count {
                let substitution = a[i - 1] == b[j - 1] ? 0 : a[i - 1].properties.lowercaseMapping == b[j - 1].properties.lowercaseMapping ? 1 : 2
                var best = min(table[i - 1][j - 1] + substitution, table[i - 1][j] + 2, table[i][j - 1] + 2)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, table[i - 2][j - 2] + 2) }
                table[i][j] = best
            }
        }
        return min(table[a.count][b.count], cap)
    }
}
