import Foundation
public import WidgetryBundle
public import WidgetryExpressions
public import WidgetryJSON
public import WidgetryRuntime
public import WidgetryHostProfile
public import WidgetryService
import WidgetryStore
import WidgetryModel

/// What running a scenario gave.
public struct ScenarioResult: Sendable {
    /// A step that did not go as the scenario says.
    public struct Failure: Sendable {
        /// The step's index (0-based) and what it does.
        public var step: Int
        public var title: String
        /// Why the step failed.
        public var code: DiagnosticCode
        public var file: String
        public var location: SourceLocation?
        public var message: String
        /// For a golden that differs from the snapshot: the diff, which `message` ends with
        /// uncoloured, so a terminal can show it coloured instead (``description(colour:)``).
        public var diff: LineDiff?
        /// Files written to show the failure (a picture, and it beside its golden and their
        /// difference), which `message` names too.
        public var files: [String] = []

        /// `file:line:column: step N (title): message`.
        public var description: String { description(colour: false) }

        /// The ``description``, with its diff coloured when `colour` is set.
        public func description(colour: Bool) -> String {
            var text = message
            if colour, let diff {
                text = String(message.dropLast(diff.render().count)) + diff.render(colour: true)
            }
            return file + (location.map { ":\($0.line):\($0.column)" } ?? "") + ": step \(step + 1) (\(title)): " + text
        }

        /// The failure as a finding at its step, for reports that take findings.
        public var diagnostic: Diagnostic {
            Diagnostic(code: code, severity: .error, place: DiagnosticLocation(file: file, start: location),
                       message: "step \(step + 1) (\(title)): " + message)
        }
    }

    public var name: String
    public var file: String
    public var failures: [Failure]
    public var stepCount: Int
    /// Goldens written because the run was asked to update them (or they were missing).
    public var goldensWritten: [String]
    /// The run time the scenario took, in seconds (virtual unless the clock is real).
    public var runTime: Double
    /// Why the widget did not load, when it did not (its files named from the bundle's root):
    /// the bundle is invalid rather than the scenario failed.
    public var loadErrors: [Diagnostic] = []
    /// What the widget's loading warned of (``WidgetRun/loadWarnings``: an action nothing
    /// defines), its files named from the bundle's root, for the command to print.
    public var warnings: [Diagnostic] = []

    public var passed: Bool { failures.isEmpty }
}

/// Runs scenarios against a bundle: one fresh run per scenario, each step in order. An
/// interaction that fails unexpectedly ends the scenario; every failed expectation is reported.
public struct ScenarioRunner {
    /// Rewrite golden files with the snapshots instead of comparing.
    public var updatesGoldens = false
    /// Shared by the runs, when coverage is wanted.
    public var coverage: CoverageRecorder?
    /// Called after each step with the run (`widgetry run --scenario` prints its snapshot).
    public var afterStep: ((Int, Scenario.Step, WidgetRun) -> Void)?
    /// Compares pictures of the screen with golden PNGs (`picture` steps, and with `--pictures`
    /// the golden of each scenario's last step); without it, a `picture` step fails with
    /// `scenario.picture-unavailable`.
    public var pictures: PictureCheck?
    /// Called with every event of each run.
    public var onEvent: ((RunEvent) -> Void)?
    /// Keep the run's store in this SQLite file instead of memory (`widgetry run --scenario
    /// --store`): the scenario starts from what the file holds and leaves what it did there.
    public var storeFile: String?
    /// How many times a render may evaluate a screen's bindings (``WidgetRun/Options/maxRenderPasses``).
    public var maxRenderPasses = WidgetRun.Options.defaultMaxRenderPasses
    /// What the host app supplied in code, for every run (``WidgetRun/Options/profile``).
    public var profile = HostProfile()
    /// The credentials `needAuth` requests carry, instead of the profile's provider's.
    public var credentials: Credentials?
    /// User defaults given on the command line: over the profile's and the scenario's own.
    public var defaults: [String: Value] = [:]
    /// The network client's limits, for scenarios that run against dev or prod.
    public var transport = HTTPTransportOptions()

