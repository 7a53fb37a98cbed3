public import WidgetryDiagnostics

/// Findings as JUnit XML, for CI systems that show test results: one test suite, one test case
/// per checked file (passing when it has no finding), and one failure per finding whose text
/// is the finding as ``DiagnosticText`` writes it.
package enum JUnitReporter {
    /// The report as JUnit XML ending in a line break.
    ///
    /// - Parameter suite: the test suite's name, and the class name of every test case.
    public static func render(_ report: DiagnosticReport, suite: String = "widgetry validate") -> String {
        let known = Set(report.files)
        let files = report.files + report.filesWithFindings.filter { !known.contains($0) }
        var findings: [String: [Diagnostic]] = [:]
        for diagnostic in report.diagnostics { findings[diagnostic.file, default: []].append(diagnostic) }
        let cases = files.map { file in
            JUnitWriter.TestCase(name: file, file: file, failures: (findings[file] ?? []).map { diagnostic in
                var body = DiagnosticText.block(diagnostic, source: report.sources[file])
                if body.hasSuffix("\n") { body.removeLast() }
                return JUnitWriter.Failure(message: diagnostic.message, type: diagnostic.code.description, text: body)
            })
        }
        return JUnitWriter.render(suite: suite, cases: cases)
    }
}
