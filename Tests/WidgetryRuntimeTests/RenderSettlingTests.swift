import Foundation
import Testing
import WidgetryBundle
import WidgetryExpressions
import WidgetryRuntime
import WidgetryScenario
import WidgetryTestSupport

/// A render evaluates a screen's bindings again while they change elements, when some binding
/// reads an element, so what a screen shows does not depend on the order its bindings are
/// written in.
struct RenderSettlingTests {
    /// The default screen: a `count` label shows how many items the store holds, and elements
    /// written before it read it: `summary` through its text, `same` by comparing `count` with
    /// `copy`, which copies `count`. The items action imports one item.
    static let countingScreen = #"""
        {"objects": {"load": {"type": "OnLoadActionController", "attrs": {"actionName": "items"}},
                     "items": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item"}}},
         "elements": {"summary": {"bindings": [{"from": "count.text", "format": "Total: %@"}]},
                      "same": {"bindings": [{"predicateFormat": "count.text == copy.text", "ifTrue": "same", "ifFalse": "differs"}]},
                      "copy": {"bindings": [{"from": "count.text"}]},
                      "count": {"bindings": [{"from": "items.totalCount", "format": "%@ items"}]}},
         "views": {"type": "UIView", "children": [{"id": "summary", "type": "UILabel"}, {"id": "same", "type": "UILabel"},
                                                  {"id": "copy", "type": "UILabel"}, {"id": "count", "type": "UILabel"}]}}
        """#

    private func run(_ screen: String = countingScreen, in scratch: TemporaryDirectory, coverage: CoverageRecorder? = nil) throws -> WidgetRun {
        try ItemScreenBundle.run(screen: screen, in: scratch, options: WidgetRun.Options(now: Date(timeIntervalSince1970: 0), coverage: coverage))
    }

    private func text(_ id: String, _ run: WidgetRun) -> String {
        run.screen.elements.first { $0.id == id }?.element.value(forKey: "text").stringValue ?? "?"
    }

    @Test func bindingsThatReadLaterBindingsSeeWhatTheyWrote() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let run = try run(in: scratch)
        #expect(text("summary", run) == "Total: 0 items")
        await run.run()
        #expect(text("count", run) == "1 items")
        #expect(text("summary", run) == "Total: 1 items", "one pass in document order would leave the summary a render behind")
        #expect(text("copy", run) == "1 items")
        #expect(text("same", run) == "same")
        #expect(run.screen.problems.isEmpty, "\(run.screen.problems)")
    }

    /// The render after the import changes `same` to "differs" in its second pass (`count` has
    /// changed, `copy` not yet) and back in its third. The change log shows the render's
    /// outcome, one change per property, with no flicker; coverage counts only what was shown.
    @Test func onlyTheLastPassCounts() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let coverage = CoverageRecorder()
        let run = try run(in: scratch, coverage: coverage)
        await run.run()
        let logged = run.screen.changes.map(\.change.description)
        #expect(logged == [#"summary.text: "Total: 0 items" -> "Total: 1 items""#, #"copy.text: "0 items" -> "1 items""#, #"count.text: "0 items" -> "1 items""#])
        let same = coverage.report(for: run.bundle, configuration: nil).bindings.first { $0.element == "same" }
        #expect(same?.taken == [.ifTrue], "ifFalse was taken only in passes that did not count")
    }

    /// Elements reached other than by their own binding entry: a table's refresh control (written
    /// through `refreshControl.wx_value`), read by its table's id, through a controller's outlet,
    /// and past `self`. Each label comes before the binding that writes, and each shows the write.
    @Test func readsThroughNestedTargetsOutletsAndSelfSettle() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let run = try run(#"""
            {"objects": {"load": {"type": "OnLoadActionController", "attrs": {"actionName": "items"}},
                         "items": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item"}},
                         "refresh": {"type": "TableRefreshActionController", "attrs": {"actionName": "items"}, "outlets": {"sender": "list"}}},
             "elements": {"direct": {"bindings": [{"predicateFormat": "list.refreshControl.wx_value == YES", "ifTrue": "on", "ifFalse": "off"}]},
                          "outlet": {"bindings": [{"from": "refresh.sender.refreshControl.wx_value", "predicateFormat": "SELF == YES", "ifTrue": "on", "ifFalse": "off"}]},
                          "viaSelf": {"bindings": [{"predicateFormat": "self.list.refreshControl.wx_value == YES", "ifTrue": "on", "ifFalse": "off"}]},
                          "list": {"bindings": [{"predicateFormat": "items.totalCount > 0", "to": "refreshControl.wx_value"}]}},
             "views": {"type": "UIView", "children": [{"id": "direct", "type": "UILabel"}, {"id": "outlet", "type": "UILabel"},
                                                      {"id": "viaSelf", "type": "UILabel"}, {"id": "list", "type": "UITableView"}]}}
            """#, in: scratch)
        #expect(["direct", "outlet", "viaSelf"].map { text($0, run) } == ["off", "off", "off"])
        await run.run()
        #expect(["direct", "outlet", "viaSelf"].map { text($0, run) } == ["on", "on", "on"])
        #expect(run.screen.problems.isEmpty, "\(run.screen.problems)")
    }
}
