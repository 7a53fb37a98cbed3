/// The one text form of a finding, which every place that prints a problem to a person uses:
/// the text reporter, `Diagnostic.description`, and every located error's `description`.
///
/// ```
/// Feed.json:12:31: error: no action named 'refreshPost' [unknown-action]
///   "actionName": "refreshPost",
///                 ^~~~~~~~~~~~~
///   note: …
///   hint: did you mean 'refreshPosts'?
/// ```
///
/// A finding listed among others that are all errors (a snapshot's problems, a reader's
/// errors) takes the ``listed(_:)`` form, and one placed inside a message of another (an import
/// error in the message of the action that imported) the one-line ``inline(_:)`` form.
public enum DiagnosticText {
    /// The lines of `diagnostic`, each ending in a line break: the heading, the source line and
    /// its caret run when `source` is given, the pointer when there is no line, the notes and
    /// the hint. ANSI colours only when `colour` is true.
    public static func block(_ diagnostic: Diagnostic, source: SourceText? = nil, colour: Bool = false) -> String {
        let style = Style(enabled: colour)
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
        if let pointer = diagnostic.pointer, diagnostic.location == nil, !pointer.isEmpty { text += "  at: \(pointer)\n" }
        for note in diagnostic.notes { text += "  " + style.apply("note:", "1") + " \(indented(note))\n" }
        if let hint = diagnostic.hint { text += "  " + style.apply("hint:", "1") + " \(indented(hint))\n" }
        return text
    }

    /// `file:line:column: message [code]`, then its pointer, notes and hint on lines of their
    /// own: the finding without its severity or a source line, as a list of errors shows it.
    public static func listed(_ diagnostic: Diagnostic) -> String {
        var text = diagnostic.file
        if let location = diagnostic.location { text += ":\(location.line):\(location.column)" }
        text += ": \(diagnostic.message) [\(diagnostic.code)]"
        if let pointer = diagnostic.pointer, !pointer.isEmpty { text += "\n  at: \(pointer)" }
        for note in diagnostic.notes { text += "\n  note: \(note)" }
        if let hint = diagnostic.hint { text += "\n  hint: \(hint)" }
        return text
    }

    /// `line:column: message [code] at /pointer; hint`: the finding without its file or
    /// severity, on one line, to stand inside another message.
    public static func inline(_ diagnostic: Diagnostic) -> String {
        var text = diagnostic.location.map { "\($0.line):\($0.column): " } ?? ""
        text += "\(diagnostic.message) [\(diagnostic.code)]"
        if let pointer = diagnostic.pointer, !pointer.isEmpty { text += " at \(pointer)" }
        if let hint = diagnostic.hint { text += "; \(hint)" }
        return text
    }

    /// `text` with every line after the first indented, so a finding's lines stay together.
    private static func indented(_ text: String) -> String {
        guard text.contains("\n") else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ")
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
