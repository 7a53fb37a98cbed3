import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryExpressions
import WidgetryRuntime
import WidgetryTestSupport

/// Taps and typing on the Feed sample (UPSTREAM-FORMAT §9.5, §9.7).
struct InteractionTests {
    private func load(screen: String? = nil) async throws -> WidgetRun {
        let loaded = try await BundleLoader().load(try BundleSource(argument: Samples.widget("Feed")))
        return try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: FeedAcceptanceTests.now, screen: screen))
    }

    private func authors(_ run: WidgetRun) -> [String] {
        (run.screen.tables["tableDisplayController"]?.sections.first?.rows ?? []).map { row in
            row.elements.first { $0.id == "textLabel" }?.element.value(forKey: "text").stringValue?.components(separatedBy: " ").first ?? "?"
        }
    }

    private func postIDs(_ run: WidgetRun) -> [String] {
        (run.screen.tables["tableDisplayController"]?.sections.first?.rows ?? []).compactMap { row in
            guard case .object(let post) = row.object else { return nil }
            return post.value(forKey: "postId").stringValue
        }
    }

    /// §9.5: typing filters the feed after the throttle; the search action is attempted.
    @Test func searchFiltersAfterTheThrottle() async throws {
        let run = try await load()
        await run.run()
        try run.screen.type("core", into: "searchBar")
        await run.run(until: run.timeline.now + 0.4)
        #expect(postIDs(run).count == 6, "nothing filtered before 0.5 s")
        await run.run()
        #expect(postIDs(run) == ["4", "5"])
        #expect(run.engine.events.last?.name == "searchPostsError", "searchPosts is not in the stub file (reported, where upstream dropped it)")
        try run.screen.type("background", into: "searchBar")
        await run.run()
        #expect(postIDs(run) == ["4", "6"])
        let attempts = run.engine.events.filter { $0.action == "searchPosts" }.count
        try run.screen.type("", into: "searchBar")
        await run.run()
        #expect(postIDs(run).count == 6)
        #expect(run.engine.events.filter { $0.action == "searchPosts" }.count == attempts, "no action under the minimum length")
    }

    @Test func typingFastRestartsTheThrottle() async throws {
        let run = try await load()
        await run.run()
        try run.screen.type("c", into: "searchBar")
        await run.run(until: run.timeline.now + 0.3)
        try run.screen.type("core", into: "searchBar")
        await run.run()
        #expect(postIDs(run) == ["4", "5"])
        #expect(run.engine.events.filter { $0.name == "searchPostsStart" || $0.name == "searchPostsError" }.count == 1, "one attempt, for the final text")
    }

    /// §9.7: posting from the form.
    @Test func postingTheFormSendsItsValueAndTheStatusDrivesTheScreen() async throws {
        let run = try await load(screen: "NewPostViewController")
        try run.screen.tap("postButton")
        #expect(run.engine.requestLog.isEmpty, "an empty mandatory field sends nothing")
        try run.screen.type("Hello", into: "textView")
        try run.screen.tap("postButton")
        let request = try #require(run.engine.requestLog.last?.request)
        #expect(request.method.rawValue == "POST")
        #expect(String(decoding: request.body, as: UTF8.self) == "status=Hello")
        guard case .object(let button) = run.screen.namespace.value(forKey: "postButton"),
              case .object(let text) = run.screen.namespace.value(forKey: "textView") else { Issue.record("no elements"); return }
        #expect(button.value(forKey: "wx_disabled") == true)
        #expect(text.value(forKey: "wx_readOnly") == true)
        await run.run()
        #expect(run.engine.events.map(\.name) == ["newPostStart", "newPostReady", "newPostSuccess"])
        #expect(run.engine.events.first?.sender == "postButton")
        #expect(run.screen.controller.isDismissed)
        #expect(button.value(forKey: "wx_disabled") == false)
        #expect(text.value(forKey: "wx_readOnly") == false)
        #expect(run.store?.objects(of: "Post").first?.value(forKey: "text") == "Hello")
    }

    @Test func tappingSomethingThatDoesNothingIsAnError() async throws {
        let run = try await load()
        #expect(throws: InteractionError.self) { try run.screen.tap("titleLabel") }
        #expect(throws: InteractionError.self) { try run.screen.tap("nothing") }
        #expect(throws: InteractionError.self) { try run.screen.type("x", into: "titleLabel") }
    }

    /// §9.7 through the feed: "+" presents the new-post screen with the Account; posting
    /// dismisses it, and the feed shows the new post first.
    @Test func thePlusButtonPresentsTheFormAndPostingComesBackToTheFeed() async throws {
        let run = try await load()
        await run.run()
        try run.screen.tap("addButton")
        #expect(run.stack.map(\.document.name) == ["FeedViewController", "NewPostViewController"])
        guard case .object(let account) = run.screen.controller.content else { Issue.record("no content"); return }
        #expect(account.keyValueTypeName == "Account")
        try run.screen.type("Hello", into: "textView")
        try run.screen.tap("postButton")
        await run.run()
        #expect(run.stack.map(\.document.name) == ["FeedViewController"])
        let rows = try #require(run.screen.tables["tableDisplayController"]?.sections.first?.rows)
        #expect(rows.count == 7)
        #expect(rows.first?.elements.first { $0.id == "textLabel" }?.element.value(forKey: "text") == "Hello")
        #expect(rows.first?.elements.first { $0.id == "timeLabel" }?.element.value(forKey: "text") == "Now")
        #expect(SnapshotText.render(run).hasPrefix("screen FeedViewController"))
    }
}
