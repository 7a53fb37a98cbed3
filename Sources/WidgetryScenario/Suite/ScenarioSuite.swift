import Foundation
public import WidgetryBundle
public import WidgetryJSON
public import WidgetryRuntime

/// The scenarios of several bundles run as one suite, as `widgetry test` runs them: which
/// bundles a shard takes, each bundle's scenarios found and filtered, a run of each reported as
/// it finishes, what did not load as failed cases, and the coverage gate. The caller loads the
/// bundles and prints; the suite decides.
public struct ScenarioSuite {
    /// Run only the scenarios whose name or file name contains this text, ignoring case.
    public var filter: String?
    /// The part of the bundles to run; all of them when nil.
    public var shard: BundleShard?
    /// Record which bindings took which branch, which actions ran, which screens were shown.
    public var recordsCoverage = false
    /// The coverage, in percent, below which a bundle fails (``SuiteResults/coverageShortfalls``);
    /// coverage is recorded when it is set.
    public var minimumCoverage: Double?
    /// How each scenario runs (goldens, profile, defaults); each bundle gets its own copy, with
    /// a coverage recorder of its own when coverage is recorded.
    public var runner = ScenarioRunner()
    /// The case of a scenario file that cannot be read, named and reported as the caller shows
    /// files; by default, by its path with the error's own diagnostics.
    public var unreadableCase: (String, ScenarioLoadError) -> UnloadedCase = { path, error in
        UnloadedCase(name: path, summary: "cannot be read", problems: DiagnosticReport(diagnostics: error.diagnostics, files: [path]))
    }
    /// Called after each step of each scenario (`--pictures`), given the bundle's position among
    /// those run, the bundle and the scenario.
    public var afterStep: ((Int, SuiteBundle, Scenario) -> (Int, Scenario.Step, WidgetRun) -> Void)?

    public init(filter: String? = nil, shard: BundleShard? = nil) {
        self.filter = filter
        self.shard = shard
    }

    /// What the suite tells its caller while it runs, in order, for a report that streams.
    public enum Event {
        /// A bundle named to the suite did not load: one failed case.
        case bundleFailed(UnloadedCase)
        /// A bundle's scenarios are about to run; its unreadable scenario files are failed cases.
        case bundleStarts(BundleScenarios)
        /// What loading the widget warned of, reported about the bundle's files, each once however
        /// many scenarios meet it.
        case warnings(DiagnosticReport)
        /// A scenario ran.
        case finished(ScenarioResult)
        /// The widget did not load: one failed case for every scenario it stopped.
        case widgetFailed(UnloadedCase)
    }

    /// Why a suite runs no scenario at all.
    public enum NothingToRun: Error, Equatable {
        /// The bundle (named as given) has no scenarios.
        case noScenarios(bundle: String)
        /// No scenario's name or file name contains the filter; every scenario's name.
        case noMatch(filter: String, names: [String])
    }

    /// The names this suite's shard takes, of those given, in order.
    public func selected(_ names: [String]) -> [String] {
        shard.map { $0.select(names).map(\.element) } ?? names
    }

    /// Reads `bundle`'s scenarios (`Tests/*.scenario.json`), keeping those the filter matches; a
    /// scenario file that cannot be read is a failed case of its own.
    public func discover(in bundle: SuiteBundle) -> BundleScenarios {
        var found = BundleScenarios(bundle: bundle, scenarios: [], names: [], unreadable: [])
        for path in ScenarioFiles.paths(in: bundle.bundle) {
            do throws(ScenarioLoadError) {
                let scenario = try ScenarioFiles.read(path)
                found.names.append(scenario.name)
                if filter.map({ Self.matches(scenario, $0) }) ?? true { found.scenarios.append(scenario) }
            } catch {
                found.unreadable.append(unreadableCase(path, error))
            }
        }
        return found
    }

