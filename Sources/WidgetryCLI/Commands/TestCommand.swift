import ArgumentParser
import Foundation
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryRuntime
import WidgetryScenario
import WidgetryService
import WidgetryLint
import WidgetryRender

struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run a widget's scenarios (Tests/*.scenario.json) and compare snapshots with their goldens.",
        discussion: """
            Each scenario gets a fresh run: its settings (clock start, locale, time zone, \
            service), then its steps in order — taps, typing, refresh, scrolling, deletion, \
            notifications, defaults, time — and expectations over the snapshot, the store or a \
            golden file. Failures print the step, its place and a diff. Several bundles run one \
            after another; --shard i/n runs every n-th. Exit codes: 0 all passed (and coverage at \
            least --min-coverage), 1 a scenario failed or coverage is too low, 2 a bundle or \
            scenario file is invalid or the widget does not load, 3 internal error.
            """
    )

    @Argument(help: ArgumentHelp("Bundle folders, archives, URLs or glob patterns.", valueName: "bundle"))
    var bundles: [String]

    @Option(name: .customLong("scenario"), help: ArgumentHelp("Run only the scenarios whose name or file name contains this text, ignoring case.", valueName: "text"),
            completion: .custom(Completions.scenarios))
    var filter: String?

    @Flag(help: "Rewrite golden files with the snapshots instead of comparing them.")
    var update = false

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, junit
    }

    @Option(help: "Report format: text for people, junit for CI.")
    var format: Format = .text

    @Option(help: ArgumentHelp("Write a picture of the screen after every step into this folder, with an index.html that shows each beside its text snapshot (docs/RENDERING.md).",
                               valueName: "folder"))
    var pictures: String?

    @Flag(help: "Print which bindings took which branch, which actions ran, which screens were shown.")
    var coverage = false

    @Option(name: .customLong("min-coverage"), parsing: .unconditional, help: ArgumentHelp("Fail below this coverage, in percent.", valueName: "percent"))
    var minimumCoverage: Double?

    @OptionGroup var shardOption: ShardOption
    @OptionGroup var reportOptions: ReportOptions
    @OptionGroup var watchOption: WatchOption
    @OptionGroup var defaultsOption: DefaultsOption
    @OptionGroup var sourceOptions: SourceOptions

    @OptionGroup var errorOptions: ErrorFormatOption

    /// One bundle's scenarios, read and filtered, ready to run.
    private struct BundleScenarios {
        var argument: String
        var loaded: LoadedBundle
        var scenarios: [Scenario]
        /// Every scenario's name, for the hint when the filter matches none.
        var names: [String]
    }

    /// One bundle's outcome.
    private struct BundleResults {
        var argument: String
        var suite: String
        var results: [ScenarioResult]
        var coverage: CoverageReport?
    }

    func run() async throws {
        let console = Console.standard
        reportOptions.apply()
        let bundles = try BundleArguments.expand(self.bundles)
        try await watchOption.run(watching: bundles, console: console, reportingAs: self) {
            try await testOnce(bundles, console: console)
        }
    }

    /// Runs the scenarios of `bundles` once: the report, and the exit code as a thrown ``ExitCode``.
    private func testOnce(_ bundles: [String], console: Console) async throws {
        // The text report streams to standard output as scenarios finish; for --output it is
        // gathered and written in one piece at the end.
        var gathered = ""
        let streams = reportOptions.output == nil
        func emit(_ text: String) {
            if streams { console.write(text) } else { gathered += text }
        }
        if let minimumCoverage { try NumericOptions.number(minimumCoverage, option: "--min-coverage", in: 0...100) }
        let profile = try sourceOptions.profile()
        let loader = BundleLoader(options: try sourceOptions.loaderOptions(with: profile))
        var prepared: [BundleScenarios] = []
        defer { prepared.forEach { $0.loaded.removeExtractedFiles() } }
        var invalid = DiagnosticReport()
        for (_, argument) in shardOption.select(bundles) {
            let (loaded, _) = try await loader.load(argument: argument)
            var bundle = BundleScenarios(argument: argument, loaded: loaded, scenarios: [], names: [])
            for path in ScenarioFiles.paths(in: loaded.bundle) {
                do throws(ScenarioLoadError) {
                    let scenario = try ScenarioFiles.read(path)
                    bundle.names.append(scenario.name)
                    if filter.map({ Self.matches(scenario, $0) }) ?? true { bundle.scenarios.append(scenario) }
                } catch {
                    invalid.append(ReportedDiagnostics(error).report)
                }
            }
            prepared.append(bundle)
        }
        if !invalid.diagnostics.isEmpty { throw ReportedDiagnostics(invalid) }
        try Self.checkSomethingRuns(prepared, filter: filter)

        let multiple = prepared.count > 1
        let stepPictures = pictures.map { StepPictures(folder: $0) }
        let pictureFailure = PictureFailure()
        var outcomes: [BundleResults] = []
        for (position, bundle) in prepared.enumerated() {
            let recorder = coverage || minimumCoverage != nil ? CoverageRecorder() : nil
            var runner = ScenarioRunner(updatesGoldens: update, coverage: recorder)
            runner.profile = profile
            runner.defaults = try defaultsOption.values()
            if format == .text, multiple, !bundle.scenarios.isEmpty { emit("\(bundle.argument):\n") }
            var results: [ScenarioResult] = []
            for scenario in bundle.scenarios {
                if let stepPictures {
                    // With several bundles, each one's pictures go in a folder of their own.
                    let prefix = multiple ? "\(position + 1)-\(bundle.loaded.bundle.manifest.identifier.replacingOccurrences(of: "/", with: "-"))/" : ""
                    runner.afterStep = { index, step, run in
                        do {
                            try stepPictures.record(scenario: scenario.name, scenarioFile: scenario.file, prefix: prefix, index: index, title: step.title, run: run)
                        } catch {
                            pictureFailure.keep(error)
                        }
                    }
                }
                let result = await runner.run(scenario, bundle: bundle.loaded.bundle)
                if format == .text, !(reportOptions.quiet && result.passed) { emit(text(of: result, indent: multiple ? "  " : "")) }
                results.append(result)
            }
            var report: CoverageReport?
            if let recorder {
                let configuration = try? WidgetServices(bundle: bundle.loaded.bundle, options: WidgetRun.Options()).configuration
                report = recorder.report(for: bundle.loaded.bundle, configuration: configuration)
            }
            outcomes.append(BundleResults(argument: bundle.argument, suite: bundle.loaded.bundle.manifest.identifier, results: results, coverage: report))
        }
        if let stepPictures {
            if let error = pictureFailure.first { throw error }
            try stepPictures.writeIndex()
        }
        let results = outcomes.flatMap(\.results)
        switch format {
        case .junit:
            try reportOptions.write(JUnitReport.render(outcomes.map { ($0.suite, $0.results.map(Self.relativized)) }), console: console)
        case .text:
            let failed = results.filter { !$0.passed }.count
            emit("\(results.count - failed) passed, \(failed) failed\n")
            if coverage {
                for outcome in outcomes {
                    guard let report = outcome.coverage else { continue }
                    if multiple { emit("\(outcome.argument):\n") }
                    emit(report.text)
                }
            }
            if !streams { try reportOptions.write(gathered, console: console) }
        }
        var failedCoverage = false
        if let minimumCoverage {
            for outcome in outcomes {
                guard let report = outcome.coverage, report.percentage < minimumCoverage else { continue }
                console.writeError(String(format: "%@coverage %.1f%% is below --min-coverage %.1f%%\n",
                                          multiple ? outcome.argument + ": " : "", report.percentage, minimumCoverage))
                failedCoverage = true
            }
        }
        if results.contains(where: { !$0.loadErrors.isEmpty }) { throw ExitCode(ExitStatus.inputError) }
        if results.contains(where: { !$0.passed }) || failedCoverage { throw ExitCode(1) }
    }

    /// Refuses a run with no scenario at all: a bundle without any, or a filter that matches
    /// none (the hint lists the scenarios there are).
    private static func checkSomethingRuns(_ prepared: [BundleScenarios], filter: String?) throws(CommandFailure) {
        guard prepared.allSatisfy({ $0.scenarios.isEmpty }) else { return }
        let names = prepared.flatMap(\.names)
        guard let filter, !names.isEmpty else {
            let bundle = prepared.first?.argument ?? "the bundle"
            throw CommandFailure(.missingPart, "\(bundle) has no scenarios", hint: "add Tests/NAME.scenario.json to the bundle")
        }
        throw CommandFailure(.unknownName, "no scenario's name or file name contains \"\(filter)\"",
                             hint: "the scenarios are: " + names.map { "\"\($0)\"" }.joined(separator: ", "))
    }

    /// Whether `filter` is part of the scenario's name or its file's name, ignoring case.
    private static func matches(_ scenario: Scenario, _ filter: String) -> Bool {
        let file = (scenario.file as NSString).lastPathComponent
        return scenario.name.localizedCaseInsensitiveContains(filter) || file.localizedCaseInsensitiveContains(filter)
    }

    /// One scenario's lines of the text report.
    private func text(of result: ScenarioResult, indent: String) -> String {
        var text = "\(indent)\(result.passed ? "✓" : "✗") \(result.name) (\(result.stepCount) step\(result.stepCount == 1 ? "" : "s"))\n"
        for failure in result.failures {
            text += self.indent(DisplayPath.relativizing(failure.description(colour: reportOptions.coloursReport)), by: indent + "    ") + "\n"
        }
        for path in result.goldensWritten { text += "\(indent)  wrote \(DisplayPath.relative(path))\n" }
        return text
    }

    /// `result` with its files named relative to the working directory.
    private static func relativized(_ result: ScenarioResult) -> ScenarioResult {
        var shown = result
        shown.file = DisplayPath.relative(result.file)
        shown.failures = result.failures.map { failure in
            var failure = failure
            failure.file = DisplayPath.relative(failure.file)
            return failure
        }
        return shown
    }

    private func indent(_ text: String, by prefix: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }
}

extension TestCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? (format == .junit ? .junit : .text) }
    var reportName: String { "widgetry test" }
}

/// The first picture `--pictures` could not write: the step hook cannot throw, so it is kept
/// and thrown once the scenarios have run.
private final class PictureFailure: @unchecked Sendable {
    private(set) var first: (any Error)?

    func keep(_ error: any Error) {
        if first == nil { first = error }
    }
}
