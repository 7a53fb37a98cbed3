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
        var place: BundlePlace
        var scenarios: [Scenario]
        /// Every scenario's name, for the hint when the filter matches none.
        var names: [String]
        /// The scenario files that cannot be read, each a failed case.
        var unreadable: [UnloadedCase]
    }

    /// One bundle's outcome.
    private struct BundleResults {
        var argument: String
        var suite: String
        /// What did not load: the bundle, its widget, scenario files.
        var unloaded: [UnloadedCase]
        var results: [ScenarioResult]
        var coverage: CoverageReport?

        var failedCount: Int { unloaded.count + results.filter { !$0.passed }.count }
    }

    /// A bundle named on the command line, loaded with its scenarios read, or the case of its
    /// failing to load.
    private enum Preparation {
        case ready(BundleScenarios)
        case failed(UnloadedCase)
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
        let selected = shardOption.select(bundles).map(\.element)
        var preparations: [Preparation] = []
        defer {
            for case .ready(let bundle) in preparations { bundle.loaded.removeExtractedFiles() }
        }
        for argument in selected { preparations.append(try await prepare(argument, loader: loader)) }
        let ready = preparations.compactMap { preparation -> BundleScenarios? in
            if case .ready(let bundle) = preparation { return bundle }
            return nil
        }
        if ready.count == preparations.count, ready.allSatisfy { $0.unreadable.isEmpty } { try Self.checkSomethingRuns(ready, filter: filter) }

        let multiple = selected.count > 1
        let stepPictures = pictures.map { StepPictures(folder: $0) }
        let pictureFailure = PictureFailure()
        var outcomes: [BundleResults] = []
        for (position, preparation) in preparations.enumerated() {
            switch preparation {
            case .failed(let unloaded):
                // A bundle that does not load is one failed case; the others still run.
                if format == .text {
                    if multiple { emit("\(unloaded.name):\n") }
                    emit(unloaded.text(indent: multiple ? "  " : "", colour: reportOptions.coloursReport))
                }
                outcomes.append(BundleResults(argument: unloaded.name, suite: unloaded.name, unloaded: [unloaded], results: [], coverage: nil))
            case .ready(let bundle):
                var runner = ScenarioRunner(updatesGoldens: update, coverage: coverage || minimumCoverage != nil ? CoverageRecorder() : nil)
                runner.profile = profile
                runner.defaults = try defaultsOption.values()
                // With several bundles, each one's pictures go in a folder of their own.
                let prefix = multiple ? "\(position + 1)-\(bundle.loaded.bundle.manifest.identifier.replacingOccurrences(of: "/", with: "-"))/" : ""
                let recordPictures = stepPictures.map { stepPictures in
                    { (scenario: Scenario) in
                        { (index: Int, step: Scenario.Step, run: WidgetRun) in
                            do {
                                try stepPictures.record(scenario: scenario.name, scenarioFile: scenario.file, prefix: prefix, index: index, title: step.title, run: run)
                            } catch {
                                pictureFailure.keep(error)
                            }
                        }
                    }
                }
                outcomes.append(await run(bundle, with: runner, recordingPictures: recordPictures, multiple: multiple, emit: emit))
            }
        }
        if let stepPictures {
            if let error = pictureFailure.first { throw error }
            try stepPictures.writeIndex()
        }
        switch format {
        case .junit:
            try reportOptions.write(JUnitReport.render(outcomes.map { JUnitReport.Suite(name: $0.suite, unloaded: $0.unloaded, results: $0.results) }),
                                    console: console)
        case .text:
            let failed = outcomes.map(\.failedCount).reduce(0, +)
            let total = outcomes.map { $0.unloaded.count + $0.results.count }.reduce(0, +)
            emit("\(total - failed) passed, \(failed) failed\n")
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
        if outcomes.contains(where: { !$0.unloaded.isEmpty }) { throw ExitCode(ExitStatus.inputError) }
        if outcomes.contains(where: { $0.failedCount > 0 }) || failedCoverage { throw ExitCode(1) }
    }

    /// Loads the bundle `argument` names and reads its scenarios, keeping those the filter
    /// matches; a scenario file that cannot be read is a failed case of its own.
    private func prepare(_ argument: String, loader: BundleLoader) async throws -> Preparation {
        let loaded: LoadedBundle, place: BundlePlace
        do {
            (loaded, place) = try await loader.load(argument: argument)
        } catch let problems as ReportedDiagnostics {
            return .failed(UnloadedCase(name: argument, summary: "did not load", problems: problems.report))
        }
        var bundle = BundleScenarios(argument: argument, loaded: loaded, place: place, scenarios: [], names: [], unreadable: [])
        for path in ScenarioFiles.paths(in: loaded.bundle) {
            do throws(ScenarioLoadError) {
                let scenario = try ScenarioFiles.read(path)
                bundle.names.append(scenario.name)
                if filter.map({ Self.matches(scenario, $0) }) ?? true { bundle.scenarios.append(scenario) }
            } catch {
                bundle.unreadable.append(UnloadedCase(name: DisplayPath.relative(path), summary: "cannot be read", problems: ReportedDiagnostics(error).report))
            }
        }
        return .ready(bundle)
    }

    /// Runs `bundle`'s scenarios with `runner`, emitting the text report as they finish;
    /// `recordingPictures` gives each scenario's step hook for `--pictures`.
    private func run(_ bundle: BundleScenarios, with runner: ScenarioRunner,
                     recordingPictures: ((Scenario) -> (Int, Scenario.Step, WidgetRun) -> Void)?,
                     multiple: Bool, emit: (String) -> Void) async -> BundleResults {
        var runner = runner
        let indent = multiple ? "  " : ""
        if format == .text {
            if multiple, !bundle.scenarios.isEmpty || !bundle.unreadable.isEmpty { emit("\(bundle.argument):\n") }
            for unreadable in bundle.unreadable { emit(unreadable.text(indent: indent, colour: reportOptions.coloursReport)) }
        }
        var results: [ScenarioResult] = []
        var widgetProblems = DiagnosticReport()
        var warned: Set<Diagnostic> = []
        for scenario in bundle.scenarios {
            if let recordingPictures { runner.afterStep = recordingPictures(scenario) }
            let result = await runner.run(scenario, bundle: bundle.loaded.bundle)
            // What loading the widget warned of, on standard error, once however many scenarios meet it.
            let fresh = result.warnings.filter { warned.insert($0).inserted }
            if !fresh.isEmpty { Console.standard.report(ReportedDiagnostics(LoadErrors(diagnostics: fresh), in: bundle.place)) }
            guard result.loadErrors.isEmpty else {
                // The widget that did not load is reported once, for every scenario it stopped.
                Self.add(result.loadErrors, of: bundle, to: &widgetProblems)
                continue
            }
            if format == .text, !(reportOptions.quiet && result.passed) { emit(text(of: result, indent: indent)) }
            results.append(result)
        }
        var unloaded = bundle.unreadable
        if !widgetProblems.diagnostics.isEmpty {
            let widget = UnloadedCase(name: bundle.argument, summary: "the widget did not load", problems: widgetProblems)
            if format == .text { emit(widget.text(indent: indent, colour: reportOptions.coloursReport)) }
            unloaded.insert(widget, at: 0)
        }
        let coverage = runner.coverage.map { recorder in
            recorder.report(for: bundle.loaded.bundle, configuration: try? WidgetServices(bundle: bundle.loaded.bundle, options: WidgetRun.Options()).configuration)
        }
        return BundleResults(argument: bundle.argument, suite: bundle.loaded.bundle.manifest.identifier, unloaded: unloaded, results: results, coverage: coverage)
    }

    /// Adds the errors a scenario's run met loading the widget (files named from the bundle's
    /// root) to `problems`, each once, named as the bundle's other files are.
    private static func add(_ errors: [Diagnostic], of bundle: BundleScenarios, to problems: inout DiagnosticReport) {
        let root = bundle.loaded.bundle.rootPath + "/"
        let relative = errors.map { $0.file.hasPrefix(root) ? $0.inFile(String($0.file.dropFirst(root.count))) : $0 }
        let reported = ReportedDiagnostics(LoadErrors(diagnostics: relative), in: bundle.place).report
        let known = Set(problems.diagnostics)
        problems.append(DiagnosticReport(diagnostics: reported.diagnostics.filter { !known.contains($0) }, files: reported.files, sources: reported.sources))
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
    var errorFormat: ReportFormat { errorOptions.format ?? (format == .junit ? .junit : .text) }
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
