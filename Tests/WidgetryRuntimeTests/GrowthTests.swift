import Foundation
import Testing
@testable import WidgetryRuntime
import WidgetryTestSupport

/// What a step costs must not grow with what came before: a timer's thousandth tick handles its
/// events as the first did, and the navigation stack has a depth limit.
struct GrowthTests {
    static let views = #""views": {"type": "UIView", "children": [{"id": "go", "type": "UIButton"}, {"id": "label", "type": "UILabel"}]}"#

    /// A 1 ms timer calls its action hundreds of times in 0.3 s of run time; each event used
    /// to visit the status of every call made so far (quadratic in the ticks). The screen keeps
    /// one status per action controller.
    @Test func aTimerKeepsOneStatusPerControllerHoweverManyTicks() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let run = try ItemScreenBundle.run(screen: #"""
            {"objects": {"t": {"type": "TimerActionController", "attrs": {"actionName": "items", "interval": 0.001}},
                         "status": {"type": "ActionStatusController", "attrs": {"actionName": "items", "errorMessage": "failed"}}}, \#(Self.views)}
            """#, in: scratch)
        await run.run(until: 0.3)
        let calls = run.engine.events.filter { $0.kind == .start }.count
        #expect(calls > 100, "the timer ticked")
        #expect(run.screen.perCallStatuses.count == 1)
        #expect(run.screen.started("items"))
        guard case .object(let status) = run.screen.objects.first(where: { $0.id == "t" })?.value(forKey: "status") else {
            Issue.record("the timer has no status")
            return
        }
        #expect(status.value(forKey: "isSuccess").isOn)
    }

    /// A screen that presents itself, tapped again and again: the stack stops at its limit with
    /// `navigation.depth-limit`, and the screen on top still works.
    @Test(arguments: [WidgetRun.Options.defaultMaxStackDepth, 5])
    func aSelfPresentingScreenStopsAtTheStackLimit(limit: Int) async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        var options = WidgetRun.Options(now: Date(timeIntervalSince1970: 0))
        options.maxStackDepth = limit
        let run = try ItemScreenBundle.run(screen: #"""
            {"objects": {}, "views": {"type": "UIView", "children": [{"id": "go", "type": "UIButton", "segue": "again"}]},
             "segues": {"again": {"destination": "S", "kind": "present"}}}
            """#, in: scratch, options: options)
        for _ in 1..<limit { try await run.perform(.tap("go")) }
        #expect(run.stack.count == limit)
        do {
            try await run.perform(.tap("go"))
            Issue.record("the stack grew past \(limit)")
        } catch {
            #expect(error.code == InteractionError.stackDepthLimit)
            #expect(error.description.contains("[navigation.depth-limit]"))
        }
        #expect(run.stack.count == limit)
    }
}
