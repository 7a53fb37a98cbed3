import Foundation
import WidgetryBundle
import WidgetryJSON
import WidgetryReporting

#if canImport(Glibc)
import Glibc
#endif

/// Standard output and error, and what the terminal behind them can show.
struct Console: Sendable {
    static let standard = Console()

    /// True when stderr is a terminal, so progress can be drawn in place.
    var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// False when `TERM` is unset, empty or `dumb`: a terminal that cannot redraw a line in
    /// place or show colour (an editor's shell buffer, some CI consoles).
    var terminalRedraws: Bool { Console.redraws(term: ProcessInfo.processInfo.environment["TERM"]) }

    /// Whether a terminal of type `term` (the `TERM` variable) can redraw a line and show colour.
    static func redraws(term: String?) -> Bool {
        guard let term else { return false }
        return !term.isEmpty && term != "dumb"
    }

    /// Colour on standard error, as ``ColorPolicy`` decides.
    var useColor: Bool { ColorPolicy.colours(STDERR_FILENO) }

    /// Writes to standard output. A failed write (a full disk, a closed pipe, `> /dev/full`) is
    /// remembered, not ignored: the command then ends with exit 3 and says so
    /// (``OutputFailure``), since a report that did not arrive must not pass for one that did.
    func write(_ text: String) {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        } catch {
            OutputFailure.record("standard output", error)
        }
    }

    func writeError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }

    func warning(_ warning: BundleWarning) {
        writeError(DiagnosticText.block(warning.diagnostic, source: nil, colour: useColor))
    }

    /// Prints the problems a command stopped on, one block each: `file:line:column: error:
    /// message [code]`, the source line with a caret, the notes and the hint. The one way every
    /// command prints errors.
    func report(_ problems: ReportedDiagnostics) {
        for diagnostic in problems.report.diagnostics {
            writeError(DiagnosticText.block(diagnostic, source: problems.report.sources[diagnostic.file], colour: useColor))
        }
    }

    /// Prints the problems in the format `command` asks for errors in (text when it says
    /// nothing) and gives their exit code.
    func report(_ problems: ReportedDiagnostics, as command: (any ReportsErrors)?) -> Int32 {
        // Files vanishing under an interrupted command are the interruption, not news.
        guard !SignalCleanup.isInterrupted else { return problems.exitCode }
        let format = command?.errorFormat ?? .text
        if format == .text {
            report(problems)
        } else {
            write(format.render(problems.report, toolVersion: WidgetryVersion.current, suite: command?.reportName ?? "widgetry",
                                rules: RuleCatalogue.documentation))
        }
        return problems.exitCode
    }
}
