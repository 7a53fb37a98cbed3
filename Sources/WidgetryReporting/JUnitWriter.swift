import WidgetryJSON
import Foundation

/// JUnit XML, the one writer of the project: lint and validate findings (one test case per file)
/// and scenario results (one per scenario) are both written by it.
public enum JUnitWriter {
    /// One test case: passing when it has no failure.
    public struct TestCase: Sendable {
        public var name: String
        public var file: String
        /// Seconds, printed with three decimals; nil leaves the attribute out.
        public var time: Double?
        public var failures: [Failure]
        /// Files that show the case's failures (pictures), written into `system-out` as
        /// `[[ATTACHMENT|path]]`, the form GitLab and Jenkins show as attachments.
        public var attachments: [String]

        public init(name: String, file: String, time: Double? = nil, failures: [Failure] = [], attachments: [String] = []) {
            self.name = name
            self.file = file
            self.time = time
            self.failures = failures
            self.attachments = attachments
        }
    }

    /// One failure of a test case: a one-line message, an optional type and the full text.
    public struct Failure: Sendable {
        public var message: String
        public var type: String?
        public var text: String

        public init(message: String, type: String? = nil, text: String) {
            self.message = message
            self.type = type
            self.text = text
        }
    }

    /// One test suite: its name (also every case's class name) and its cases.
    public struct Suite: Sendable {
        public var name: String
        public var cases: [TestCase]

        public init(name: String, cases: [TestCase]) {
            self.name = name
            self.cases = cases
        }
    }

    /// `cases` as one test suite named `suite`, ending in a line break.
    public static func render(suite: String, cases: [TestCase]) -> String {
        render(suites: [Suite(name: suite, cases: cases)])
    }

    /// `suites` in order, under one `testsuites` element with the totals, ending in a line break.
    public static func render(suites: [Suite]) -> String {
        let all = suites.flatMap(\.cases)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites tests=\"\(all.count)\" failures=\"\(all.filter { !$0.failures.isEmpty }.count)\">\n"
        for suite in suites {
            let failing = suite.cases.filter { !$0.failures.isEmpty }.count
            let name = XMLText.escaped(suite.name)
            xml += "  <testsuite name=\"\(name)\" tests=\"\(suite.cases.count)\" failures=\"\(failing)\" errors=\"0\" skipped=\"0\">\n"
            for testCase in suite.cases {
                xml += "    <testcase classname=\"\(name)\" name=\"\(XMLText.escaped(testCase.name))\" file=\"\(XMLText.escaped(testCase.file))\""
                if let time = testCase.time { xml += " time=\"\(String(format: "%.3f", time))\"" }
                guard !testCase.failures.isEmpty else {
                    xml += "/>\n"
                    continue
                }
                xml += ">\n"
                for failure in testCase.failures {
                    xml += "      <failure message=\"\(XMLText.escaped(failure.message))\""
                    if let type = failure.type { xml += " type=\"\(XMLText.escaped(type))\"" }
                    xml += ">\(XMLText.escaped(failure.text))</failure>\n"
                }
                if !testCase.attachments.isEmpty {
                    xml += "      <system-out>" + testCase.attachments.map { XMLText.escaped("[[ATTACHMENT|\($0)]]") }.joined(separator: "\n") + "</system-out>\n"
                }
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }
}
