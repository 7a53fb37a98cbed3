import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryExpressions
import WidgetryRuntime
import WidgetryScenario
import WidgetryStore
import WidgetryTestSupport

/// The Stories sample on a store kept in an SQLite file: what the viewer does in one run (a story
/// played to its end is seen, a liked story is liked, a story left part-way resumes there) is what
/// the next run starts from, although that run imports the stories list again.
struct StoriesPersistenceTests {
    static let stories = Samples.widget("Stories")
    static let now = Date(timeIntervalSince1970: 1_529_521_200)

    private func load(storeFile: String) async throws -> WidgetRun {
        let loaded = try await BundleLoader().load(try BundleSource(argument: Self.stories))
        return try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: Self.now, storeFile: storeFile))
    }

    /// The value at `path` from `object`, null when it cannot be read.
    private func read(_ object: any KeyValueCoding, _ path: String) -> Value {
        (try? Value.object(object).value(forKeyPath: path)) ?? .null
    }

    /// Each story by id: whether it was seen, whether it is liked, the segment it is at.
    private func flags(_ run: WidgetRun) -> [String: String] {
        var result: [String: String] = [:]
        for story in run.store?.objects(of: "Story") ?? [] {
            let id = story.value(forKey: "storyId").stringValue ?? "?"
            let segment = read(story, "currentSegment.segmentId").stringValue ?? "-"
            result[id] = "seen=\(story.value(forKey: "seen") == true) liked=\(story.value(forKey: "liked") == true) at=\(segment)"
        }
        return result
    }

    /// The text each row's `id` element shows, top to bottom.
    private func column(_ id: String, of run: WidgetRun, key: String = "wx_value") -> [String] {
        (run.screen.tables["storiesDisplay"]?.sections.first?.rows ?? []).map { row in
            let value = row.elements.first { $0.id == id }?.element.value(forKey: key) ?? .null
            return value.stringValue ?? value.description
        }
    }

    private static let afterFirstRun = [
        "s1": "seen=true liked=false at=s1-3",
        "s2": "seen=false liked=true at=s2-1",
        "s3": "seen=false liked=false at=-",
    ]

    @Test func theFlagsSetInOneRunAreThereInTheNext() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let file = scratch.file("stories.sqlite")

        let first = try await load(storeFile: file)
        await first.run()
        try await first.perform(.tapRow(table: "tableView", section: 0, row: 2))   // Morning run, 3 segments
        try await first.perform(.advance(15.5))                                       // two segments on, then seen
        try await first.perform(.back)
        try await first.perform(.tapRow(table: "tableView", section: 0, row: 1))   // Museum day
        try await first.perform(.tap("likeButton"))
        try await first.perform(.back)
        #expect(flags(first) == Self.afterFirstRun)
        await first.shutdown()

        let second = try await load(storeFile: file)
        #expect(flags(second) == Self.afterFirstRun, "the file holds the flags before anything runs")
        await second.run()
        #expect(second.engine.requestLog.map(\.request.action) == ["stories"])
        #expect(flags(second) == Self.afterFirstRun, "importing the list again keeps the viewer's flags")
        #expect(column("storyTitleLabel", of: second) == ["New keyboard", "Museum day", "Morning run"])
        #expect(column("seenLabel", of: second) == ["New", "New", "Seen"])
        #expect(column("likedLabel", of: second, key: "hidden") == ["1", "0", "1"], "only Museum day shows its heart")
        #expect(column("progressLabel", of: second) == ["0/1", "1/2", "3/3"])
        #expect(read(second.screen.namespace, "titleLabel.text").stringValue == "Stories (2 new)")

        // Museum day resumes at its first segment (no startStory), Morning run plays again.
        try await second.perform(.tapRow(table: "tableView", section: 0, row: 1))
        #expect(second.engine.requestLog.map(\.request.action) == ["stories"])
        #expect(read(second.screen.namespace, "progressLabel.text").stringValue == "1 / 2")
        #expect(read(second.screen.namespace, "likeButton.title").stringValue == "♥ Liked")
        try await second.perform(.back)
        try await second.perform(.tapRow(table: "tableView", section: 0, row: 2))
        #expect(second.engine.requestLog.map(\.request.action) == ["stories", "startStory"])
        #expect(read(second.screen.namespace, "progressLabel.text").stringValue == "1 / 3")
        await second.shutdown()
    }

    /// `widgetry run --scenario FILE --store STORE`: the scenario runner keeps its run's store in
    /// the file it is given, so a scenario can be the first of two runs.
    @Test func aScenarioRunnerKeepsItsStoreInTheFileItIsGiven() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let file = scratch.file("stories.sqlite")
        let bundle = try await BundleLoader().load(try BundleSource(argument: Self.stories)).bundle
        var runner = ScenarioRunner()
        runner.storeFile = file
        let scenario = try ScenarioFiles.read(Self.stories + "/Tests/10-first-run.scenario.json")
        let result = await runner.run(scenario, bundle: bundle)
        #expect(result.passed, Comment(rawValue: result.failures.map(\.description).joined(separator: "\n")))
        #expect(FileManager.default.fileExists(atPath: file))

        let next = try await load(storeFile: file)
        await next.run()
        #expect(flags(next) == Self.afterFirstRun)
        await next.shutdown()
    }
}
