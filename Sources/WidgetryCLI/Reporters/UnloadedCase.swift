import WidgetryJSON
import WidgetryLint

/// A test case of `widgetry test` that could not run because something it needs did not load:
/// a bundle, its widget (once for all the scenarios it stopped), or a scenario file. It is one
/// failed case, with the located errors, in the text report and in JUnit; the other bundles and
/// scenarios still run.
struct UnloadedCase {
    /// The case's name: the bundle as named on the command line, or the scenario file as shown.
    var name: String
    /// What went wrong, in a few words: `did not load`.
    var summary: String
    /// The located errors, with the sources they quote.
    var problems: DiagnosticReport

    /// `✗ name: summary`, then each error as the text reporter prints it, indented under it.
    func text(indent: String, colour: Bool) -> String {
        var text = "\(indent)✗ \(name): \(summary)\n"
        for diagnostic in problems.diagnostics {
            let block = TextReporter.block(for: diagnostic, source: problems.sources[diagnostic.file], colour: colour)
            text += block.split(separator: "\n", omittingEmptySubsequences: false).dropLast(block.hasSuffix("\n") ? 1 : 0)
                .map { indent + "    " + $0 + "\n" }.joined()
        }
        return text
    }

    /// The case in JUnit: one failure per error, typed by its code, its text the reporter's block.
    var junit: JUnitWriter.TestCase {
        JUnitWriter.TestCase(name: name, file: problems.diagnostics.first?.file ?? name, failures: problems.diagnostics.map { diagnostic in
            var body = TextReporter.block(for: diagnostic, source: problems.sources[diagnostic.file])
            if body.hasSuffix("\n") { body.removeLast() }
            return JUnitWriter.Failure(message: "\(summary): \(diagnostic.message)", type: diagnostic.code, text: body)
        })
    }
}
