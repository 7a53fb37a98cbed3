import ArgumentParser
import Foundation
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryRuntime
import WidgetryScenario
import WidgetryService
import WidgetryLint

struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run a widget's scenarios (Tests/*.scenario.json) and compare snapshots with their goldens.",
        discussion: """
            Each scenario gets a fresh run: its settings (clock start, locale, time zone, \
            service), then its steps in order — taps, typing, refresh, scrolling, deletion, \
            notifications, defaults, time — and expectations over the snapshot, the store or a \
            golden file. Failures print the step, its place and a diff. Exit codes: 0 all \
            passed (and coverage at least --min-coverage), 1 a scenario failed or coverage is \
            too low, 2 a bundle or scenario file is invalid.
            """
    )

    @Argument(help: "A bundle folder, archive or URL.")
    var bundle: String

    @Option(name: .customLong("scenario"), help: ArgumentHelp("Run only the scenarios whose name contains this text.", valueName: "text"))
    var filter: String?

    @Flag(help: "Rewrite golden files with the snapshots instead of comparing them.")
    var update = false

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, junit
    }

    @Option(help: "Report format: text for people, junit for CI.")
    var format: Format = .text

    @Flag(help: "Print which bindings took which branch, which actions ran, which screens were shown.")
    var coverage = false

    @Option(name: .customLong("min-coverage"), help: ArgumentHelp("Fail below this coverage, in percent.", valueName: "percent"))
    var minimumCoverage: Double?

    @OptionGroup var defaultsOption: DefaultsOption
    @OptionGroup var sourceOptions: SourceOptions


    @OptionGroup var errorOptions: ErrorFormatOption
    func validate() throws {
        if let minimumCoverage, !(0...100).contains(minimumCoverage) { throw ValidationError("--min-coverage takes a percentage from 0 to 100") }
    }

    func run() async throws {
        let console = Console.standard
        let profile = try sourceOptions.profile()
        let (loaded, _) = try await BundleLoader(options: try sourceOptions.loaderOptions(with: profile)).load(argument: bundle)
        defer { loaded.removeExtractedFiles() }
        let paths = ScenarioFiles.paths(in: loaded.bundle)
        var scenarios: [Scenario] = []
        var invalid = DiagnosticReport()
        for path in paths {
            do throws(ScenarioLoadError) {
                let scenario = try ScenarioFiles.read(path)
                if filter.map({ scenario.name.contains($0) }) ?? true { scenarios.append(scenario) }
            } catch {
                invalid.append(ReportedDiagnostics(error).report)
            }
        }
        if !invalid.diagnostics.isEmpty { throw ReportedDiagnostics(invalid) }
        guard !scenarios.isEmpty else {
            throw CommandFailure(.missingPart, paths.isEmpty ? "\(bundle) has no scenarios: add Tests/NAME.scenario.json to the bundle"
                                                        : "no scenario's name contains \"\(filter ?? "")\"")
        }
        let recorder = coverage || minimumCoverage != nil ? CoverageRecorder() : nil
        var runner = ScenarioRunner(updatesGoldens: update, coverage: recorder)
        runner.profile = profile
        runner.defaults = try defaultsOption.values()
        var results: [ScenarioResult] = []
        for scenario in scenarios { results.append(await runner.run(scenario, bundle: loaded.bundle)) }

        var report: CoverageReport?
        if let recorder {
            let configuration = try? WidgetServices(bundle: loaded.bundle, options: WidgetRun.Options()).configuration
            report = recorder.report(for: loaded.bundle, configuration: configuration)
        }
        switch format {
        case .junit:
            let shown = results.map { result in
                var shown = result
                shown.file = DisplayPath.relative(result.file)
                shown.failures = result.failures.map { failure in
                    var failure = failure
                    failure.file = DisplayPath.relative(failure.file)
                    return failure
                }
                return shown
            }
            console.write(JUnitReport.render(suite: loaded.bundle.manifest.identifier, results: shown))
        case .text:
            for result in results {
                console.write("\(result.passed ? "✓" : "✗") \(result.name) (\(result.stepCount) step\(result.stepCount == 1 ? "" : "s"))\n")
                for failure in result.failures {
                    console.write(indent(DisplayPath.relativizing(failure.description(colour: console.useColorOnStandardOutput))) + "\n")
                }
                for path in result.goldensWritten { console.write("  wrote \(DisplayPath.relative(path))\n") }
            }
            let failed = results.filter { !$0.passed }.count
            console.write("\(results.count - failed) passed, \(failed) failed\n")
            if coverage, let report { console.write(report.text) }
        }
        var failedCoverage = false
        if let minimumCoverage, let report, report.percentage < minimumCoverage {
            console.writeError(String(format: "coverage %.1f%% is below --min-coverage %.1f%%\n", report.percentage, minimumCoverage))
            failedCoverage = true
        }
        if results.contains(where: { !$0.passed }) || failedCoverage { throw ExitCode(1) }
    }

    private func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}

extension TestCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? (format == .junit ? .junit : .text) }
    var reportName: String { "widgetry test" }
}