    /// Runs the scenarios of `bundles`, loaded one after another by `load` (the names given, not
    /// yet sharded: see ``selected(_:)``), telling `report` of each as it happens. Refuses, before
    /// running any, a suite where every bundle loaded and every scenario file was read but no
    /// scenario is there to run (``NothingToRun``). An error `load` throws ends the suite.
    public func run(_ bundles: [String], load: (String) async throws -> SuiteLoading,
                    report: (Event) -> Void) async throws -> SuiteResults {
        var prepared: [Preparation] = []
        for name in bundles {
            switch try await load(name) {
            case .loaded(let bundle): prepared.append(.ready(discover(in: bundle)))
            case .failed(let unloaded): prepared.append(.failed(unloaded))
            }
        }
        let ready = prepared.compactMap { preparation -> BundleScenarios? in
            if case .ready(let scenarios) = preparation { return scenarios }
            return nil
        }
        if ready.count == prepared.count, ready.allSatisfy({ $0.unreadable.isEmpty }), let nothing = Self.nothingToRun(in: ready, filter: filter) {
            throw nothing
        }
        var results = SuiteResults(bundles: [], minimumCoverage: minimumCoverage)
        for (position, preparation) in prepared.enumerated() {
            switch preparation {
            case .failed(let unloaded):
                report(.bundleFailed(unloaded))
                results.bundles.append(BundleResults(name: unloaded.name, suite: unloaded.name, unloaded: [unloaded], results: [], coverage: nil))
            case .ready(let scenarios):
                results.bundles.append(await run(scenarios, position: position, report: report))
            }
        }
        return results
    }

    /// A bundle named to the suite, its scenarios read, or the case of its failing to load.
    private enum Preparation {
        case ready(BundleScenarios)
        case failed(UnloadedCase)
    }

    /// Runs one bundle's scenarios, each on a fresh run, telling `report` as each finishes.
    public func run(_ scenarios: BundleScenarios, position: Int = 0, report: (Event) -> Void) async -> BundleResults {
        let bundle = scenarios.bundle
        var runner = self.runner
        runner.coverage = recordsCoverage || minimumCoverage != nil ? CoverageRecorder() : nil
        report(.bundleStarts(scenarios))
        var results: [ScenarioResult] = []
        var widgetProblems = DiagnosticReport()
        var warned: Set<Diagnostic> = []
        for scenario in scenarios.scenarios {
            runner.afterStep = afterStep.map { $0(position, bundle, scenario) }
            let result = await runner.run(scenario, bundle: bundle.bundle)
            let fresh = result.warnings.filter { warned.insert($0).inserted }
            if !fresh.isEmpty { report(.warnings(bundle.report(fresh))) }
            guard result.loadErrors.isEmpty else {
                Self.add(result.loadErrors, of: bundle, to: &widgetProblems)
                continue
            }
            report(.finished(result))
            results.append(result)
        }
        var unloaded = scenarios.unreadable
        if !widgetProblems.diagnostics.isEmpty {
            let widget = UnloadedCase(name: bundle.name, summary: "the widget did not load", problems: widgetProblems)
            report(.widgetFailed(widget))
            unloaded.insert(widget, at: 0)
        }
        let coverage = runner.coverage.map { recorder in
            recorder.report(for: bundle.bundle, configuration: try? WidgetServices(bundle: bundle.bundle, options: WidgetRun.Options()).configuration)
        }
        return BundleResults(name: bundle.name, suite: bundle.bundle.manifest.identifier, unloaded: unloaded, results: results, coverage: coverage)
    }

    /// Adds the errors a scenario's run met loading the widget (files named from the bundle's
    /// root folder) to `problems`, each once, reported as the bundle's other files are.
    private static func add(_ errors: [Diagnostic], of bundle: SuiteBundle, to problems: inout DiagnosticReport) {
        let root = bundle.bundle.rootPath + "/"
        let relative = errors.map { $0.file.hasPrefix(root) ? $0.inFile(String($0.file.dropFirst(root.count))) : $0 }
        let reported = bundle.report(relative)
        let known = Set(problems.diagnostics)
        problems.append(DiagnosticReport(diagnostics: reported.diagnostics.filter { !known.contains($0) }, files: reported.files, sources: reported.sources))
    }

    /// Why `prepared` runs no scenario (no bundle has any, or the filter matches none); nil when
    /// some scenario runs.
    public static func nothingToRun(in prepared: [BundleScenarios], filter: String?) -> NothingToRun? {
        guard prepared.allSatisfy({ $0.scenarios.isEmpty }) else { return nil }
        let names = prepared.flatMap(\.names)
        guard let filter, !names.isEmpty else { return .noScenarios(bundle: prepared.first?.bundle.name ?? "the bundle") }
        return .noMatch(filter: filter, names: names)
    }

    /// Whether `filter` is part of the scenario's name or its file's name, ignoring case.
    private static func matches(_ scenario: Scenario, _ filter: String) -> Bool {
        let file = (scenario.file as NSString).lastPathComponent
        return scenario.name.localizedCaseInsensitiveContains(filter) || file.localizedCaseInsensitiveContains(filter)
    }
}
