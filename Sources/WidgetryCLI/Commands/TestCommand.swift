import ArgumentParser
import Foundation
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryLint
import WidgetryRuntime
import WidgetryScenario
import WidgetryService
import WidgetryReporting
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
            after another; --shard i/n runs every n-th. A bundle, widget or scenario file that \
            does not load is one failed case with its located errors, and the rest still runs. Exit codes: 0 all passed (and coverage at \
            least --min-coverage), 1 a scenario failed or coverage is too low, 2 a bundle or \
            scenario file is invalid or the widget does not load, 3 internal error.
            """
    )

    @Argument(help: ArgumentHelp("Bundle folders, archives, URLs or glob patterns (default: the working directory).", valueName: "bundle"))
    var bundles: [String] = []

    @Option(name: .customLong("scenario"), help: ArgumentHelp("Run only the scenarios whose name or file name contains this text, ignoring case.", valueName: "text"),
            completion: .custom(Completions.scenarios))
    var filter: String?

    @Flag(help: "Rewrite golden files with the snapshots and pictures instead of comparing them.")
    var update = false

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, junit, json
    }

    @Option(help: "Report format: text for people, junit for CI, json for programs.")
    var format: Format = .text

    @Option(help: ArgumentHelp("Write a picture of the screen after every step into this folder, with an index.html that shows each beside its text snapshot, and compare each scenario's last step with its golden PNG in Tests/pictures/ (docs/RENDERING.md).",
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

    func run() async throws {
        let console = Console.standard
        reportOptions.apply()
        let bundles = try BundleArguments.expand(self.bundles)
        try await watchOption.run(watching: bundles, console: console, reportingAs: self) {
            try await testOnce(bundles, console: console)
        }
    }

    /// Runs the scenarios of `bundles` once (``ScenarioSuite``): the report, and the exit code as
    /// a thrown ``ExitCode``.
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
        var suite = ScenarioSuite(filter: filter, shard: shardOption.part)
        suite.recordsCoverage = coverage
        suite.minimumCoverage = minimumCoverage
        suite.runner = ScenarioRunner(updatesGoldens: update)
        suite.runner.profile = profile
        suite.runner.defaults = try defaultsOption.values()
        suite.unreadableCase = { path, error in
            UnloadedCase(name: DisplayPath.relative(path), summary: "cannot be read", problems: ReportedDiagnostics(error).report)
        }
        let selected = suite.selected(bundles)
        let multiple = selected.count > 1
        let goldens = PictureGoldens(folder: pictures, perBundle: multiple)
        suite.runner.pictures = goldens.check(lastSteps: pictures != nil)
        let stepPictures = pictures.map { StepPictures(folder: $0) }
        let pictureFailure = PictureFailure()
        if let stepPictures {
            suite.afterStep = { position, bundle, scenario in
                // With several bundles, each one's pictures go in a folder of their own.
                let prefix = multiple ? "\(position + 1)-\(bundle.bundle.manifest.identifier.replacingOccurrences(of: "/", with: "-"))/" : ""
                return { index, step, run in
                    do {
                        try stepPictures.record(scenario: scenario.name, scenarioFile: scenario.file, prefix: prefix, index: index, title: step.title, run: run)
                    } catch {
                        pictureFailure.keep(error)
                    }
                }
            }
        }
        var loaded: [LoadedBundle] = []
        defer { for bundle in loaded { bundle.removeExtractedFiles() } }
        let indent = multiple ? "  " : ""
        let colour = reportOptions.coloursReport
        let outcome: SuiteResults
        do {
            outcome = try await suite.run(selected, load: { argument in
                do {
                    let (bundle, place) = try await loader.load(argument: argument)
                    loaded.append(bundle)
                    // The findings lint also makes follow the bundle's .widgetry.json, as lint's do.
                    return .loaded(SuiteBundle(name: argument, bundle: bundle.bundle) { findings in
                        let configured = RunWarnings.configured(findings, bundleRoot: bundle.bundle.rootPath)
                        return ReportedDiagnostics(LoadErrors(diagnostics: configured), in: place).report
                    })
                } catch let problems as ReportedDiagnostics {
                    return .failed(UnloadedCase(name: argument, summary: "did not load", problems: problems.report))
                }
            }, report: { event in
                switch event {
                case .warnings(let warnings):
                    // What loading the widget warned of, on standard error.
                    console.report(ReportedDiagnostics(warnings))
                case .bundleFailed(let unloaded):
                    // A bundle that does not load is one failed case; the others still run.
                    guard format == .text else { return }
                    if multiple { emit("\(unloaded.name):\n") }
                    emit(unloaded.text(indent: indent, colour: colour))
                case .bundleStarts(let scenarios):
                    guard format == .text else { return }
                    if multiple, !scenarios.scenarios.isEmpty || !scenarios.unreadable.isEmpty { emit("\(scenarios.bundle.name):\n") }
                    for unreadable in scenarios.unreadable { emit(unreadable.text(indent: indent, colour: colour)) }
                case .finished(let result):
                    if format == .text, !(reportOptions.quiet && result.passed) { emit(text(of: result, indent: indent)) }
                case .widgetFailed(let widget):
                    if format == .text { emit(widget.text(indent: indent, colour: colour)) }
                }
            })
        } catch let nothing as ScenarioSuite.NothingToRun {
            await goldens.close()
            throw Self.failure(nothing)
        }
        await goldens.close()
        if let stepPictures {
            if let error = pictureFailure.first { throw error }
            try stepPictures.writeIndex()
        }
        switch format {
        case .junit:
            try reportOptions.write(JUnitReport.render(outcome.bundles.map { JUnitReport.Suite(name: $0.suite, unloaded: $0.unloaded, results: $0.results) }),
                                    console: console)
        case .json:
            try reportOptions.write(JSONTestReport.render(outcome.bundles.map { JUnitReport.Suite(name: $0.suite, unloaded: $0.unloaded, results: $0.results) }),
                                    console: console)
        case .text:
            emit("\(outcome.caseCount - outcome.failedCount) passed, \(outcome.failedCount) failed\n")
            if coverage {
                for bundle in outcome.bundles {
                    guard let report = bundle.coverage else { continue }
                    if multiple { emit("\(bundle.name):\n") }
                    emit(report.text)
                }
            }
            if !streams { try reportOptions.write(gathered, console: console) }
        }
        for shortfall in outcome.coverageShortfalls {
            console.writeError(String(format: "%@coverage %.1f%% is below --min-coverage %.1f%%\n",
                                      multiple ? shortfall.bundle + ": " : "", shortfall.percentage, minimumCoverage ?? 0))
        }
        switch outcome.verdict {
        case .unloaded: throw ExitCode(ExitStatus.inputError)
        case .failed: throw ExitCode(1)
        case .passed: return
        }
    }

    /// The refusal of a run with no scenario at all: a bundle without any, or a filter that
    /// matches none (the hint lists the scenarios there are).
    private static func failure(_ nothing: ScenarioSuite.NothingToRun) -> CommandFailure {
        switch nothing {
        case .noScenarios(let bundle):
            CommandFailure(.missingPart, "\(bundle) has no scenarios", hint: "add Tests/NAME.scenario.json to the bundle")
        case .noMatch(let filter, let names):
            CommandFailure(.unknownName, "no scenario's name or file name contains \"\(filter)\"",
                           hint: "the scenarios are: " + names.map { "\"\($0)\"" }.joined(separator: ", "))
        }
    }

    /// One scenario's lines of the text report.
    private func text(of result: ScenarioResult, indent: String) -> String {
        var text = "\(indent)\(result.passed ? "✓" : "✗") \(result.name) (\(result.stepCount) step\(result.stepCount == 1 ? "" : "s"))\n"
        for failure in result.failures {
            text += self.indent(TestReportText.failure(failure, colour: reportOptions.coloursReport), by: indent + "    ") + "\n"
        }
        for path in result.goldensWritten { text += "\(indent)  wrote \(DisplayPath.relative(path))\n" }
        return text
    }

    private func indent(_ text: String, by prefix: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }
}

extension TestCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? (format == .junit ? .junit : format == .json ? .json : .text) }
    var reportName: String { "widgetry test" }
}

/// The errors loading a widget met, as a convertible to report them about the bundle's files.
private struct LoadErrors: DiagnosticConvertible {
    var diagnostics: [Diagnostic]
}

/// The first picture `--pictures` could not write: the step hook cannot throw, so it is kept
/// and thrown once the scenarios have run.
private final class PictureFailure: @unchecked Sendable {
    private(set) var first: (any Error)?

    func keep(_ error: any Error) {
        if first == nil { first = error }
    }
}