    public init(updatesGoldens: Bool = false, coverage: CoverageRecorder? = nil) {
        self.updatesGoldens = updatesGoldens
        self.coverage = coverage
    }

    public func run(_ scenario: Scenario, bundle: WidgetBundle) async -> ScenarioResult {
        var result = ScenarioResult(name: scenario.name, file: scenario.file, failures: [], stepCount: scenario.steps.count, goldensWritten: [], runTime: 0)
        func fail(_ index: Int, _ step: Scenario.Step?, _ code: DiagnosticCode, _ message: String, diff: LineDiff? = nil, files: [String] = []) {
            result.failures.append(.init(step: index, title: step?.title ?? "setup", code: code, file: scenario.file,
                                         location: step?.location, message: message, diff: diff, files: files))
        }
        let settings = scenario.settings
        var options = WidgetRun.Options(service: settings.service, now: settings.now, timeZone: settings.timeZone, locale: settings.locale,
                                        storeFile: storeFile, credentials: credentials, screen: settings.screen,
                                        defaults: settings.defaults.merging(defaults) { _, given in given }, coverage: coverage,
                                        stubPatch: settings.stubPatch, maxRenderPasses: maxRenderPasses)
        options.profile = profile
        options.transport = transport
        let run: WidgetRun
        do {
            run = try WidgetRun(bundle: bundle, options: options)
        } catch {
            result.loadErrors = error.diagnostics.map { $0.file.isEmpty || $0.file.hasPrefix("/") ? $0 : $0.inFile(bundle.rootPath + "/" + $0.file) }
            fail(0, nil, ScenarioFailureCode.loadFailed.diagnosticCode, "the widget did not load:\n" + result.loadErrors.map(\.description).joined(separator: "\n"))
            return result
        }
        if let onEvent { run.observe(onEvent) }
        let actionFailures = ActionFailures(observing: run)
        await run.run()
        for (index, step) in scenario.steps.enumerated() {
            switch step.kind {
            case .interaction(let interaction, let seconds, let expectedFailure):
                do {
                    try Self.confine(interaction, scenarioFile: scenario.file)
                    try await run.perform(interaction, for: seconds)
                    if let expectedFailure { fail(index, step, ScenarioFailureCode.unexpectedSuccess.diagnosticCode, "it was expected to fail with \"\(expectedFailure)\", but it succeeded") }
                } catch {
                    if let expectedFailure {
                        if !error.message.contains(expectedFailure) {
                            fail(index, step, ScenarioFailureCode.otherFailure.diagnosticCode, "it failed, but not with \"\(expectedFailure)\":\n\(error.message)")
                        }
                    } else {
                        fail(index, step, error.diagnosticCode, error.message)
                        afterStep?(index, step, run)
                        result.runTime = run.timeline.now
                        result.warnings = run.loadWarnings
                        await finish(run)
                        return result
                    }
                }
            case .expect(let predicates):
                let scope = ScenarioScope.make(run)
                for predicate in predicates {
                    if let message = check(predicate, in: scope) { fail(index, step, ScenarioFailureCode.expectation.diagnosticCode, message + actionFailures.text) }
                }
            case .expectStore(let entity, let filter, let count):
                if let message = checkStore(run, entity: entity, filter: filter, count: count) { fail(index, step, ScenarioFailureCode.expectation.diagnosticCode, message + actionFailures.text) }
            case .golden(let path):
                if let mismatch = compareGolden(path, run: run, written: &result.goldensWritten) {
                    fail(index, step, ScenarioFailureCode.goldenMismatch.diagnosticCode, mismatch.message, diff: mismatch.diff)
                }
            case .picture(let path, let tolerance):
                if let failure = await comparePicture(path, tolerance: tolerance ?? settings.pictureTolerance, scenario: scenario, step: index,
                                                      run: run, written: &result.goldensWritten) {
                    fail(index, step, failure.code.diagnosticCode, failure.message, files: failure.files)
                }
            }
            afterStep?(index, step, run)
        }
        if let last = scenario.steps.indices.last, let golden = lastStepGolden(of: scenario),
           let failure = await comparePicture(golden, tolerance: settings.pictureTolerance, scenario: scenario, step: last,
                                              run: run, written: &result.goldensWritten) {
            fail(last, scenario.steps[last], failure.code.diagnosticCode, failure.message, files: failure.files)
        }
        result.runTime = run.timeline.now
        result.warnings = run.loadWarnings
        await finish(run)
        return result
    }

