import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryExpressions
import WidgetryRuntime
import WidgetryStore
import WidgetryTestSupport

/// Row taps, typed navigation, pull-to-refresh, infinite scroll, deletion and defaults, on the
/// Feed sample or a copy of it with one file changed.
struct NavigationAndTableTests {
    /// The Feed sample, with `patch` applied to the text of the files it names, run to idle.
    private func feed(patching patches: [String: (String) -> String] = [:], screen: String? = nil) async throws -> WidgetRun {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.file("Feed")
        try FileManager.default.copyItem(atPath: Samples.widget("Feed"), toPath: directory)
        for (file, patch) in patches {
            let path = directory + "/" + file
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let patched = patch(text)
            #expect(patched != text, "the patch of \(file) changed nothing")
            try Data(patched.utf8).write(to: URL(fileURLWithPath: path))
        }
        let loaded = try await BundleLoader().load(try BundleSource(argument: directory))
        let run = try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: FeedAcceptanceTests.now, screen: screen))
        await run.run()
        return run
    }

    private func text(_ id: String, in run: WidgetRun) -> String? {
        guard case .object(let element) = run.screen.namespace.value(forKey: id) else { return nil }
        return element.value(forKey: "wx_value").stringValue
    }

    private func rowTexts(_ run: WidgetRun) -> [String] {
        (run.screen.tables["tableDisplayController"]?.sections.first?.rows ?? []).map { row in
            row.elements.first { $0.id == "textLabel" }?.element.value(forKey: "text").stringValue ?? "?"
        }
    }

    /// §9.6: tapping a row shows the post in full; back, then the next row.
    @Test func tappingARowOpensThePostWithTheRowsObject() async throws {
        let run = try await feed()
        var events: [RunEvent] = []
        run.observe { events.append($0) }
        try await run.perform(.tapRow(table: "tableView", section: 0, row: 0))
        #expect(run.stack.map(\.document.name) == ["FeedViewController", "PostDetailsViewController"])
        #expect(text("authorLabel", in: run) == "Favio Mobile")
        #expect(text("nicknameLabel", in: run) == "@faviomob")
        #expect(text("textLabel", in: run) == "WidgetKit Framework provides a set of 100% reusable objects! #reusable #objects")
        #expect(text("timestampLabel", in: run) == "2018-06-20 18:00:00 +0000")
        #expect(text("favoritesLabel", in: run) == "9000")
        #expect(text("repostsLabel", in: run) == "9999")
        guard case .object(let avatar) = run.screen.namespace.value(forKey: "avatarView") else { Issue.record("no avatar"); return }
        #expect(avatar.value(forKey: "wx_imageName") == "widgets")

        try await run.perform(.back)
        try await run.perform(.tapRow(table: "tableView", section: 0, row: 1))
        #expect(text("authorLabel", in: run) == "Infinite Red")
        #expect(text("nicknameLabel", in: run) == "@username1")
        #expect(text("timestampLabel", in: run) == "2018-06-20 17:00:00 +0000")
        #expect(text("favoritesLabel", in: run) == "4")
        #expect(run.visitedScreens == ["FeedViewController", "PostDetailsViewController"])
        let navigations = events.compactMap { event -> String? in
            guard case .navigated(let from, let to, let kind, _) = event else { return nil }
            return "\(from) -\(kind.rawValue)-> \(to)"
        }
        #expect(navigations == ["FeedViewController -show-> PostDetailsViewController", "PostDetailsViewController -back-> FeedViewController",
                                "FeedViewController -show-> PostDetailsViewController"])
        await #expect(throws: InteractionError.self) { try await run.perform(.tapRow(table: "tableView", section: 0, row: 0)) }
    }

    @Test func aSegueThatWouldPassTheWrongEntityIsRefusedWithItsReason() async throws {
        // The "+" button passes the feed's Account; a form declaring it takes a Post refuses it.
        let run = try await feed(patching: ["NewPostViewController.json": {
            $0.replacingOccurrences(of: "\"NewPostViewController\": {", with: "\"NewPostViewController\": {\n    \"input\": \"Post\",")
        }])
        do {
            try await run.perform(.tap("addButton"))
            Issue.record("the segue was not refused")
        } catch {
            #expect(error.message.contains("NewPostViewController takes a Post as its content, not an Account"))
            #expect(error.message.contains("[screen.wrong-input]"))
        }
        #expect(run.stack.count == 1)
    }

    @Test func aDismissedScreenHandsItsNewObjectToTheScreenThatTakesUpdates() async throws {
        let run = try await feed(patching: ["FeedViewController.json": {
            $0.replacingOccurrences(of: "\"FeedViewController\": {", with: "\"FeedViewController\": {\n    \"update\": \"Post\",")
                .replacingOccurrences(of: "\"from\": \"content.name\"", with: "\"from\": \"update.text\", \"placeholder\": \"Feed\"")
        }])
        #expect(text("titleLabel", in: run) == "Feed")
        try await run.perform(.tap("addButton"))
        try await run.perform(.type(text: "Hello", into: "textView", interval: nil))
        try await run.perform(.tap("postButton"))
        #expect(run.stack.count == 1)
        #expect(text("titleLabel", in: run) == "Hello")
    }

    @Test func typingCharacterByCharacterRestartsTheThrottleEachTime() async throws {
        let run = try await feed()
        try await run.perform(.type(text: "core", into: "searchBar", interval: 0.2))
        #expect(rowTexts(run).count == 2)
        #expect(run.engine.events.filter { $0.action == "searchPosts" }.count == 1, "one search for the whole word")
        try await run.perform(.clear("searchBar"))
        #expect(rowTexts(run).count == 6)
    }

    @Test func returnSearchesAtOnce() async throws {
        let run = try await feed()
        try run.screen.type("background", into: "searchBar")
        try run.screen.pressReturn(in: "searchBar")
        #expect(rowTexts(run).count == 2, "filtered without waiting for the throttle")
        #expect(run.engine.events.contains { $0.action == "searchPosts" }, "searchPosts was attempted")
    }

    @Test func pullToRefreshRunsTheRefreshActionAndTheBindingStopsTheControl() async throws {
        let run = try await feed(patching: ["FeedViewController.json": {
            $0.replacingOccurrences(of: "\"currentUserAction\": {", with: """
                "refreshAction": {"type": "TableRefreshActionController", "attrs": {"actionName": "homeFeed"}, "outlets": {"sender": "tableView"}},
                      "refreshStatus": {"type": "ActionStatusController", "attrs": {"actionName": "homeFeed"}},
                      "currentUserAction": {
                """)
                .replacingOccurrences(of: "\"titleLabel\": {", with: """
                "tableView": {"bindings": [{"predicateFormat": "refreshStatus.inProgress == 1", "to": "refreshControl.wx_value"}]},
                      "titleLabel": {
                """)
        }])
        let requests = run.engine.requestLog.count
        try run.screen.refresh("tableView")
        guard case .object(let table) = run.screen.namespace.value(forKey: "tableView"),
              case .object(let control) = table.value(forKey: "refreshControl") else { Issue.record("no refresh control"); return }
        #expect(control.value(forKey: "wx_value") == true)
        await run.run()
        #expect(run.engine.requestLog.count == requests + 1)
        #expect(control.value(forKey: "wx_value") == false)
        #expect(rowTexts(run).count == 6)
        await #expect(throws: InteractionError.self) { try await run.perform(.refresh("searchBar")) }
    }

    @Test func scrollingToTheEndRunsTheMoreActionWithTheLastRowsObject() async throws {
        let run = try await feed(patching: ["FeedViewController.json": {
            $0.replacingOccurrences(of: "\"currentUserAction\": {", with: """
                "moreAction": {"type": "InfiniteScrollActionController", "attrs": {"actionName": "morePosts"}, "outlets": {"sender": "tableView"}},
                      "currentUserAction": {
                """)
        }, "StubService.json": {
            $0.replacingOccurrences(of: "\"currentUser\": {", with: """
                "morePosts": {"resultType": "[Post]", "parameters": {"max_id": "$postId"}, "response": [
                        {"id_str": "0", "created_at": "Wed Jun 20 10:00:00 +0000 2018", "text": "The oldest post", "favorite_count": 1, "repost_count": 0,
                         "user": {"id_str": "0"}}]},
                    "currentUser": {
                """)
        }])
        try await run.perform(.scrollToEnd("tableView"))
        let request = try #require(run.engine.requestLog.last?.request)
        #expect(String(decoding: request.body, as: UTF8.self) == "max_id=6", "the last row is post 6")
        #expect(rowTexts(run).last == "The oldest post")
        #expect(rowTexts(run).count == 7)
    }

    @Test func onlyTheUsersOwnRowsCanBeDeletedAndTheyLeaveTheStore() async throws {
        let run = try await feed(patching: ["FeedViewController.json": {
            $0.replacingOccurrences(of: "\"emptyDataView\": \"emptyDataView\",", with: """
                "emptyDataView": "emptyDataView", "deleteController": "deleteAction",
                """)
                .replacingOccurrences(of: "\"currentUserAction\": {", with: """
                "deleteAction": {"type": "ActionController", "attrs": {"actionName": "deletePost"}},
                      "currentUserAction": {
                """)
                .replacingOccurrences(of: "\"type\": \"TableDisplayController\",", with: "\"type\": \"TableDisplayController\", \"attrs\": {\"allowDeletion\": true},")
        }, "StubService.json": {
            $0.replacingOccurrences(of: "\"currentUser\": {", with: """
                "deletePost": {"path": "destroy/$postId.json", "httpMethod": "POST", "response": {}},
                    "currentUser": {
                """)
        }])
        await #expect(throws: InteractionError.self) { try await run.perform(.deleteRow(table: "tableView", section: 0, row: 1)) }
        try run.screen.deleteRow(0, of: "tableView")
        #expect(rowTexts(run).count == 5, "the row collapses at once")
        #expect(run.store?.objects(of: "Post").count == 6, "the store keeps it for 0.75 s")
        await run.run()
        #expect(run.engine.requestLog.last?.request.url == "https://test/destroy/1.json")
        #expect(run.store?.objects(of: "Post").count == 5)
        #expect(rowTexts(run).count == 5)
    }

    @Test func aDefaultIsReadByCellsAfterTheNotificationTheScreenRendersOn() async throws {
        let run = try await feed(patching: ["FeedViewController.json": {
            $0.replacingOccurrences(of: "\"type\": \"TableDisplayController\",", with: "\"type\": \"TableDisplayController\", \"attrs\": {\"renderOn\": \"showAvatarsChanged\"},")
                .replacingOccurrences(of: "\"to\": \"wx_imageName\"", with: "\"to\": \"wx_imageName\"},\n          {\"predicateFormat\": \"defaults.showAvatars == 0\", \"to\": \"hidden\"")
        }])
        func avatarHidden() -> Value? {
            run.screen.tables["tableDisplayController"]?.sections.first?.rows.first?.elements.first { $0.id == "avatarView" }?.element.value(forKey: "hidden")
        }
        #expect(avatarHidden() == false)
        try await run.perform(.setDefault(key: "showAvatars", value: 0))
        #expect(avatarHidden() == false, "a default alone renders nothing")
        try await run.perform(.post("showAvatarsChanged"))
        #expect(avatarHidden() == true)
    }
}
