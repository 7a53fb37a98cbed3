public import WidgetryJSON

/// A change `widgetry lint --fix` makes with certainty: a finding's own fix-it (a missing comma
/// inserted), or a misspelt name replaced by the one name a finding's hint suggests
/// (`did you mean "stars"?`, exactly one candidate) when the two are one edit apart, as
/// ``Suggestion`` counts edits. Anything less certain (several candidates, a bigger difference, a name
/// written with escapes) is left for a person.
public struct LintFix: Sendable, Equatable {
    /// The file, as the finding names it.
    public var file: String
    /// The UTF-8 bytes of the source replaced.
    public var range: Range<Int>
    public var original: String
    public var replacement: String
    /// The finding the fix answers.
    public var finding: Diagnostic

    /// The change in words, as `lint --fix` reports it: `'titl' → 'title'`, `inserted ','`,
    /// `removed ','`.
    public var change: String {
        if original.isEmpty { return "inserted '\(replacement)'" }
        if replacement.isEmpty { return "removed '\(original)'" }
        return "'\(original)' → '\(replacement)'"
    }

    /// The certain fixes among `findings`, whose files' texts are `sources`, one per place.
    public static func certain(in findings: [Diagnostic], sources: [String: SourceText]) -> [LintFix] {
        var fixes: [LintFix] = []
        var taken: Set<String> = []
        for finding in findings {
            guard let fix = certain(for: finding, source: sources[finding.file]),
                  taken.insert("\(fix.file)#\(fix.range.lowerBound)").inserted else { continue }
            fixes.append(fix)
        }
        return fixes
    }

    /// The fix for one finding, when it is certain: the finding's own ``FixIt`` when it is marked
    /// safe (one that is not is left for a person), or the one name its hint suggests.
    static func certain(for finding: Diagnostic, source: SourceText?) -> LintFix? {
        if !finding.fixIts.isEmpty {
            guard let fixIt = finding.fixIts.first(where: \.isSafe), fixIt.edits.count == 1, let edit = fixIt.edits.first else { return nil }
            guard let bytes = source?.bytes, edit.range.lowerBound >= 0, edit.range.upperBound <= bytes.count else { return nil }
            return LintFix(file: finding.file, range: edit.range, original: String(decoding: bytes[edit.range], as: UTF8.self),
                           replacement: edit.replacement, finding: finding)
        }
        guard let source, let location = finding.location, let candidate = onlyCandidate(in: finding.hint) else { return nil }
        let bytes = source.bytes
        guard location.offset >= 0, location.offset < bytes.count else { return nil }
        // The finding's run of scalars, from its start.
        var end = location.offset
        var scalars = 0
        while end < bytes.count, scalars < finding.length {
            end += 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            scalars += 1
        }
        let token = String(decoding: bytes[location.offset..<end], as: UTF8.self)
        var range = location.offset..<end
        var name = token
        if token.count >= 2, token.hasPrefix("\""), token.hasSuffix("\"") {
            name = String(token.dropFirst().dropLast())
            range = (location.offset + 1)..<(end - 1)
        }
        guard !name.isEmpty, !name.contains("\\"), !name.contains("\""), Suggestion.editDistance(Array(name.unicodeScalars), Array(candidate.unicodeScalars), limit: 1) == 1 else { return nil }
        return LintFix(file: finding.file, range: range, original: name, replacement: candidate, finding: finding)
    }

    /// The one name a `did you mean "X"?` hint suggests; nil for any other hint.
    static func onlyCandidate(in hint: String?) -> String? {
        let prefix = "did you mean \"", suffix = "\"?"
        guard let hint, hint.hasPrefix(prefix), hint.hasSuffix(suffix) else { return nil }
        let name = String(hint.dropFirst(prefix.count).dropLast(suffix.count))
        return name.contains("\"") ? nil : name
    }

    /// `bytes` with `fixes` (all of one file) applied; fixes that overlap an earlier one are
    /// skipped.
    public static func apply(_ fixes: [LintFix], to bytes: [UInt8]) -> (bytes: [UInt8], applied: [LintFix]) {
        var result = bytes
        var applied: [LintFix] = []
        var limit = Int.max
        for fix in fixes.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) where fix.range.upperBound <= limit {
            result.replaceSubrange(fix.range, with: Array(fix.replacement.utf8))
            applied.append(fix)
            limit = fix.range.lowerBound
        }
        return (result, applied.reversed())
    }
}
