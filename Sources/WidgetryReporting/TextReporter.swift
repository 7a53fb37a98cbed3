public import WidgetryDiagnostics

/// Findings for a person at a terminal: each finding as ``DiagnosticText`` writes it (its
/// `file:line:column: severity: message [code]` line, the source line with a caret run under the
/// exact columns, the notes, the hint), and a summary line (`2 errors, 1 warning in 6 files`).
public enum TextReporter {
    /// The report as text. ANSI colours are added only when `colour` is true (the caller
    /// decides from the terminal and `NO_COLOR`).
    public static func render(_ report: DiagnosticReport, colour: Bool = false) -> String {
        var text = ""
        for diagnostic in report.diagnostics {
            text += DiagnosticText.block(diagnostic, source: report.sources[diagnostic.file], colour: colour)
        }
        text += summary(of: report) + "\n"
        return text
    }

    /// `2 errors, 1 warning in 6 files`; notes are counted only when there are some.
    public static func summary(of report: DiagnosticReport) -> String {
        var counts = [counted(report.count(of: .error), "error"), counted(report.count(of: .warning), "warning")]
        let notes = report.count(of: .note)
        if notes > 0 { counts.append(counted(notes, "note")) }
        return counts.joined(separator: ", ") + " in " + counted(report.files.count, "file")
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
