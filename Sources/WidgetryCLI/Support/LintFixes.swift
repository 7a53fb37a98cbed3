import Foundation
import WidgetryJSON
import WidgetryLint
import WidgetryReporting
import WidgetryScenario

/// `lint --fix`'s files: the fixes grouped by file, applied to the file as it is on disk and
/// written in one piece, or shown as a unified diff (`--dry-run`).
enum LintFixes {
    /// Applies `fixes`; returns those applied, file by file in path order.
    static func apply(_ fixes: [LintFix]) throws(CommandFailure) -> [LintFix] {
        var applied: [LintFix] = []
        for (file, fixes) in grouped(fixes) {
            let (bytes, done) = LintFix.apply(fixes, to: try InputFile.bytes(of: file, option: "--fix"))
            try OutputFile.write(String(decoding: bytes, as: UTF8.self), to: file, option: "--fix")
            applied += done
        }
        return applied
    }

    /// The changes `fixes` would make, as `git diff` prints them (empty when there are none),
    /// and the fixes that make them, file by file in path order.
    static func diff(_ fixes: [LintFix]) throws(CommandFailure) -> (text: String, applied: [LintFix]) {
        var text = ""
        var applied: [LintFix] = []
        for (file, fixes) in grouped(fixes) {
            let before = try InputFile.bytes(of: file, option: "--fix")
            let (after, done) = LintFix.apply(fixes, to: before)
            applied += done
            guard let diff = LineDiff(expected: String(decoding: before, as: UTF8.self), actual: String(decoding: after, as: UTF8.self)) else { continue }
            text += "--- a/\(file)\n+++ b/\(file)\n" + diff.render()
        }
        return (text, applied)
    }

    /// `findings` without those `applied` answers: what a dry run leaves.
    static func remaining(_ findings: [Diagnostic], after applied: [LintFix]) -> [Diagnostic] {
        let answered = Set(applied.map(\.finding))
        return findings.filter { !answered.contains($0) }
    }

    /// The fixes by file, files in path order; only files that are on disk (not an archive's).
    private static func grouped(_ fixes: [LintFix]) -> [(String, [LintFix])] {
        Dictionary(grouping: fixes, by: \.file).filter { FileManager.default.fileExists(atPath: $0.key) }.sorted { $0.key < $1.key }
    }
}
