import Foundation
import Testing
import WidgetryJSON
import WidgetryLint
import WidgetryReporting

/// Each reporter against its golden file in `Goldens/`, on one report that exercises what
/// reporters must get right: severities, a finding without a place, columns after a tab and
/// non-ASCII text, and characters each format must escape (quotes, `&`, `<`, `%`, `,`, `:`,
/// line breaks). Set `WIDGETRY_UPDATE_GOLDENS=1` to rewrite the goldens after a deliberate change.
@Suite("Reporters: goldens")
struct ReporterGoldenTests {
    static let sources: [String: String] = [
        "Bundle/Info.json": """
            {
              "identifier": "com.example.Feed",
              "nmae": "Feed, \\"quoted\\" & <tagged>",
              "formatVersion": 2
            }

            """,
        "Bundle/Feed, v2.json": "{\"Feed\":\t{\"title\": \"Café ☕\", \"count\": \"many\"}}\n",
        "Bundle/Extra.json": "{}\n",
        "Bundle/Clean.json": "{}\n",
    ]

    static var report: DiagnosticReport {
        func place(_ file: String, _ line: Int, _ column: Int) -> WidgetryJSON.SourceLocation {
            let text = sources[file] ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let before = lines.prefix(line - 1).reduce(0) { $0 + $1.utf8.count + 1 }
            let prefix = String(lines[line - 1].unicodeScalars.prefix(column - 1))
            return WidgetryJSON.SourceLocation(offset: before + prefix.utf8.count, line: line, column: column)
        }
        let diagnostics = [
            Diagnostic(code: "schema.additional-property", severity: .error, file: "Bundle/Info.json", location: place("Bundle/Info.json", 3, 3),
                       length: 6, pointer: JSONPointer(parsing: "/nmae"),
                       message: #"property "nmae" is not allowed here (allowed: identifier, name, formatVersion)"#, hint: #"did you mean "name"?"#),
            Diagnostic(code: "format-version", severity: .warning, file: "Bundle/Info.json", location: place("Bundle/Info.json", 4, 20),
                       pointer: JSONPointer(parsing: "/formatVersion"), message: "format version 2 is newer than 1: 100% of readers refuse it"),
            Diagnostic(code: "schema.type", severity: .error, file: "Bundle/Feed, v2.json", location: place("Bundle/Feed, v2.json", 1, 39),
                       length: 6, pointer: JSONPointer(parsing: "/Feed/count"), message: "expected an integer, found a string",
                       hint: "write a number:\n\"count\": 3"),
            Diagnostic(code: "unreferenced-file", severity: .note, file: "Bundle/Extra.json", location: nil, pointer: nil,
                       message: "no screen refers to <Extra> & its data"),
        ]
        var sourceTexts: [String: SourceText] = [:]
        for (name, text) in sources { sourceTexts[name] = SourceText(fileName: name, bytes: Array(text.utf8)) }
        return DiagnosticReport(diagnostics: diagnostics, files: ["Bundle/Clean.json", "Bundle/Extra.json", "Bundle/Feed, v2.json", "Bundle/Info.json"],
                                sources: sourceTexts)
    }

    static let cases: [(golden: String, render: @Sendable (DiagnosticReport) -> String)] = [
        ("text.txt", { TextReporter.render($0) }),
        ("text-colour.txt", { TextReporter.render($0, colour: true) }),
        ("json.json", { JSONReporter.render($0) }),
        ("sarif.sarif", { SARIFReporter.render($0, toolVersion: "0.1.0", rules: CodeExplanation.documentation) }),
        ("github.txt", { GitHubReporter.render($0) }),
        ("junit.xml", { JUnitReporter.render($0) }),
    ]

    @Test(arguments: cases.map(\.golden))
    func matchesItsGolden(_ golden: String) throws {
        let render = try #require(Self.cases.first { $0.golden == golden }?.render)
        let output = render(Self.report)
        let path = LintTestSupport.goldens + "/" + golden
        if ProcessInfo.processInfo.environment["WIDGETRY_UPDATE_GOLDENS"] == "1" {
            try Data(output.utf8).write(to: URL(fileURLWithPath: path))
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(output == expected, "\(golden) differs; if the change is deliberate, run with WIDGETRY_UPDATE_GOLDENS=1")
        #expect(render(Self.report) == output, "the same report renders the same bytes")
    }

    @Test func theReportFormatRendersWithItsReporter() {
        let report = Self.report
        #expect(ReportFormat.text.render(report) == TextReporter.render(report))
        #expect(ReportFormat.json.render(report) == JSONReporter.render(report))
        #expect(ReportFormat.sarif.render(report) == SARIFReporter.render(report))
        #expect(ReportFormat.github.render(report) == GitHubReporter.render(report))
        #expect(ReportFormat.junit.render(report) == JUnitReporter.render(report))
    }

    @Test func anEmptyReportSaysSo() {
        let report = DiagnosticReport(files: ["a.json", "b.json"])
        #expect(TextReporter.render(report) == "0 errors, 0 warnings in 2 files\n")
        #expect(JSONReporter.render(report) == "[]\n")
        #expect(GitHubReporter.render(report) == "")
        #expect(JUnitReporter.render(report).contains(#"<testsuite name="widgetry validate" tests="2" failures="0" errors="0" skipped="0">"#))
        #expect(SARIFReporter.render(report).contains(#""results": []"#))
    }

    @Test func tokenLengthsCoverWholeValues() {
        let source = SourceText(fileName: nil, bytes: Array(#"{"a": "caf\u00e9 \"q\"", "b": -12.5e3, "c": true, "d": [1], "é": null}"#.utf8))
        func length(of token: String) -> Int {
            let text = String(decoding: source.bytes, as: UTF8.self)
            guard let range = text.range(of: token) else { return -1 }
            return source.tokenLength(at: text.utf8.distance(from: text.startIndex, to: range.lowerBound))
        }
        #expect(length(of: #""caf"#) == 17)
        #expect(length(of: "-12") == 7)
        #expect(length(of: "true") == 4)
        #expect(length(of: "[1]") == 1)
        #expect(length(of: #""é""#) == 3)
        #expect(length(of: "null") == 4)
    }
}
