import Foundation
import WidgetryBundle
import WidgetryJSON

#if canImport(Glibc)
import Glibc
#endif

/// Standard output and error, and what the terminal behind them can show.
struct Console: Sendable {
    static let standard = Console()

    /// True when stderr is a terminal, so progress can be drawn in place.
    var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Colour only on a terminal and when `NO_COLOR` is unset (https://no-color.org).
    var useColor: Bool {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return stderrIsTerminal && !noColor
    }

    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// `error: message` on stderr.
    func error(_ message: String) {
        writeError(styled("error:", code: "1;31") + " " + message + "\n")
    }

    func warning(_ warning: BundleWarning) {
        writeError(styled("warning:", code: "1;33") + " \(warning.message) [\(warning.code)]\n")
    }

    /// Prints a bundle error. JSON errors get one line each (`file:line:column: error: …`)
    /// followed by the source line with a caret and the hint.
    func reportError(_ error: BundleError) {
        guard case .invalidJSON(let failures) = error else {
            self.error(error.description)
            if let hint = error.hint { writeError("  hint: \(hint)\n") }
            return
        }
        for failure in failures {
            let place = "\(failure.fileName ?? "<input>"):\(failure.location.line):\(failure.location.column):"
            writeError("\(place) \(styled("error:", code: "1;31")) \(failure.message) [\(failure.code.rawValue)]\n")
            if let snippet = failure.snippet {
                writeError(indent(snippet) + "\n")
            }
            if !failure.pointer.description.isEmpty { writeError("  at: \(failure.pointer)\n") }
            if let hint = failure.hint { writeError("  hint: \(hint)\n") }
        }
    }

    private func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }

    func styled(_ text: String, code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