    private func finish(_ run: WidgetRun) async {
        coverage?.record(run)
        await run.shutdown()
    }

    /// Nil when `predicate` holds in `scope`; otherwise what the key paths it reads were.
    private func check(_ predicate: WidgetryExpressions.Predicate, in scope: Value) -> String? {
        do {
            if try predicate.evaluate(with: scope) { return nil }
        } catch {
            return "\(predicate.format) could not be evaluated: \(error)"
        }
        var message = "expected \(predicate.format)"
        var shown: Set<String> = []
        for operand in Self.comparedOperands(of: predicate.syntax, in: predicate.format) where shown.insert(operand).inserted {
            guard let value = try? WidgetryExpressions.Expression(format: operand, arguments: []).evaluate(with: scope) else { continue }
            message += "\n  \(operand) is \(Self.describe(value))"
        }
        for use in predicate.facts.keyPaths where use.root == .evaluatedObject {
            if let missing = Self.missingKey(use.components, in: scope), shown.insert(missing).inserted { message += "\n  " + missing }
        }
        return message
    }

    /// The texts of the operands the predicate's comparisons read (not their literals), in
    /// order: what a failed expectation shows the values of.
    static func comparedOperands(of syntax: PredicateSyntax, in text: String) -> [String] {
        switch syntax.kind {
        case .constant: return []
        case .not(let inner): return comparedOperands(of: inner, in: text)
        case .and(let parts), .or(let parts): return parts.flatMap { comparedOperands(of: $0, in: text) }
        case .comparison(let comparison):
            return [comparison.left, comparison.right].compactMap { operand in
                if case .constant = operand.kind { return nil }
                let bytes = Array(text.utf8)
                guard operand.range.lowerBound >= 0, operand.range.upperBound <= bytes.count else { return nil }
                return String(decoding: bytes[operand.range], as: UTF8.self)
            }
        }
    }

    /// What of `components` the scope lacks, with the nearest names it has: `elements has no
    /// countLabl; did you mean "countLabel"?`. Nil when every key is there, or the path goes
    /// through something other than a dictionary.
    static func missingKey(_ components: [String], in scope: Value) -> String? {
        var current = scope
        for (index, component) in components.enumerated() {
            guard case .dictionary(let dictionary) = current else { return nil }
            guard let next = dictionary[component] else {
                let owner = index == 0 ? "the snapshot" : components[..<index].joined(separator: ".")
                let hint = Suggestion.hint(for: component, among: dictionary.keys.sorted(), noun: "names")
                return "\(owner) has no \(component)" + (hint.map { "; \($0)" } ?? "")
            }
            current = next
        }
        return nil
    }

    private func checkStore(_ run: WidgetRun, entity: String, filter: WidgetryExpressions.Predicate?, count: Int) -> String? {
        guard let store = run.store else { return "the widget has no store" }
        guard store.model.entity(named: entity) != nil else {
            return "the data model has no entity \(entity); entities: " + store.model.entities.map(\.name).joined(separator: ", ")
        }
        let objects = store.objects(of: entity)
        var matching = 0
        for object in objects {
            guard let filter else {
                matching += 1
                continue
            }
            do {
                if try filter.evaluate(with: .object(object)) { matching += 1 }
            } catch {
                return "\(filter.format) could not be evaluated on \(object.keyValueDescription): \(error)"
            }
        }
        guard matching != count else { return nil }
        return "expected \(count) \(entity)" + (filter.map { " where \($0.format)" } ?? "") + ", found \(matching)"
    }

    /// A picked file must still be inside the scenario's folder once links are resolved
    /// (``ConfinedPath/resolved()``); the reader has checked its name.
    private static func confine(_ interaction: Interaction, scenarioFile: String) throws(InteractionError) {
        guard case .pickMedia(let path, _) = interaction else { return }
        do throws(PathEscape) {
            _ = try ConfinedPath(joined: path, in: (scenarioFile as NSString).deletingLastPathComponent).resolved()
        } catch {
            throw InteractionError("\(error.message) [\(PathEscape.code)]")
        }
    }

