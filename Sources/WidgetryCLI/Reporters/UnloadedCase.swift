import WidgetryJSON
import WidgetryReporting
import WidgetryScenario

/// How `widgetry test` shows a case that could not run (``UnloadedCase``: a bundle, its widget
/// or a scenario file that did not load), in the text report and in JUnit.
extension UnloadedCase {
    /// `✗ name: summary`, then each error as the text reporter prints it, indented under it.
    func text(indent: String, colour: Bool) -> String {
        var text = "\(indent)✗ \(name): \(summary)\n"
        for diagnostic in problems.diagnostics {
            let block = DiagnosticText.block(diagnostic, source: problems.sources[diagnostic.file], colour: colour)
            text += block.split(separator: "\n", omittingEmptySubsequences: false).dropLast(block.hasSuffix("\n") ? 1 : 0)
                .map { indent + "    " + $0 + "\n" }.joined()
        }
        return text
    }

    /// The case in JUnit: one failure per error, typed by its code, its text the reporter's block.
    var junit: JUnitWriter.TestCase {
        JUnitWriter.TestCase(name: name, file: problems.diagnostics.first?.file ?? name, failures: problems.diagnostics.map { diagnostic in
            var body = DiagnosticText.block(diagnostic, source: problems.sources[diagnostic.file])
            if body.hasSuffix("\n") { body.removeLast() }
            return JUnitWriter.Failure(message: "\(summary): \(diagnostic.message)", type: diagnostic.code.description, text: body)
        })
    }
}
