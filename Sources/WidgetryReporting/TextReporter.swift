public import WidgetryJSON

/// Findings for a person at a terminal: one `file:line:column: severity: message [code]` line
/// per finding, the source line with a caret run under the exact columns, the notes, the hint, and a
/// summary line (`2 errors, 1 warning in 6 files`).
public enum TextReporter {
    /// The report as text. ANSI colours are added only when `colour` is true (the caller
    /// decides from the terminal and `NO_COLOR`).
    public static func render(_ report: DiagnosticReport, colour: Bool = false) -> String {
        let style = Style(enabled: colour)
        var text = ""
        for diagnostic in report.diagnostics {
            text += block(for: diagnostic, source: report.sources[diagnostic.file], style: style)
        }
        text += summary(of: report) + "\n"
        return text
    }

    /// The lines of one finding (heading, source line and caret, hint), each ending in a line break.
    public static func block(for diagnostic: Diagnostic, source: SourceText?, colour: Bool = false) -> String {
        block(for: diagnostic, source: source, style: Style(enabled: colour))
    }

    /// `2 errors, 1 warning in 6 files`; notes are counted only when there are some.
    public static func summary(of report: DiagnosticReport) -> String {
        var counts = [counted(report.count(of: .error), "error"), counted(report.count(of: .warning), "warning")]
        let notes = report.count(of: .note)
        if notes > 0 { counts.append(counted(notes, "note")) }
        return counts.joined(separator: ", ") + " in " + counted(report.files.count, "file")
    }

    private static func block(for diagnostic: Diagnostic, source: SourceText?, style: Style) -> String {
        var place = diagnostic.file
        if let location = diagnostic.location { place += ":\(location.line):\(location.column)" }
        var text = place.isEmpty ? "" : style.apply(place + ":", "1") + " "
        text += style.apply(diagnostic.severity.rawValue + ":", style.code(for: diagnostic.severity))
        text += " " + style.apply(indented(diagnostic.message), "1") + " [\(diagnostic.code)]\n"
        if let location = diagnostic.location, let source {
            let lines = source.snippet(at: location, length: diagnostic.length).split(separator: "\n", omittingEmptySubsequences: false)
            for (position, line) in lines.enumerated() {
                text += "  " + (position == lines.count - 1 ? style.caret(String(line)) : String(line)) + "\n"
            }
        }
        if let pointer = diagnostic.pointer, diagnostic.location == nil, !pointer.description.isEmpty { text += "  at: \(pointer)\n" }
        for note in diagnostic.notes { text += "  " + style.apply("note:", "1") + " \(indented(note))\n" }
        if let hint = diagnostic.hint { text += "  " + style.apply("hint:", "1") + " \(indented(hint))\n" }
        return text
    }

    /// `text` with every line after the first indented, so a finding's lines stay together.
    private static func indented(_ text: String) -> String {
        guard text.contains("\n") else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ")
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// ANSI styling, or none.
    private struct Style {
        var enabled: Bool

        func apply(_ text: String, _ code: String) -> String {
            enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }

        func code(for severity: Diagnostic.Severity) -> String {
            switch severity {
            case .error: "1;31"
            case .warning: "1;33"
            case .note: "1;36"
            }
        }

        /// The caret line with its run (from the first `^`) in green.
        func caret(_ line: String) -> String {
            guard enabled, let start = line.firstIndex(of: "^") else { return line }
            return String(line[..<start]) + apply(String(line[start...]), "1;32")
        }
    }
}
