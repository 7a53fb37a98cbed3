import WidgetryJSON
import WidgetryReporting
import WidgetryScenario

/// Scenario results for programs (`widgetry test --format json`): an object with the totals and
/// one suite per bundle, as JUnit has them (``JUnitReport/Suite``). Each case is a scenario with
/// its failures (the step from 1, its title, code, place and message, and the files it wrote:
/// a picture, and it beside its golden and their difference), or a case that did not load with
/// its errors. Paths are shown as the text report shows them; times are run times, so the
/// report is the same on every run.
enum JSONTestReport {
    static func render(_ suites: [JUnitReport.Suite]) -> String {
        var passed = 0
        var failed = 0
        let rendered = suites.map { suite -> JSONValue in
            let unloaded = suite.unloaded.map { unloaded -> JSONValue in
                failed += 1
                return [
                    "name": JSONValue(.string(unloaded.name)),
                    "summary": JSONValue(.string(unloaded.summary)),
                    "errors": JSONValue(.array(unloaded.problems.diagnostics.map { JSONValue(.string(DisplayPath.relativizing($0.description))) })),
                ]
            }
            let cases = suite.results.map { result -> JSONValue in
                if result.passed { passed += 1 } else { failed += 1 }
                return [
                    "name": JSONValue(.string(result.name)),
                    "file": JSONValue(.string(DisplayPath.relative(result.file))),
                    "passed": JSONValue(.bool(result.passed)),
                    "steps": JSONValue(.integer(Int64(result.stepCount))),
                    "time": JSONValue(.double(result.runTime)),
                    "failures": JSONValue(.array(result.failures.map(failure))),
                    "goldensWritten": JSONValue(.array(result.goldensWritten.map { JSONValue(.string(DisplayPath.relative($0))) })),
                ]
            }
            return ["name": JSONValue(.string(suite.name)), "cases": JSONValue(.array(cases)), "unloaded": JSONValue(.array(unloaded))]
        }
        let report: JSONValue = [
            "passed": JSONValue(.integer(Int64(passed))),
            "failed": JSONValue(.integer(Int64(failed))),
            "suites": JSONValue(.array(rendered)),
        ]
        return report.serialized(JSONWritingOptions(pretty: true)) + "\n"
    }

    private static func failure(_ failure: ScenarioResult.Failure) -> JSONValue {
        [
            "step": JSONValue(.integer(Int64(failure.step + 1))),
            "title": JSONValue(.string(failure.title)),
            "code": JSONValue(.string(failure.code.description)),
            "file": JSONValue(.string(DisplayPath.relative(failure.file))),
            "line": failure.location.map { JSONValue(.integer(Int64($0.line))) } ?? JSONValue(.null),
            "column": failure.location.map { JSONValue(.integer(Int64($0.column))) } ?? JSONValue(.null),
            "message": JSONValue(.string(DisplayPath.relativizing(failure.message))),
            "files": JSONValue(.array(failure.files.map { JSONValue(.string(DisplayPath.relative($0))) })),
        ]
    }
}
