public import WidgetryJSON

/// Findings as JUnit XML, for CI systems that show test results: one test suite, one test case
/// per checked file (passing when it has no finding), and one failure per finding whose text
/// is the finding as ``TextReporter`` prints it.
public enum JUnitReporter {
    /// The report as JUnit XML ending in a line break.
    ///
    /// - Parameter suite: the test suite's name, and the class name of every test case.
    public static func render(_ report: DiagnosticReport, suite: String = "widgetry validate") -> String {
        let known = Set(report.files)
        let files = report.files + report.filesWithFindings.filter { !known.contains($0) }
        var findings: [String: [Diagnostic]] = [:]
        for diagnostic in report.diagnostics { findings[diagnostic.file, default: []].append(diagnostic) }
        let failing = files.filter { findings[$0] != nil }.count
        let name = XMLText.escaped(suite)

        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites tests=\"\(files.count)\" failures=\"\(failing)\">\n"
        xml += "  <testsuite name=\"\(name)\" tests=\"\(files.count)\" failures=\"\(failing)\" errors=\"0\" skipped=\"0\">\n"
        for file in files {
            let escapedFile = XMLText.escaped(file)
            xml += "    <testcase classname=\"\(name)\" name=\"\(escapedFile)\" file=\"\(escapedFile)\""
            guard let diagnostics = findings[file] else {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            for diagnostic in diagnostics {
                var body = TextReporter.block(for: diagnostic, source: report.sources[file])
                if body.hasSuffix("\n") { body.removeLast() }
                xml += "      <failure message=\"\(XMLText.escaped(diagnostic.message))\" type=\"\(XMLText.escaped(diagnostic.code))\">"
                xml += XMLText.escaped(body) + "</failure>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }
}
