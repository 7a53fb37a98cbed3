public import WidgetryJSON

/// A change `widgetry lint --fix` makes with certainty: a finding's own fix-it marked safe (a
/// missing comma inserted, a misspelt name replaced by the one name it surely means, as
/// ``FixIt/renaming(_:among:quotedAt:)`` makes them). The hint is words for a person, never read
/// back; anything less certain has no safe fix-it and is left for a person.
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

    /// The fix for one finding, when it is certain: the finding's first ``FixIt`` marked safe (one
    /// that is not is shown and left for a person), of one edit that lies in the file and replaces
    /// no quote, escape or line break: a name written with an escape, or a finding placed at
    /// something other than the string it names, is not what the fix-it was made for.
    static func certain(for finding: Diagnostic, source: SourceText?) -> LintFix? {
        guard let fixIt = finding.fixIts.first(where: \.isSafe), fixIt.edits.count == 1, let edit = fixIt.edits.first,
              let bytes = source?.bytes, edit.range.lowerBound >= 0, edit.range.upperBound <= bytes.count else { return nil }
        let original = String(decoding: bytes[edit.range], as: UTF8.self)
        guard !edit.range.isEmpty || !edit.replacement.isEmpty,
              !bytes[edit.range].contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) else { return nil }
        return LintFix(file: finding.file, range: edit.range, original: original, replacement: edit.replacement, finding: finding)
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
