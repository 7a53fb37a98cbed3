/// "Did you mean …?" for a misspelt name: the one suggestion algorithm every reader, the schema
/// validator and lint use, so the same typo gets the same hint everywhere.
public enum Suggestion {
    /// The candidate closest to `name`, when it is close enough to be a likely misspelling: at
    /// most a third of the name's length away, at least 1 and at most 3 edits (insertions,
    /// deletions, substitutions, swaps of neighbours), letters compared without case. Among
    /// equally close candidates the one that also matches case best wins, then the first. When
    /// none is that close, a name of 4 or more letters that exactly one candidate contains
    /// (`method` for `httpMethod`) suggests that candidate.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        closestCandidates(to: name, among: candidates).first
    }

    /// Every candidate as close to `name` as ``closest(to:among:)``'s, best first: more than one
    /// when several are equally few edits away (`cat` for `cart` and `cast`), so a hint can name
    /// them all and a fix knows it is not certain.
    public static func closestCandidates(to name: String, among candidates: [String]) -> [String] {
        let target = Array(name.unicodeScalars)
        guard !target.isEmpty, target.count <= maxLength else { return [] }
        let folded = target.map(fold)
        let limit = min(3, max(1, target.count / 3))
        var ranked: [(candidate: String, distance: Int, exact: Int)] = []
        for candidate in candidates where candidate != name {
            let scalars = Array(candidate.unicodeScalars)
            // Further apart in length than the limit is further apart in edits too.
            guard scalars.count <= maxLength, abs(scalars.count - target.count) <= limit else { continue }
            let distance = editDistance(folded, scalars.map(fold), limit: limit)
            guard distance <= limit, distance < target.count else { continue }
            ranked.append((candidate, distance, editDistance(target, scalars, limit: limit + target.count)))
        }
        if let best = ranked.min(by: { ($0.distance, $0.exact) < ($1.distance, $1.exact) }) {
            let tied = ranked.filter { $0.distance == best.distance }.sorted { $0.exact < $1.exact }
            var seen = Set<String>()
            return tied.map(\.candidate).filter { seen.insert($0).inserted }
        }
        guard target.count >= 4 else { return [] }
        let lowered = name.lowercased()
        let needle = isPrintableASCII(lowered) ? Array(lowered.utf8) : nil
        let containing = candidates.filter { $0 != name && lowercased($0, contains: lowered, asciiBytes: needle) }
        return containing.count == 1 ? containing : []
    }

    /// Whether `candidate` lowercased contains `lowered`. Names of printable ASCII, as nearly all
    /// are, are compared byte by byte (`asciiBytes` is `lowered`'s bytes when it is one): there
    /// each character is one byte, so that is what the general comparison finds, without
    /// lowercasing a copy of every candidate.
    private static func lowercased(_ candidate: String, contains lowered: String, asciiBytes needle: [UInt8]?) -> Bool {
        guard let needle, isPrintableASCII(candidate) else { return candidate.lowercased().contains(lowered) }
        let haystack = candidate.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }

    private static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// For a name that must be one of `candidates` (a closed set, such as the actions a bundle
    /// defines): ``closestCandidates(to:among:)`` when it finds any, else the nearest candidate
    /// when it is at most half the name's length away (`citys` for `cities`, two edits in five
    /// letters), since the name can mean nothing else.
    public static func closestInClosedSet(to name: String, among candidates: [String]) -> [String] {
        let closest = closestCandidates(to: name, among: candidates)
        guard closest.isEmpty, let nearest = nearest(to: name, among: candidates) else { return closest }
        let limit = max(1, name.unicodeScalars.count / 2)
        let distance = editDistance(Array(name.lowercased().unicodeScalars), Array(nearest.lowercased().unicodeScalars), limit: limit)
        return distance <= limit ? [nearest] : []
    }

    /// The candidate nearest to `name` however far it is (for naming the allowed alternative to
    /// a refused name): fewest edits, letters compared without case, then best matching case,
    /// then the first. Nil when there are no candidates or `name` is too long to compare.
    public static func nearest(to name: String, among candidates: [String]) -> String? {
        let target = Array(name.unicodeScalars)
        guard target.count <= maxLength else { return nil }
        let folded = target.map(fold)
        var best: (candidate: String, distance: Int, exact: Int)?
        for candidate in candidates {
            let scalars = Array(candidate.unicodeScalars)
            guard scalars.count <= maxLength else { continue }
            let limit = max(target.count, scalars.count)
            let ranked = (editDistance(folded, scalars.map(fold), limit: limit), editDistance(target, scalars, limit: limit))
            if best.map({ ranked < ($0.distance, $0.exact) }) ?? true { best = (candidate, ranked.0, ranked.1) }
        }
        return best?.candidate
    }

    /// `did you mean "author"?` when a candidate is close to `name` (`"cart" or "cast"` when
    /// several are equally close), else nil.
    public static func didYouMean(_ name: String, among candidates: [String]) -> String? {
        didYouMean(closest: closestCandidates(to: name, among: candidates))
    }

    /// `did you mean "author"?` for the candidates ``closestCandidates(to:among:)`` found.
    static func didYouMean(closest: [String]) -> String? {
        guard !closest.isEmpty else { return nil }
        return "did you mean " + closest.map { "\"\($0)\"" }.joined(separator: " or ") + "?"
    }

    /// `did you mean "author"?` when a candidate is close to `name`; otherwise, with `listing`,
    /// the candidates there are (the first 16, `known keys: …`, or what `noun` calls them); nil
    /// when there is nothing to say.
    public static func hint(for name: String, among candidates: [String], listing: Bool = true, noun: String = "keys") -> String? {
        hint(closest: closestCandidates(to: name, among: candidates), among: candidates, listing: listing, noun: noun)
    }

    /// ``hint(for:among:listing:noun:)`` with the candidates ``closestCandidates(to:among:)`` found.
    static func hint(closest: [String], among candidates: [String], listing: Bool, noun: String) -> String? {
        if let suggestion = didYouMean(closest: closest) { return suggestion }
        guard listing, !candidates.isEmpty else { return nil }
        let shown = candidates.prefix(maxListed).joined(separator: ", ")
        return "known \(noun): " + shown + (candidates.count > maxListed ? ", …" : "")
    }

    /// Most candidates a hint lists.
    public static let maxListed = 16

    /// Names longer than this are not compared (a suggestion for them would be noise, and the
    /// comparison's cost grows with the square of the length).
    static let maxLength = 128

    /// The scalar compared without case: its lowercase mapping's first scalar, worked out
    /// directly for ASCII (the Unicode tables cost more than the comparison).
    private static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value) | 0x20) : scalar
        }
        return scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
    }

    /// The optimal string alignment distance (insertions, deletions, substitutions and swaps of
    /// neighbours), giving up with `limit + 1` once every alignment is further than `limit`.
    package static func editDistance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar], limit: Int) -> Int {
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

/// ``Suggestion/hint(for:among:listing:noun:)`` for many names among the same candidates, as a
/// rule that reports every use of an unknown name needs: each distinct name is worked out once,
/// so a bundle that repeats one misspelling across a thousand screens compares it once.
public struct SuggestionHints {
    private let candidates: [String]
    private let listing: Bool
    private let noun: String
    /// ``Suggestion/closestCandidates(to:among:)`` of each name asked about.
    private var closest: [String: [String]] = [:]

    /// Hints among `candidates`; `listing` and `noun` as ``Suggestion/hint(for:among:listing:noun:)``
    /// takes them.
    public init(among candidates: [String], listing: Bool = true, noun: String = "keys") {
        self.candidates = candidates
        self.listing = listing
        self.noun = noun
    }

    /// The hint for `name`.
    public mutating func hint(for name: String) -> String? {
        Suggestion.hint(closest: closestCandidates(for: name), among: candidates, listing: listing, noun: noun)
    }

    /// The one candidate `name` surely means (``Suggestion/certainCandidate(for:among:)``),
    /// worked out once per name: what a safe fix-it renames it to.
    public mutating func certainCandidate(for name: String) -> String? {
        Suggestion.certainCandidate(for: name, closest: closestCandidates(for: name))
    }

    private mutating func closestCandidates(for name: String) -> [String] {
        if let known = closest[name] { return known }
        let found = Suggestion.closestCandidates(to: name, among: candidates)
        closest[name] = found
        return found
    }
}
