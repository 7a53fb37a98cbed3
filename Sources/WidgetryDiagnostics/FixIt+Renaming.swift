extension Suggestion {
    /// The one name a misspelt `name` surely means, for a fix a tool may make alone: the only
    /// candidate ``closestCandidates(to:among:)`` finds, one edit from `name` with case
    /// compared (`titl` → `title`); nil when several are as close or the nearest is further.
    public static func certainCandidate(for name: String, among candidates: [String]) -> String? {
        certainCandidate(for: name, closest: closestCandidates(to: name, among: candidates))
    }

    /// ``certainCandidate(for:among:)`` of the candidates ``closestCandidates(to:among:)`` found.
    static func certainCandidate(for name: String, closest: [String]) -> String? {
        guard closest.count == 1, let only = closest.first,
              editDistance(Array(name.unicodeScalars), Array(only.unicodeScalars), limit: 1) == 1 else { return nil }
        return only
    }
}

extension FixIt {
    /// The safe fix-it replacing a misspelt `name`, written as a JSON string whose opening quote
    /// is at byte `offset`, by the one name among `candidates` it surely means
    /// (``Suggestion/certainCandidate(for:among:)``); the quotes stay. Nil when there is no such
    /// name, or when either name needs escaping in JSON, so the bytes written are not the name.
    public static func renaming(_ name: String, among candidates: [String], quotedAt offset: Int) -> FixIt? {
        renaming(name, among: candidates, at: offset + 1)
    }

    /// The safe fix-it replacing a misspelt `name` that starts at byte `offset` (inside a string,
    /// as a key path of a predicate is) by the one name among `candidates` it surely means; nil
    /// as ``renaming(_:among:quotedAt:)`` says.
    public static func renaming(_ name: String, among candidates: [String], at offset: Int) -> FixIt? {
        guard offset >= 0, let candidate = Suggestion.certainCandidate(for: name, among: candidates) else { return nil }
        return renaming(name, to: candidate, at: offset)
    }

    /// The safe fix-it replacing `name` at byte `offset` by `replacement`, when neither needs
    /// escaping in JSON.
    public static func renaming(_ name: String, to replacement: String, at offset: Int) -> FixIt? {
        guard !name.isEmpty, !needsEscaping(name), !needsEscaping(replacement) else { return nil }
        return FixIt(range: offset..<(offset + name.utf8.count), replacement: replacement)
    }

    /// Whether JSON writes `name` otherwise than as its own bytes (a quote, a backslash, a
    /// control character).
    private static func needsEscaping(_ name: String) -> Bool {
        name.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || $0.value < 0x20 }
    }
}
