import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryJSON
import WidgetryScenario
import WidgetryTestSupport

/// The scenario suite `widgetry test` runs: which bundles a shard takes, each bundle's scenarios
/// found and filtered, what did not load as failed cases, and the coverage gate.
struct ScenarioSuiteTests {
    /// A copy of the Feed sample in a scratch folder, to break on purpose.
    private static func feedCopy(in folder: TemporaryDirectory) throws -> String {
        let copy = folder.file("Feed")
        try FileManager.default.copyItem(atPath: Samples.widget("Feed"), toPath: copy)
        return copy
    }

    private static func load(_ path: String) async throws -> SuiteBundle {
        SuiteBundle(name: path, bundle: try await BundleLoader().load(try BundleSource(argument: path)).bundle)
    }

    @Test func aShardTakesEveryNthBundleFromItsIndex() {
        let names = ["a", "b", "c", "d", "e", "f", "g"]
        #expect(ScenarioSuite(shard: BundleShard("2/3")).selected(names) == ["b", "e"])
        #expect(ScenarioSuite(shard: BundleShard("3/3")).selected(names) == ["c", "f"])
        #expect(ScenarioSuite().selected(names) == names)
        for refused in ["0/2", "3/2", "1/0", "1", "a/b", "1/2/3"] { #expect(BundleShard(refused) == nil, "\(refused)") }
    }

    @Test func discoveryKeepsTheScenariosTheFilterMatchesAndAnUnreadableFileAsACase() async throws {
        let folder = try TemporaryDirectory(removedOnRelease: true)
        let copy = try Self.feedCopy(in: folder)
        try "{\"name\": ".write(toFile: copy + "/Tests/9-broken.scenario.json", atomically: true, encoding: .utf8)
        let found = ScenarioSuite(filter: "SEARCH").discover(in: try await Self.load(copy))
        #expect(found.scenarios.map(\.name) == ["Search filters the feed after the throttle (§9.5)"], "by name, ignoring case")
        #expect(found.names.count == 5)
        #expect(found.unreadable.map(\.name) == [copy + "/Tests/9-broken.scenario.json"])
        #expect(found.unreadable.first?.problems.diagnostics.first?.code == "json.unexpected-end")
        let byFile = ScenarioSuite(filter: "5-error").discover(in: try await Self.load(copy))
        #expect(byFile.scenarios.map { ($0.file as NSString).lastPathComponent } == ["5-error-path.scenario.json"], "by file name")
    }

    @Test func aSuiteWithNothingToRunIsRefusedBeforeRunningAny() async throws {
        let feed = try await Self.load(Samples.widget("Feed"))
        await #expect(throws: ScenarioSuite.NothingToRun.noMatch(filter: "nothing like it", names: ScenarioSuite().discover(in: feed).names)) {
            _ = try await ScenarioSuite(filter: "nothing like it").run(["Feed"], load: { _ in .loaded(feed) }, report: { _ in Issue.record("nothing runs") })
        }
        let folder = try TemporaryDirectory(removedOnRelease: true)
        let copy = try Self.feedCopy(in: folder)
        try FileManager.default.removeItem(atPath: copy + "/Tests")
        let bare = try await Self.load(copy)
        await #expect(throws: ScenarioSuite.NothingToRun.noScenarios(bundle: "bare")) {
            _ = try await ScenarioSuite().run(["bare"], load: { _ in .loaded(SuiteBundle(name: "bare", bundle: bare.bundle)) }, report: { _ in })
        }
    }

    @Test func aBundleThatDoesNotLoadIsOneFailedCaseAndTheOthersStillRun() async throws {
        let feed = try await Self.load(Samples.widget("Feed"))
        let missing = UnloadedCase(name: "Missing", summary: "did not load", problems: DiagnosticReport())
        var events: [String] = []
        let results = try await ScenarioSuite(filter: "1-feed").run(["Missing", "Feed"], load: { name in
            name == "Missing" ? .failed(missing) : .loaded(feed)
        }, report: { event in
            switch event {
            case .bundleFailed(let unloaded): events.append("failed \(unloaded.name)")
            case .bundleStarts(let scenarios): events.append("starts \(scenarios.scenarios.count)")
            case .finished(let result): events.append("finished \(result.passed)")
            case .warnings: break
            case .widgetFailed(let unloaded): events.append("widget \(unloaded.name)")
            }
        })
        #expect(events == ["failed Missing", "starts 1", "finished true"])
        #expect(results.bundles.map(\.suite) == ["Missing", feed.bundle.manifest.identifier])
        #expect(results.bundles.map(\.failedCount) == [1, 0])
        #expect(results.caseCount == 2 && results.failedCount == 1)
        #expect(results.verdict == .unloaded)
    }

    @Test func aWidgetThatDoesNotLoadIsOneCaseForEveryScenarioItStopped() async throws {
        let folder = try TemporaryDirectory(removedOnRelease: true)
        let copy = try Self.feedCopy(in: folder)
        let screen = copy + "/FeedViewController.json"
        let text = try String(contentsOfFile: screen, encoding: .utf8)
        try text.replacingOccurrences(of: #""type": "ManagedObjectsProvider""#, with: #""type": "NoSuchProvider""#)
            .write(toFile: screen, atomically: true, encoding: .utf8)
        var widgetCases = 0
        let results = try await ScenarioSuite(filter: "-feed").run(["Feed"], load: { _ in .loaded(try await Self.load(copy)) }, report: { event in
            if case .widgetFailed = event { widgetCases += 1 }
        })
        #expect(widgetCases == 1)
        let unloaded = try #require(results.bundles.first?.unloaded.first)
        #expect(unloaded.summary == "the widget did not load")
        #expect(unloaded.problems.diagnostics.contains { $0.file == "FeedViewController.json" }, "named from the bundle's root: \(unloaded.problems.diagnostics)")
        #expect(results.bundles.first?.results.isEmpty == true)
        #expect(results.verdict == .unloaded)
    }

    @Test func coverageBelowTheMinimumFailsTheSuite() async throws {
        let feed = try await Self.load(Samples.widget("Feed"))
        var suite = ScenarioSuite(filter: "1-feed")
        suite.minimumCoverage = 100
        let short = try await suite.run(["Feed"], load: { _ in .loaded(feed) }, report: { _ in })
        let coverage = try #require(short.bundles.first?.coverage)
        #expect(coverage.percentage < 100)
        #expect(short.coverageShortfalls.map(\.bundle) == [feed.name])
        #expect(short.coverageShortfalls.map(\.percentage) == [coverage.percentage])
        #expect(short.failedCount == 0 && short.verdict == .failed)

        suite.minimumCoverage = coverage.percentage
        let enough = try await suite.run(["Feed"], load: { _ in .loaded(feed) }, report: { _ in })
        #expect(enough.coverageShortfalls.isEmpty && enough.verdict == .passed)

        let unrecorded = try await ScenarioSuite(filter: "1-feed").run(["Feed"], load: { _ in .loaded(feed) }, report: { _ in })
        #expect(unrecorded.bundles.first?.coverage == nil, "coverage is recorded only when asked")
    }
}
