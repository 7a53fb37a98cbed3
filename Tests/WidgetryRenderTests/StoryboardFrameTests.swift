import Foundation
import Testing
import Testing
import WidgetryBundle
import WidgetryRender
import WidgetryRuntime
import WidgetryScreen
import WidgetryTestSupport

/// Upstream's storyboard screens drawn for the device they were designed on (the iPhone 8's
/// 375 × 667 points) land where the storyboard's own `rect`s put them, within a point: the
/// constraints, solved, agree with the frames Interface Builder computed from them. Labels are
/// held to their place and width: their height is that of the text bound to them, where the
/// storyboard sized them for their placeholder text. Needs `../shared/upstream`.
@Suite("Render: upstream's storyboard frames", .enabled(if: UpstreamSources.isAvailable, "needs ../shared/upstream"))
struct StoryboardFrameTests {
    static let widgetDemo = UpstreamSources.widgetDemo

    /// Every view with a design identifier and a designed frame, by that identifier, in screen coordinates:
    /// the storyboard's `rect`s added up from the root.
    private static func designed(_ node: ViewNode, origin: (x: Double, y: Double), into frames: inout [String: DesignRect], skipping: Set<String>) {
        guard let frame = node.design.frame else { return }
        let absolute = DesignRect(x: origin.x + frame.x, y: origin.y + frame.y, width: frame.width, height: frame.height)
        if let id = node.design.designID { frames[id] = absolute }
        if let id = node.design.designID, skipping.contains(id) { return }
        for child in node.subviews { designed(child, origin: (absolute.x, absolute.y), into: &frames, skipping: skipping) }
    }

    private static func drawn(_ view: DrawnView, into frames: inout [String: DrawnView]) {
        if let id = view.designID, frames[id] == nil { frames[id] = view }
        for child in view.children { drawn(child, into: &frames) }
    }

    private static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1 }

    /// How to reach the storyboard's screens from the feed. The post details screen is left out:
    /// its post text, bound, runs to four lines where the storyboard's placeholder took one, so
    /// the views pinned below it sit lower, as they do on the device.
    static let screens: [(name: String, path: [Interaction])] = [
        ("FeedViewController", []),
        ("NewPostViewController", [.tap("UIButton-1")]),
    ]

    @Test(arguments: screens.map(\.name))
    func everyScreensViewsAreWhereTheStoryboardDrewThem(_ name: String) async throws {
        let bundle = try WidgetBundle(directory: Self.widgetDemo, options: WidgetBundle.ReadOptions(identifier: "mobi.favio.WidgetDemo"))
        let run = try WidgetRun(bundle: bundle, options: WidgetRun.Options(now: Date(timeIntervalSince1970: 1_529_521_200)))
        await run.run(until: .infinity)
        for interaction in try #require(Self.screens.first { $0.name == name }).path { try await run.perform(interaction) }
        #expect(run.screen.document.name == name)
        let screen = ScreenPicture.draw(run, device: .standard)
        let root = try #require(run.screen.document.view)
        let tables = Set(run.screen.document.view.map { Self.tableIDs($0) } ?? [])
        var expected: [String: DesignRect] = [:]
        Self.designed(root, origin: (0, 0), into: &expected, skipping: tables)
        var actual: [String: DrawnView] = [:]
        for view in screen.views { Self.drawn(view, into: &actual) }
        var compared = 0
        for (id, rect) in expected.sorted(by: { $0.key < $1.key }) {
            guard let view = actual[id] else { continue }
            compared += 1
            let frame = view.frame
            #expect(Self.near(frame.x, rect.x) && Self.near(frame.y, rect.y) && Self.near(frame.width, rect.width), "\(id): drawn \(frame), designed \(rect)")
            if !tables.contains(id), view.type != "UILabel" { #expect(Self.near(frame.height, rect.height), "\(id): drawn \(frame), designed \(rect)") }
        }
        #expect(compared >= 2, "the screen's framed views were drawn")
        #expect(screen.problems.isEmpty, "\(screen.problems)")
    }

    @Test func aFeedCellsViewsAreWhereThePrototypeDrewThem() async throws {
        let bundle = try WidgetBundle(directory: Self.widgetDemo, options: WidgetBundle.ReadOptions(identifier: "mobi.favio.WidgetDemo"))
        let run = try WidgetRun(bundle: bundle, options: WidgetRun.Options(now: Date(timeIntervalSince1970: 1_529_521_200)))
        await run.run(until: .infinity)
        let screen = ScreenPicture.draw(run, device: .standard)
        let table = try #require(Self.first(in: run.screen.document.view) { !$0.prototypes.isEmpty })
        let prototype = try #require(table.prototypes.first)
        var expected: [String: DesignRect] = [:]
        for child in prototype.children { Self.designed(child, origin: (0, 0), into: &expected, skipping: []) }
        let cell = try #require(screen.views.flatMap(Self.flattened).first { $0.type == "UITableViewCell" })
        var actual: [String: DrawnView] = [:]
        Self.drawn(cell, into: &actual)
        var compared = 0
        for (id, rect) in expected.sorted(by: { $0.key < $1.key }) {
            guard let view = actual[id] else { continue }
            compared += 1
            let frame = DesignRect(x: view.frame.x - cell.frame.x, y: view.frame.y - cell.frame.y, width: view.frame.width, height: view.frame.height)
            #expect(Self.near(frame.x, rect.x) && Self.near(frame.y, rect.y) && Self.near(frame.width, rect.width), "\(id): drawn \(frame) in the cell, designed \(rect)")
            // A label is as tall as the text bound to it; the storyboard sized it for its placeholder
            // text. A view as tall as the designed row is as tall as the row its text sized.
            let fillsRow = Self.near(rect.height, prototype.design.frame?.height ?? 0) && Self.near(frame.height, cell.frame.height)
            if view.type != "UILabel", !fillsRow { #expect(Self.near(frame.height, rect.height), "\(id): drawn \(frame) in the cell, designed \(rect)") }
        }
        #expect(compared >= 4, "the cell's avatar and labels were drawn")
    }

    private static func tableIDs(_ node: ViewNode) -> [String] {
        (node.prototypes.isEmpty ? [] : [node.design.designID].compactMap { $0 }) + node.subviews.flatMap(tableIDs)
    }

    private static func first(in node: ViewNode?, where matches: (ViewNode) -> Bool) -> ViewNode? {
        guard let node else { return nil }
        if matches(node) { return node }
        for child in node.subviews { if let found = first(in: child, where: matches) { return found } }
        return nil
    }

    private static func flattened(_ view: DrawnView) -> [DrawnView] {
        [view] + view.children.flatMap(flattened)
    }
}

/// Upstream's sources beside the checkout, `../shared/upstream`.
enum UpstreamSources {
    static let upstream = URL(fileURLWithPath: Samples.upstream())
    static let widgetDemo = upstream.appendingPathComponent("WidgetDemo-source").path
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: widgetDemo) }
}
