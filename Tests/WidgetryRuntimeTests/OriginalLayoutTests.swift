import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryExpressions
import WidgetryRuntime
import WidgetryScreen
import WidgetryTestSupport

/// The WidgetDemo bundle in its original layout (`Tests/Fixtures/WidgetDemo`: Info.plist,
/// Base.lproj/Main.storyboard, an .xcdatamodeld source, screen files without views) against
/// UPSTREAM-FORMAT §9.2–9.7: the same outcomes the Feed sample gives in Widgetry's layout.
@Suite("Original layout")
struct OriginalLayoutTests {
    static let bundle = Samples.file("Tests/Fixtures/WidgetDemo")

    /// Post Details' labels have bindings but no wx.identifier: they are named by their class and
    /// place among the scene's elements of that class.
    enum Details {
        static let screen = "Scene-CR3-lf-MN1"
        static let author = "UILabel-1"
        static let text = "UILabel-2"
        static let timestamp = "UILabel-3"
        static let favorites = "UILabel-4"
        static let reposts = "UILabel-6"
        static let nickname = "UILabel-8"
        static let avatar = "UIImageView-1"
    }

    /// The "+" bar button item (no wx.identifier; it performs a segue) and Cancel (an action).
    static let plusButton = "UIBarButtonItem-1"
    static let cancelButton = "UIBarButtonItem-1"

    private func load(screen: String? = nil) async throws -> WidgetRun {
        let loaded = try await BundleLoader().load(try BundleSource(argument: Self.bundle))
        return try WidgetRun(bundle: loaded.bundle, options: WidgetRun.Options(now: FeedAcceptanceTests.now, screen: screen))
    }

    private func element(_ id: String, in run: WidgetRun) throws -> Element {
        guard case .object(let object) = run.screen.namespace.value(forKey: id), let element = object as? Element else {
            throw FeedAcceptanceTests.TestFailure("no element \(id) on \(run.screen.document.name)")
        }
        return element
    }

    private func text(_ id: String, in run: WidgetRun) throws -> String? {
        try element(id, in: run).value(forKey: "wx_value").stringValue
    }

    private func rows(_ run: WidgetRun) -> [RenderedTable.Row] {
        run.screen.tables["tableDisplayController"]?.sections.first?.rows ?? []
    }

    private func cell(_ row: RenderedTable.Row, _ id: String, _ key: String = "text") -> String {
        let value = row.elements.first { $0.id == id }?.element.value(forKey: key) ?? .null
        return value.stringValue ?? value.description
    }

    private func postIDs(_ run: WidgetRun) -> [String] {
        rows(run).compactMap { row in
            guard case .object(let post) = row.object else { return nil }
            return post.value(forKey: "postId").stringValue
        }
    }

    @Test func theBundleIsReadInItsOriginalLayout() throws {
        let bundle = try WidgetBundle(directory: Self.bundle)
        #expect(bundle.manifest.file == "Info.plist")
        #expect(bundle.mainStoryboardPath == "Base.lproj/Main.storyboard")
        #expect(bundle.model?.path == "Model.xcdatamodeld/Model.xcdatamodel/contents")
        #expect(bundle.screens.map(\.name) == ["FeedViewController", "NewPostViewController"])
        #expect(ScreenSource.entryScreen(in: bundle) == "FeedViewController", "the initial navigation controller's root")
        let storyboard = try #require(try ScreenSource.storyboard(in: bundle))
        #expect(storyboard.warnings.isEmpty, "\(storyboard.warnings)")
        #expect(storyboard.scenes.map(\.name) == ["FeedViewController", "Scene-yPR-kR-hKI", "Scene-awX-dA-9mM", "NewPostViewController", Details.screen])
    }

    /// §9.2: before the first turn.
    @Test func theInitialState() async throws {
        let run = try await load()
        #expect(run.screen.document.name == "FeedViewController")
        #expect(run.screen.document.file == "FeedViewController.json")
        #expect(run.screen.controller.content == .null)
        #expect(try text("titleLabel", in: run) == "")
        #expect(try element("footerActivityIndicator", in: run).value(forKey: "animating") == false)
        let table = try #require(run.screen.tables["tableDisplayController"])
        #expect(table.sections.count == 1)
        #expect(table.sections[0].rows.isEmpty)
        #expect(try element("emptyDataView", in: run).value(forKey: "hidden") == false)
        #expect(try element("searchBar", in: run).value(forKey: "placeholder") == "Filter Posts")
        #expect(try text(Self.plusButton, in: run) == "+", "systemItem add")
        #expect(run.engine.events.isEmpty)
    }

