import WidgetryReporting
import WidgetryRuntime
import WidgetryScenario

/// Scenario results as JUnit XML, the format CI systems read: one test suite per bundle, one
/// test case per scenario, a failure element per failed step, and one failed case for what did
/// not load (``UnloadedCase``), and the pictures a failure wrote as the case's attachments. Times
/// are run times, so the report is the same on every run.
/// Paths are shown as the text report shows them (``TestReportText``).
enum JUnitReport {
    /// One bundle's suite: named by its identifier (or as named, when it did not load).
    struct Suite {
        var name: String
        var unloaded: [UnloadedCase]
        var results: [ScenarioResult]
    }

    /// The suites, in the order given.
    static func render(_ suites: [Suite]) -> String {
        JUnitWriter.render(suites: suites.map { suite in
            JUnitWriter.Suite(name: suite.name, cases: suite.unloaded.map(\.junit) + suite.results.map { result in
                JUnitWriter.TestCase(name: result.name, file: DisplayPath.relative(result.file), time: result.runTime,
                                     failures: result.failures.map { failure in
                    JUnitWriter.Failure(message: "step \(failure.step + 1) (\(failure.title))", type: failure.code.description, text: TestReportText.failure(failure, colour: false))
                }, attachments: result.failures.flatMap(\.files).map { DisplayPath.relative($0) })
            })
        })
    }
}

/// How `widgetry test` shows a scenario's failure, in text and in JUnit alike: its description
/// with every path under the working directory shown relative to it.
enum TestReportText {
    static func failure(_ failure: ScenarioResult.Failure, colour: Bool) -> String {
        DisplayPath.relativizing(failure.description(colour: colour))
    }
}
