import WidgetryLint
import WidgetryRuntime
import WidgetryScenario

/// Scenario results as JUnit XML, the format CI systems read: one test suite per bundle, one
/// test case per scenario, a failure element per failed step. Times are run times, so the
/// report is the same on every run.
enum JUnitReport {
    /// One suite per bundle, named by its identifier, in the order given.
    static func render(_ suites: [(suite: String, results: [ScenarioResult])]) -> String {
        JUnitWriter.render(suites: suites.map { suite, results in
            JUnitWriter.Suite(name: suite, cases: results.map { result in
                JUnitWriter.TestCase(name: result.name, file: result.file, time: result.runTime, failures: result.passed ? [] : result.failures.map { failure in
                    JUnitWriter.Failure(message: "step \(failure.step + 1) (\(failure.title))", text: failure.description)
                })
            })
        })
    }
}
