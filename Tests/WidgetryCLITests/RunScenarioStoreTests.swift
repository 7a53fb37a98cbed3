import Foundation
import Testing
import WidgetryTestSupport

/// `widgetry run --scenario FILE --store STORE` keeps the scenario's store in STORE, so a
/// scenario can be the first of two runs (the Stories sample's README does this).
struct RunScenarioStoreTests {
    static let stories = Samples.widget("Stories")

    @Test func aScenarioRunKeepsItsStoreInTheFileGiven() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let store = scratch.file("stories.sqlite")
        let first = try CommandRunner.run(["run", Self.stories, "--store", store, "--scenario", Self.stories + "/Tests/10-first-run.scenario.json"])
        #expect(first.status == 0, Comment(rawValue: first.stderr))
        #expect(FileManager.default.fileExists(atPath: store))

        let second = try CommandRunner.run(["run", Self.stories, "--store", store, "--now", "2018-06-20T19:00:00Z"])
        #expect(second.status == 0, Comment(rawValue: second.stderr))
        #expect(second.stdout.contains(#"titleLabel (UILabel): text="Stories (2 new)""#))
        #expect(second.stdout.contains(#"progressLabel (UILabel): text="3/3""#))
        #expect(second.stdout.contains(#"seenLabel (UILabel): text="Seen""#))
        #expect(second.stdout.contains(#"likedLabel (UILabel): text="♥" hidden=false"#))
    }
}
