import WidgetryLint
import WidgetryRuntime
import WidgetryScenario

/// Scenario results as JUnit XML, the format CI systems read: one test suite per bundle, one
/// test case per scenario, a failure element per failed step. Times are run times, so the
/// report is the same on every run.
enum JUnitReport {
    static func render(suite: String, results: [ScenarioResult]) -> String {
        let failures = results.filter { !$0.passed }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites tests=\"\(results.count)\" failures=\"\(failures)\">\n"
        xml += "  <testsuite name=\"\(escape(suite))\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for result in results {
            let time = String(format: "%.3f", result.runTime)
            xml += "    <testcase classname=\"\(escape(suite))\" name=\"\(escape(result.name))\" file=\"\(escape(result.file))\" time=\"\(time)\""
            if result.passed {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            for failure in result.failures {
                xml += "      <failure message=\"\(escape("step \(failure.step + 1) (\(failure.title))"))\">\(escape(failure.description))</failure>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// `text` escaped for XML (the shared escaper of the reports).
    static func escape(_ text: String) -> String {
        XMLText.escaped(text)
    }
}
