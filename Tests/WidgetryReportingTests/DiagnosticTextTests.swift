import Testing
import WidgetryDiagnostics
import WidgetryJSON
import WidgetryReporting

/// One problem prints one way: the text reporter, a diagnostic's description and a located
/// error's description are all ``DiagnosticText``.
struct DiagnosticTextTests {
    private let source = SourceText(fileName: "Feed.json", bytes: Array("{\n  \"actionName\": \"refreshPost\"\n}\n".utf8))

    private var finding: Diagnostic {
        Diagnostic(code: "unknown-action", severity: .warning, file: "Feed.json",
                   location: SourceLocation(offset: 18, line: 2, column: 17), length: 13,
                   pointer: JSONPointer(parsing: "/actionName"), message: "no action named 'refreshPost'",
                   hint: "did you mean 'refreshPosts'?", notes: ["the service file names 3 actions"])
    }

    @Test func theReporterPrintsEachFindingAsTheBlockWithItsSourceLine() {
        let report = DiagnosticReport(diagnostics: [finding], files: ["Feed.json"], sources: ["Feed.json": source])
        #expect(TextReporter.render(report) == """
            Feed.json:2:17: warning: no action named 'refreshPost' [unknown-action]
              2 |   "actionName": "refreshPost"
                |                 ^~~~~~~~~~~~~
              note: the service file names 3 actions
              hint: did you mean 'refreshPosts'?
            0 errors, 1 warning in 1 file

            """)
        #expect(TextReporter.render(report).hasPrefix(DiagnosticText.block(finding, source: source)))
    }

    @Test func aDescriptionIsTheBlockWithoutASource() {
        #expect(finding.description + "\n" == DiagnosticText.block(finding))
        #expect(!finding.description.contains("^"))
        var unplaced = finding
        unplaced.location = nil
        #expect(unplaced.description.contains("\n  at: /actionName\n"), "without a line, the pointer says where")
    }

    @Test func aLocatedErrorDescribesItselfAsItsFindingListed() {
        let problem = Problem(ScenarioLikeCode.broken, "it is broken", file: "a.json", location: SourceLocation(offset: 1, line: 1, column: 2),
                              hint: "mend it", notes: ["why"])
        #expect(problem.description == DiagnosticText.listed(problem.diagnostic()))
        #expect(problem.description == "a.json:1:2: it is broken [test.broken]\n  note: why\n  hint: mend it", "among errors, no severity")
        let placed = PlacedProblem(ScenarioLikeCode.broken, "it is broken", location: SourceLocation(offset: 9, line: 3, column: 4),
                                   pointer: JSONPointer(parsing: "/a/0") ?? JSONPointer([]), hint: "mend it")
        #expect(placed.description == "3:4: it is broken [test.broken] at /a/0; mend it", "inside another message, one line")
        #expect(placed.description == DiagnosticText.inline(placed.diagnostic(file: "")))
    }

    @Test func sarifDescribesACodeByTheDocumentationItIsGiven() {
        let report = DiagnosticReport(diagnostics: [finding], files: ["Feed.json"])
        let documented = SARIFReporter.render(report) { code in
            code == "unknown-action" ? RuleDocumentation(summary: "An action is missing.", fullDescription: "An action is missing. Long.",
                                                         markdown: "**x**", helpURI: "https://example.invalid/x") : nil
        }
        #expect(documented.contains("\"helpUri\" : \"https://example.invalid/x\"") || documented.contains("\"helpUri\": \"https://example.invalid/x\""))
        #expect(documented.contains("An action is missing. Long."))
        let bare = SARIFReporter.render(report)
        #expect(!bare.contains("helpUri"), "without documentation a rule is described by its id alone")
        #expect(bare.contains("\"unknown-action\""))
    }
}

/// A domain of one code, for the tests.
private enum ScenarioLikeCode: String, DomainCode {
    case broken = "test.broken"
}
