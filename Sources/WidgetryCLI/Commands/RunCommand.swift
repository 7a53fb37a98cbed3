import ArgumentParser
import Foundation
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryExpressions
import WidgetryJSON
import WidgetryLint
import WidgetryRuntime
import WidgetryScenario
import WidgetryService
import WidgetryReporting
import WidgetryHostProfile

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a widget headlessly and print a snapshot of its screen.",
        discussion: """
            Loads the bundle, shows its entry screen (or --screen), runs its on-load actions and \
            everything they start until nothing is left to do (or --for SECONDS of run time), then \
            prints every element's state, each table's rows and cells, statuses, alerts, the \
            requests, the events with their run times, and the store's counts. The clock is \
            virtual unless --real-time: delays take no time, and --now fixes the instant the run \
            starts at, so the output is the same on every run.
            """
    )

    @Argument(help: ArgumentHelp("Bundle folders, archives, URLs or glob patterns; each runs on its own, and their snapshots are printed in order (default: the working directory).",
                                 valueName: "bundle"))
    var bundles: [String] = []

    @Option(help: ArgumentHelp("The screen to show instead of the entry screen.", valueName: "name"), completion: .custom(Completions.screens))
    var screen: String?

    @Option(name: .customLong("for"), parsing: .unconditional, help: ArgumentHelp("Stop after this many seconds of run time (default: when idle).", valueName: "seconds"))
    var duration: Double?

    @Flag(name: .customLong("until-idle"), help: "Stop when nothing is left to do but timers (the default).")
    var untilIdle = false


    @OptionGroup var errorOptions: ErrorFormatOption
    func validate() throws {
        if untilIdle, duration != nil { throw ValidationError("--until-idle and --for are alternatives; give one") }
        if scenario != nil, bundles.count > 1 { throw ValidationError("--scenario plays one bundle; name one") }
        if events != nil, bundles.count > 1 { throw ValidationError("--events logs one bundle's run; name one") }
        if scenario != nil, watchOption.watch { throw ValidationError("--watch reruns the snapshot, not a scenario: use widgetry test --watch") }
    }

    @Option(help: ArgumentHelp("The instant the run starts at, ISO 8601 (default: the system clock).", valueName: "date"))
    var now: String?

    @Option(name: .customLong("time-zone"), help: ArgumentHelp("Time zone of dates and transformers.", valueName: "id"))
    var timeZone: String = "UTC"

    @Option(help: ArgumentHelp("The device locale the widget sees; English locales only.", valueName: "id"))
    var locale: String = "en_US_POSIX"

    @Flag(name: .customLong("real-time"), help: "Use the wall clock instead of the virtual one.")
    var realTime = false

    @Option(help: ArgumentHelp("Keep the store in this SQLite file (created when missing).", valueName: "file"))
    var store: String?

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "Snapshot format: text for people, json for programs.")
    var format: Format = .text

    @Option(help: ArgumentHelp("Play a scenario file and print the snapshot after each step; its settings replace --now, --locale, --time-zone and --service; --store still applies.",
                               valueName: "file"))
    var scenario: String?

    @Option(help: ArgumentHelp("Write every event of the run (actions, navigation, alerts) to this file as JSON lines.", valueName: "file"))
    var events: String?

    @Option(name: .customLong("max-render-passes"), parsing: .unconditional,
            help: ArgumentHelp("How many times a render may evaluate the bindings while they change elements other bindings read (render.pass-limit).", valueName: "n"))
    var maxRenderPasses: Int = WidgetRun.Options.defaultMaxRenderPasses

    @OptionGroup var defaultsOption: DefaultsOption

    @Flag(help: "Refuse to run a bundle with warnings: what upstream skipped silently, and every finding lint makes of any of its screens at warning level or above; report them as errors and exit 2.")
    var strict = false

    @OptionGroup var watchOption: WatchOption
    @OptionGroup var serviceOptions: ServiceCommandOptions
    @OptionGroup var sourceOptions: SourceOptions

    func run() async throws {
        let console = Console.standard
        var start = Date()
        if let now {
            start = try NumericOptions.date(now, option: "--now")
        }
        if let duration { try NumericOptions.seconds(duration, option: "--for") }
        try NumericOptions.count(maxRenderPasses, option: "--max-render-passes", in: 1...1_000)
        guard let zone = TimeZone(identifier: timeZone) else { throw ValidationError("--time-zone \(timeZone) is not a known time zone") }
        let profile = try sourceOptions.profile()
        let loader = BundleLoader(options: try sourceOptions.loaderOptions(with: profile))
        let bundles = try BundleArguments.expand(self.bundles)
        if let scenario, let bundle = bundles.first {
            let (loaded, place) = try await loader.load(argument: bundle)
            defer { loaded.removeExtractedFiles() }
            let log = try events.map { try EventLog(path: $0) }
            let warnings = LocatedWarnings(warnings: loaded.bundle.warnings.filter { $0.file != nil }, run: WidgetRun.storyboardWarnings(of: loaded.bundle))
            try report(warnings, of: loaded, at: place, profile: profile, console: console)
            let passed = try await play(scenario, bundle: loaded.bundle, profile: profile, console: console, log: log)
            try log?.close()
            if !passed { throw ExitCode(1) }
            return
        }
        try await watchOption.run(watching: bundles, console: console, reportingAs: self) {
            try await runOnce(bundles, loader: loader, profile: profile, start: start, zone: zone, console: console)
        }
    }

    /// Runs each of `bundles` once and prints the snapshots.
    private func runOnce(_ bundles: [String], loader: BundleLoader, profile: HostProfile, start: Date, zone: TimeZone, console: Console) async throws {
        var outputs = BundleOutputs(count: bundles.count)
        for bundle in bundles {
            do {
                let widget = try await runWidget(bundle, loader: loader, profile: profile, start: start, zone: zone, console: console)
                switch format {
                case .text: outputs.append(text: (bundles.count > 1 ? "== \(bundle)\n" : "") + SnapshotText.render(widget))
                case .json: outputs.append(document: SnapshotJSON.render(widget))
                }
            } catch where bundles.count > 1 {
                try outputs.recordFailure(error)
            }
        }
        try outputs.finish(console: console, json: format == .json ? JSONWritingOptions(pretty: true) : nil)
    }

    /// Loads the bundle `argument` names and runs it until idle (or `--for`); the run, shut down.
    private func runWidget(_ argument: String, loader: BundleLoader, profile: HostProfile, start: Date, zone: TimeZone,
                           console: Console) async throws -> WidgetRun {
        let (loaded, place) = try await loader.load(argument: argument)
        defer { loaded.removeExtractedFiles() }
        let log = try events.map { try EventLog(path: $0) }
        let options = try runOptions(start: start, zone: zone, profile: profile)
        let widget = try place.reporting { try WidgetRun(bundle: loaded.bundle, options: options) }
        do {
            try report(LocatedWarnings(warnings: loaded.bundle.warnings.filter { $0.file != nil }, run: widget.loadWarnings),
                       of: loaded, at: place, profile: profile, console: console)
        } catch {
            await widget.shutdown()
            throw error
        }
        if let log { widget.observe { log.append($0) } }
        await widget.run(until: duration ?? .infinity)
        await widget.shutdown()
        try log?.close()
        return widget
    }

    /// The run's options, each from its command-line option.
    private func runOptions(start: Date, zone: TimeZone, profile: HostProfile) throws -> WidgetRun.Options {
        var options = WidgetRun.Options()
        options.service = serviceOptions.service.selection
        options.now = start
        options.timeZone = zone
        options.locale = Locale(identifier: locale)
        options.clock = realTime ? .real : .virtual
        options.storeFile = store
        options.credentials = serviceOptions.credentials
        options.transport = try serviceOptions.transportOptions(allowingPlainHTTP: sourceOptions.allowHTTP)
        options.screen = screen
        options.defaults = try defaultsOption.values()
        options.maxRenderPasses = maxRenderPasses
        options.profile = profile
        return options
    }

    /// Prints `warnings` before the run goes on; with `--strict`, refuses them and every
    /// finding at warning level or above lint makes of the whole bundle (``StrictFindings``).
    private func report(_ given: LocatedWarnings, of loaded: LoadedBundle, at place: BundlePlace, profile: HostProfile, console: Console) throws {
        // The findings lint also makes follow the bundle's .widgetry.json, as lint's do.
        let warnings = LocatedWarnings(warnings: given.warnings, run: RunWarnings.configured(given.run, bundleRoot: loaded.bundle.rootPath))
        if strict {
            let refused = StrictFindings.merged(ReportedDiagnostics(warnings.asErrors, in: place).report,
                                                with: StrictFindings.of(loaded, place: place, profile: profile))
            if !refused.diagnostics.isEmpty { throw ReportedDiagnostics(refused) }
            return
        }
        guard !warnings.diagnostics.isEmpty else { return }
        console.report(ReportedDiagnostics(warnings, in: place))
    }

    /// Plays a scenario, printing the snapshot after every step; returns whether every step passed.
    private func play(_ path: String, bundle: WidgetBundle, profile: HostProfile, console: Console, log: EventLog?) async throws -> Bool {
        let scenario = try ScenarioFiles.read(path)
        var runner = ScenarioRunner()
        runner.storeFile = store
        runner.profile = profile
        runner.credentials = serviceOptions.credentials
        runner.defaults = try defaultsOption.values()
        runner.transport = try serviceOptions.transportOptions(allowingPlainHTTP: sourceOptions.allowHTTP)
        runner.maxRenderPasses = maxRenderPasses
        if let log { runner.onEvent = { log.append($0) } }
        runner.afterStep = { index, step, run in
            console.write("== step \(index + 1): \(step.title)\n")
            switch format {
            case .text: console.write(SnapshotText.render(run))
            case .json: console.write(SnapshotJSON.render(run).serialized(JSONWritingOptions(pretty: true)) + "\n")
            }
        }
        let result = await runner.run(scenario, bundle: bundle)
        for failure in result.failures { console.writeError(failure.description + "\n") }
        return result.passed
    }
}

extension RunCommand: ReportsErrors {
    var errorFormat: ReportFormat { errorOptions.format ?? (format == .json ? .json : .text) }
    var reportName: String { "widgetry run" }
}

/// The bundle's warnings about its files (`bundle.not-a-screen`) and the run's, placed: what
/// `run` goes on after, and what `--strict` refuses.
private struct LocatedWarnings: DiagnosticConvertible {
    var warnings: [BundleWarning]
    /// The run's own (``WidgetRun/loadWarnings``, or only the storyboard's before a scenario's
    /// run is made: ``WidgetRun/storyboardWarnings(of:options:)``).
    var run: [Diagnostic]

    var diagnostics: [Diagnostic] { warnings.map(\.diagnostic) + run }

    /// The same findings as errors, for `--strict`.
    var asErrors: Refused { Refused(diagnostics: diagnostics.map { $0.with(severity: .error) }) }

    struct Refused: DiagnosticConvertible {
        var diagnostics: [Diagnostic]
    }
}
