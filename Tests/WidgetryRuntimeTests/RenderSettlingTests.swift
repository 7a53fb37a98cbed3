import Foundation
import Testing
import WidgetryBundle
import WidgetryExpressions
import WidgetryRuntime
import WidgetryTestSupport

/// A render evaluates a screen's bindings again while they change an element another binding
/// reads, so what a screen shows does not depend on the order its bindings are written in.
struct RenderSettlingTests {
    /// A screen whose `count` label shows how many items the store holds, and whose other
    /// elements, written before it, read it: `summary` through its text, `same` by comparing
    /// `count` with `copy`, which copies `count`. The items action imports one item.
    private func run(in scratch: TemporaryDirectory) throws -> WidgetRun {
        let files = [
            "Info.json": HostileBundleTests.info,
            "Model.json": HostileBundleTests.model,
            "StubService.json": #"{"defaults": {"baseUrl": "https://test/"}, "actions": {"items": {"path": "items", "resultType": "[Item]", "response": [{"id": "1"}]}}}"#,
            "S.json": #"""
                {"S": {"objects": {"load": {"type": "OnLoadActionController", "attrs": {"actionName": "items"}},
                                   "items": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item"}}},
                       "elements": {"summary": {"bindings": [{"from": "count.text", "format": "Total: %@"}]},
                                    "same": {"bindings": [{"predicateFormat": "count.text == copy.text", "ifTrue": "same", "ifFalse": "differs"}]},
                                    "copy": {"bindings": [{"from": "count.text"}]},
                                    "count": {"bindings": [{"from": "items.totalCount", "format": "%@ items"}]}},
                       "views": {"type": "UIView", "children": [{"id": "summary", "type": "UILabel"}, {"id": "same", "type": "UILabel"},
                                                                {"id": "copy", "type": "UILabel"}, {"id": "count", "type": "UILabel"}]}}}
                """#,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: scratch.path + "/" + name)) }
        return try WidgetRun(bundle: WidgetBundle(directory: scratch.path), options: WidgetRun.Options(now: Date(timeIntervalSince1970: 0)))
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
    /// changed, `copy` not yet) and back in its third; the change log shows the render's
    /// outcome, one change per property, and no flicker.
    @Test func theChangeLogHoldsWhatTheRenderDidNotEachPass() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let run = try run(in: scratch)
        await run.run()
        let logged = run.screen.changes.map(\.change.description)
        #expect(logged == [#"summary.text: "Total: 0 items" -> "Total: 1 items""#, #"copy.text: "0 items" -> "1 items""#, #"count.text: "0 items" -> "1 items""#])
    }
}