    /// §9.3 and §9.4: the on-load chain, then the six rows with every cell value.
    @Test func theOnLoadChainFillsTheTitleAndTheTable() async throws {
        let run = try await load()
        var indicator: [Bool] = [false]
        run.engine.observe { [screen = run.screen] event in
            if case .object(let object) = screen.namespace.value(forKey: "footerActivityIndicator"),
               let animating = (object as? Element)?.value(forKey: "animating"), animating != .bool(indicator.last!) {
                indicator.append(animating == true)
            }
        }
        await run.run()
        #expect(indicator == [false, true, false, true, false], "off, on, off, on, off")
        #expect(try text("titleLabel", in: run) == "Favio Mobile")
        #expect(try element("emptyDataView", in: run).value(forKey: "hidden") == true)
        let rows = rows(run)
        #expect(rows.map { cell($0, "authorLabel") } == ["Favio Mobile", "Infinite Red", "Green Dragon", "Black & White", "Deep Pixels", "Pirple 8"])
        #expect(rows.map { cell($0, "timeLabel") } == ["1h", "2h", "3h", "4h", "5h", "7h"])
        #expect(rows.map { cell($0, "avatarView", "wx_imageName") } == ["widgets", "ava_infinity", "ava_dragon", "ava_dots", "ava_pixels", "ava_pirple8"])
        #expect(rows.map { $0.elements.first { $0.id == "avatarView" }?.element.value(forKey: "cornerRadius").doubleValue } == Array(repeating: 3, count: 6),
                "a runtime attribute of the prototype")
        #expect(cell(rows[0], "textLabel") == "WidgetKit Framework provides a set of 100% reusable objects! #reusable #objects")
        #expect(rows.map(\.reuseIdentifier) == Array(repeating: "Cell", count: 6))
        #expect(run.screen.objects.first { $0.id == "homeFeedStatusController" }?.value(forKey: "isSuccess") == true)
        #expect(run.store?.objects(of: "User").count == 6)
        #expect(run.store?.objects(of: "Post").count == 6)
        #expect(run.screen.alerts.isEmpty)
    }

    /// §9.5: typing filters the feed after the throttle; clearing shows every row again.
    @Test func searchFiltersTheFeed() async throws {
        let run = try await load()
        await run.run()
        try await run.perform(.type(text: "core", into: "searchBar", interval: nil))
        #expect(postIDs(run) == ["4", "5"])
        try await run.perform(.type(text: "background", into: "searchBar", interval: nil))
        #expect(postIDs(run) == ["4", "6"])
        try await run.perform(.clear("searchBar"))
        #expect(postIDs(run).count == 6)
    }

    /// §9.6: a row's segue (a "show" segue from the cell prototype, without an identifier)
    /// opens Post Details, which has no restoration identifier and runs on its IB bindings.
    @Test func tappingARowShowsThePostDetailsBoundInInterfaceBuilder() async throws {
        let run = try await load()
        await run.run()
        var navigations: [String] = []
        run.observe { event in
            if case .navigated(let from, let to, let kind, _) = event { navigations.append("\(from) -\(kind.rawValue)-> \(to)") }
        }
        try await run.perform(.tapRow(table: "tableView", section: 0, row: 0))
        #expect(run.stack.map(\.document.name) == ["FeedViewController", Details.screen])
        #expect(run.screen.document.file == "Base.lproj/Main.storyboard")
        #expect(try text(Details.author, in: run) == "Favio Mobile")
        #expect(try text(Details.nickname, in: run) == "@faviomob")
        #expect(try text(Details.text, in: run) == "WidgetKit Framework provides a set of 100% reusable objects! #reusable #objects")
        #expect(try text(Details.timestamp, in: run) == "2018-06-20 18:00:00 +0000")
        #expect(try text(Details.favorites, in: run) == "9000")
        #expect(try text(Details.reposts, in: run) == "9999")
        #expect(try element(Details.avatar, in: run).value(forKey: "wx_imageName") == "widgets")
        #expect(try element(Details.avatar, in: run).value(forKey: "cornerRadius").doubleValue == 10)

        try await run.perform(.back)
        try await run.perform(.tapRow(table: "tableView", section: 0, row: 1))
        #expect(try text(Details.author, in: run) == "Infinite Red")
        #expect(try text(Details.text, in: run) == "Bind UIKit elements to model's fields with data formatting. #bindings")
        #expect(try text(Details.timestamp, in: run) == "2018-06-20 17:00:00 +0000")
        #expect(try text(Details.favorites, in: run) == "4")
        #expect(try text(Details.reposts, in: run) == "4")
        #expect(try text(Details.nickname, in: run) == "@username1")
        #expect(try element(Details.avatar, in: run).value(forKey: "wx_imageName") == "ava_infinity")
        #expect(navigations == ["FeedViewController -show-> \(Details.screen)", "\(Details.screen) -back-> FeedViewController",
                                "FeedViewController -show-> \(Details.screen)"])
    }

    /// §9.7: "+" presents the navigation controller's root, NewPostViewController, with the
    /// feed's Account; posting dismisses it and the feed shows the new post first.
    @Test func thePlusButtonPresentsTheFormAndPostingComesBackToTheFeed() async throws {
        let run = try await load()
        await run.run()
        var kinds: [String] = []
        run.observe { event in
            if case .navigated(_, let to, let kind, _) = event { kinds.append("\(kind.rawValue) \(to)") }
        }
        try await run.perform(.tap(Self.plusButton))
        #expect(run.stack.map(\.document.name) == ["FeedViewController", "NewPostViewController"])
        guard case .object(let account) = run.screen.controller.content else { Issue.record("no content"); return }
        #expect(account.keyValueTypeName == "Account")
        let form = try element("formView", in: run)
        #expect(form.kind == .formDisplayView, "the root view's custom class")
        #expect(form.value(forKey: "dublicateKeyPolicy") == "join")
        #expect(try element("textView", in: run).value(forKey: "wx_fieldName") == "text")
        #expect(try element("postButton", in: run).value(forKey: "wx_disabled") == false)
        #expect(try element("textView", in: run).value(forKey: "wx_readOnly") == false)
        #expect(try text("textView", in: run) == "")
        #expect(try text(Self.cancelButton, in: run) == "Cancel")

        try await run.perform(.tap("postButton"))
        #expect(run.engine.requestLog.count == 2, "an empty mandatory field sends nothing")
        try await run.perform(.type(text: "Hello", into: "textView", interval: nil))
        try run.screen.tap("postButton")
        let request = try #require(run.engine.requestLog.last?.request)
        #expect(request.method.rawValue == "POST")
        #expect(String(decoding: request.body, as: UTF8.self) == "status=Hello")
        #expect(try element("postButton", in: run).value(forKey: "wx_disabled") == true)
        await run.run()
        #expect(run.stack.map(\.document.name) == ["FeedViewController"])
        #expect(kinds == ["present NewPostViewController", "dismiss FeedViewController"])
        let rows = rows(run)
        #expect(rows.count == 7)
        #expect(rows.first.map { cell($0, "textLabel") } == "Hello")
        #expect(rows.first.map { cell($0, "timeLabel") } == "Now")
        #expect(run.store?.objects(of: "Post").count == 7)
    }

    /// Cancel sends dismissAction: to its controller: the form leaves without posting.
    @Test func cancelDismissesTheForm() async throws {
        let run = try await load()
        await run.run()
        try await run.perform(.tap(Self.plusButton))
        try await run.perform(.type(text: "Draft", into: "textView", interval: nil))
        try await run.perform(.tap(Self.cancelButton))
        #expect(run.stack.map(\.document.name) == ["FeedViewController"])
        #expect(run.engine.events.allSatisfy { $0.action != "newPost" })
    }

    @Test func aScreenCanBeOpenedByItsNameOrItsNavigationController() async throws {
        let form = try await load(screen: "NewPostViewController")
        #expect(form.screen.document.name == "NewPostViewController")
        let root = try await load(screen: "Scene-yPR-kR-hKI")
        #expect(root.screen.document.name == "FeedViewController")
        do {
            _ = try await load(screen: "Nowhere")
            Issue.record("an unknown screen was opened")
        } catch {
            #expect("\(error)".contains("neither the storyboard nor a screen file has a screen Nowhere [storyboard.unknown-screen]"))
            #expect("\(error)".contains("FeedViewController, NewPostViewController, \(Details.screen)"))
        }
    }

    @Test func theSnapshotIsTheSameOnEveryRun() async throws {
        var outputs: [String] = []
        for _ in 0..<2 {
            let run = try await load()
            await run.run()
            outputs.append(SnapshotText.render(run))
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0].hasPrefix("screen FeedViewController"))
        #expect(outputs[0].contains("titleLabel (UILabel): text=\"Favio Mobile\""))
    }
}