    /// Compares the snapshot with the golden file (text, or JSON for `.json`), or writes it. The
    /// golden is read and written only inside the scenario's folder (``ConfinedPath/resolved()``).
    private func compareGolden(_ golden: ConfinedPath, run: WidgetRun, written: inout [String]) -> (message: String, diff: LineDiff?)? {
        let path = golden.relative
        let fullPath: String
        do throws(PathEscape) {
            fullPath = try golden.resolved()
        } catch {
            return ("\(error.message) [\(PathEscape.code)]\n  hint: \(error.hint)", nil)
        }
        let actual = path.hasSuffix(".json")
            ? SnapshotJSON.render(run).serialized(JSONWritingOptions(pretty: true)) + "\n"
            : SnapshotText.render(run)
        let expected = try? String(contentsOfFile: fullPath, encoding: .utf8)
        if updatesGoldens || expected == nil {
            guard updatesGoldens else { return ("golden \(path) does not exist; run with --update to write it", nil) }
            guard expected != actual else { return nil }
            do {
                try FileManager.default.createDirectory(atPath: (fullPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: URL(fileURLWithPath: fullPath), options: .atomic)
                written.append(golden.path)
                return nil
            } catch {
                return ("cannot write golden \(path): \(error.localizedDescription)", nil)
            }
        }
        guard let expected, let diff = LineDiff(expected: expected, actual: actual) else { return nil }
        return ("the snapshot differs from \(path) (- golden, + run):\n" + diff.render(), diff)
    }

    /// The golden of the scenario's last step in ``PictureCheck/lastStepFolder`` (named after the
    /// scenario's file), when it is there or goldens are being written.
    private func lastStepGolden(of scenario: Scenario) -> ConfinedPath? {
        guard let folder = pictures?.lastStepFolder else { return nil }
        let name = (scenario.file as NSString).lastPathComponent
        let stem = name.hasSuffix(".scenario.json") ? String(name.dropLast(".scenario.json".count)) : (name as NSString).deletingPathExtension
        guard let golden = try? ConfinedPath(folder + "/" + stem + ".png", in: (scenario.file as NSString).deletingLastPathComponent) else { return nil }
        guard updatesGoldens || FileManager.default.fileExists(atPath: golden.path) else { return nil }
        return golden
    }

    /// Compares a picture of the screen with the golden PNG (or writes it) through ``pictures``;
    /// nil when they match. The golden is read and written only inside the scenario's folder.
    private func comparePicture(_ golden: ConfinedPath, tolerance: Int, scenario: Scenario, step: Int, run: WidgetRun,
                                written: inout [String]) async -> (code: ScenarioFailureCode, message: String, files: [String])? {
        guard let pictures else {
            return (.pictureUnavailable, "this command draws no pictures; widgetry test compares them with their goldens", [])
        }
        let path: String
        do throws(PathEscape) {
            path = try golden.resolved()
        } catch {
            return (.pictureUnavailable, "\(error.message) [\(PathEscape.code)]\n  hint: \(error.hint)", [])
        }
        let request = PictureCheck.Request(name: golden.relative, path: path, tolerance: tolerance, updating: updatesGoldens, scenario: scenario, step: step)
        switch await pictures.compare(request, run) {
        case .matched:
            return nil
        case .written(let path):
            written.append(path)
            return nil
        case .failed(let code, let message, let files):
            return (code, message, files)
        }
    }

    /// The longest value description a failure prints.
    static let describedLength = 240

    static func describe(_ value: Value) -> String {
        let text = fullDescription(value)
        guard text.count > describedLength else { return text }
        return String(text.prefix(describedLength)) + "… (\(text.count) characters)"
    }

    /// The value as the snapshot prints it (booleans `true`/`false`), but for long arrays and
    /// dictionaries, which are summed up.
    private static func fullDescription(_ value: Value) -> String {
        switch value {
        case .array(let items) where items.count > 8: "[\(items.count) items]"
        case .dictionary(let entries): "{" + entries.keys.sorted().joined(separator: ", ") + "}"
        default: SnapshotText.describe(value)
        }
    }
}
