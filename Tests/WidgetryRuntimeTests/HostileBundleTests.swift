import Foundation
import Testing
import WidgetryBundle
import WidgetryExpressions
import WidgetryJSON
import WidgetryRuntime
import WidgetryScreen
import WidgetryService
import WidgetryTestSupport

/// Hostile bundles, written by the tests and run as a host runs them: each ends with its typed,
/// located error — or, where working is the right answer, works — in bounded time and memory,
/// never a crash or a hang.
struct HostileBundleTests {
    /// Loads screen `S` with `screen` as its body (``ItemScreenBundle``).
    private func run(screen: String, actions: String = ItemScreenBundle.itemsAction,
                     in scratch: TemporaryDirectory, maxRenderPasses: Int = WidgetRun.Options.defaultMaxRenderPasses) throws -> WidgetRun {
        try ItemScreenBundle.run(screen: screen, actions: actions, in: scratch,
                                 options: WidgetRun.Options(now: Date(timeIntervalSince1970: 0), maxRenderPasses: maxRenderPasses))
    }

    /// The errors loading screen `S` gives.
    private func loadErrors(screen: String) throws -> [ScreenError] {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        do {
            _ = try run(screen: screen, in: scratch)
            return []
        } catch let error as WidgetRunError {
            guard case .screen(let errors) = error else { Issue.record("\(error)"); return [] }
            return errors.errors
        }
    }

    private static let views = #""views": {"type": "UIView", "children": [{"id": "label", "type": "UILabel"}]}"#

    // MARK: Files that are not reasonable JSON

    static let jsonCases: [(name: String, bytes: @Sendable () -> [UInt8], code: JSONParseError.Code)] = [
        ("10,000-deep nesting", { Array(#"{"S": "#.utf8) + Array(repeating: UInt8(ascii: "["), count: 10_000) + Array(repeating: UInt8(ascii: "]"), count: 10_000) + [UInt8(ascii: "}")] },
         .depthLimitExceeded),
        ("a 100 MB string", { Array(#"{"S": {"***": ""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: 100 << 20) + Array(#""}}"#.utf8) }, .stringTooLong),
        ("duplicate keys", { Array(#"{"S": {"objects": {}, "elements": {}, "objects": {"p": {"type": "OnLoadActionController"}}}}"#.utf8) }, .duplicateKey),
    ]

    @Test(arguments: jsonCases.indices)
    func aScreenFileThatIsNotReasonableJSONIsRefused(_ index: Int) async throws {
        let (name, bytes, code) = Self.jsonCases[index]
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try ItemScreenBundle.write(["Info.json": ItemScreenBundle.info, "Model.json": ItemScreenBundle.model], to: scratch.path)
        try Data(bytes()).write(to: URL(fileURLWithPath: scratch.file("S.json")))
        let (error, growth) = await ProcessResources.residentGrowth { () -> BundleError? in
            do throws(BundleError) {
                _ = try WidgetBundle(directory: scratch.path)
                return nil
            } catch {
                return error
            }
        }
        guard case .invalidJSON(let errors)? = error else { Issue.record("\(name): \(String(describing: error))"); return }
        #expect(errors.map(\.code) == [code], "\(name)")
        #expect(errors.first?.fileName == "S.json")
        #expect(growth < 512 << 20, "\(name): resident memory grew by \(growth >> 20) MiB")
    }

    // MARK: Screens

    /// 100,000 status controllers: the screen loads, renders and follows an action. (How long it
    /// takes is a benchmark's question, not a test's: the machines tests run on are shared.)
    @Test func aScreenWithAHundredThousandObjectsLoads() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let objects = (0..<100_000).map { #""s\#($0)": {"type": "ActionStatusController", "attrs": {"actionName": "items"}}"# }.joined(separator: ", ")
        let run = try run(screen: #"{"objects": {\#(objects), "load": {"type": "OnLoadActionController", "attrs": {"actionName": "items"}}}, \#(Self.views)}"#,
                          in: scratch)
        #expect(run.screen.objects.count == 100_001)
    }

    /// Outlets that point at their own object, or at each other: they load, run and print.
    @Test func selfAndMutuallyReferencingOutletsLoadAndRun() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let run = try run(screen: #"""
            {"objects": {
               "me": {"type": "ButtonActionController", "attrs": {"actionName": "items"}, "outlets": {"target": "me", "sender": "button", "serviceProvider": "me"}},
               "a": {"type": "ActionController", "attrs": {"actionName": "items"}, "outlets": {"target": "b"}},
               "b": {"type": "ActionController", "attrs": {"actionName": "items"}, "outlets": {"target": "a"}}},
             "elements": {"label": {"bindings": [{"from": "a.target.target.target.actionName"}]}},
             "views": {"type": "UIView", "children": [{"id": "label", "type": "UILabel"}, {"id": "button", "type": "UIButton"}]}}
            """#, in: scratch)
        try run.screen.tap("button")
        await run.run()
        #expect(run.screen.problems.isEmpty, "\(run.screen.problems)")
        #expect(run.screen.elements.first { $0.id == "label" }?.element.value(forKey: "text") == .string("items"))
        #expect(SnapshotText.render(run).contains("label (UILabel): text=\"items\""))
        _ = SnapshotJSON.render(run)
        #expect(run.engine.events.last?.name == "itemsSuccess")
    }

    /// A controller that names itself as its own content provider is refused where it is written.
    @Test func aControllerThatIsItsOwnProviderIsRefused() throws {
        let errors = try loadErrors(screen: #"{"objects": {"d": {"type": "ContentDisplayController", "outlets": {"mainContentProvider": "d"}}}, \#(Self.views)}"#)
        #expect(errors.map(\.code) == [.outletKind])
        #expect(errors.first?.pointer?.description.hasPrefix("/S/objects/d/outlets") == true)
    }

    // MARK: Actions

    /// `a → b → a` and `c → c`: each call stops at the cycle with `action.chain-cycle` on the
    /// repeated action, whose status shows the failure, after what the steps before it imported;
    /// the run goes idle.
    @Test(arguments: [("a", "a → b → a"), ("c", "c → c")])
    func nextActionCyclesStop(first: String, cycle: String) async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let run = try run(screen: #"""
            {"objects": {"load": {"type": "OnLoadActionController", "attrs": {"actionName": "\#(first)"}},
                         "status": {"type": "ActionStatusController", "attrs": {"actionName": "\#(first)"}}}, \#(Self.views)}
            """#, actions: #"""
            {"a": {"resultType": "[Item]", "nextAction": "b", "response": [{"id": "a"}]},
             "b": {"resultType": "[Item]", "nextAction": "a", "response": [{"id": "b"}]},
             "c": {"resultType": "[Item]", "nextAction": "c", "response": [{"id": "c"}]}}
            """#, in: scratch)
        await run.run()
        let error = try #require(run.engine.events.last?.error)
        #expect(error.code == .chainCycle)
        #expect(error.message.contains(cycle), "\(error)")
        #expect(run.engine.events.last?.action == first)
        #expect(run.screen.objects.first { $0.id == "status" }?.value(forKey: "isFailure") == .bool(true))
        #expect(run.store?.objects(of: "Item").count == (first == "a" ? 2 : 1))
        #expect(run.engine.events.count < 20)
    }

    // MARK: Predicates

    /// `(a|a)*\1c` needs the backtracking engine and would take 2^30 steps on thirty a's: its
    /// budget stops it with `eval.regex-budget`, reported as the binding's problem. `(a+)+b`
    /// looks as bad but runs on the linear engine: false at once, even on 10,000 a's.
    @Test func catastrophicBacktrackingIsStoppedByTheBudget() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let thirty = String(repeating: "a", count: 30)
        let many = String(repeating: "a", count: 10_000)
        let run = try run(screen: #"""
            {"elements": {
               "label": {"bindings": [{"predicateFormat": "'\#(thirty)' MATCHES '(a|a)*\\\\1c'", "ifTrue": "yes", "ifFalse": "no"}]},
               "other": {"bindings": [{"predicateFormat": "'\#(many)' MATCHES '(a+)+b'", "ifTrue": "yes", "ifFalse": "no"}]}},
             "views": {"type": "UIView", "children": [{"id": "label", "type": "UILabel"}, {"id": "other", "type": "UILabel"}]}}
            """#, in: scratch)
        await run.run()
        #expect(run.screen.problems.map(\.code) == [.binding])
        #expect(run.screen.problems.first?.message.contains("eval.regex-budget") == true, "\(run.screen.problems)")
        #expect(run.screen.elements.first { $0.id == "other" }?.element.value(forKey: "text") == .string("no"))
    }

    static func nestedSubquery(_ depth: Int) -> String {
        (0..<depth).reduce("TRUEPREDICATE") { inner, level in "SUBQUERY(items, $x\(level), \(inner)).@count > 0" }
    }

    /// A SUBQUERY nested 1,000 deep passes the nesting limit (256): refused when the screen loads,
    /// in a binding and in a provider's predicate alike.
    @Test func aThousandNestedSubqueriesAreRefused() throws {
        let deep = Self.nestedSubquery(1_000)
        #expect(deep.count < 65_536, "under the length limit: the depth limit is what stops it")
        #expect(throws: PredicateSyntaxError.self) { try Predicate(format: deep) }
        let binding = try loadErrors(screen: #"{"elements": {"label": {"bindings": [{"predicateFormat": "\#(deep)"}]}}, \#(Self.views)}"#)
        #expect(binding.map(\.code) == [.binding])
        #expect(binding.first?.message.contains("predicate.depth-limit") == true)
        let provider = try loadErrors(screen: #"{"objects": {"p": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item", "predicateFormat": "\#(deep)"}}}, \#(Self.views)}"#)
        #expect(provider.map(\.code) == [.invalidValue])
        #expect(provider.first?.message.contains("predicate.depth-limit") == true, "\(provider)")
    }

    /// `FUNCTION` reaches only the `wx_` allow-list: anything else is refused when the screen loads.
    @Test(arguments: ["valueForKey:", "performSelector:", "description"])
    func aFunctionOutsideTheAllowListIsRefused(_ selector: String) throws {
        let errors = try loadErrors(screen: #"{"elements": {"label": {"bindings": [{"predicateFormat": "FUNCTION(SELF, '\#(selector)', 'x') == 1"}]}}, \#(Self.views)}"#)
        #expect(errors.map(\.code) == [.binding])
        #expect(errors.first?.message.contains("predicate.unknown-function") == true, "\(errors)")
    }

    // MARK: Timers and renders

    /// A timer with interval 0 ticks every millisecond of run time, and its calls take 10 ms.
    /// What a tick sets off is background work like the tick, so a run until idle ends when the
    /// on-load call does (it used to start a call every tick and never go idle); and a tick while
    /// the timer's status shows a call underway starts nothing, so calls do not pile up (at most
    /// two at a time here, since the on-load call's answer also marks the timer's status).
    @Test func aTimerWithIntervalZeroDoesNotHang() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let run = try run(screen: #"""
            {"objects": {"t": {"type": "TimerActionController", "attrs": {"actionName": "items", "interval": 0}},
                         "load": {"type": "OnLoadActionController", "attrs": {"actionName": "items"}}}, \#(Self.views)}
            """#, actions: #"{"items": {"path": "items", "resultType": "[Item]", "delay": 0.01, "response": [{"id": "1"}]}}"#, in: scratch)
        await run.run()
        #expect(run.timeline.now == 0.01, "idle when the on-load call is done")
        await run.run(until: 0.2)
        var underway = 0
        var most = 0
        for event in run.engine.events {
            if event.kind == .start { underway += 1 }
            if event.kind == .success || event.kind == .error { underway -= 1 }
            most = max(most, underway)
        }
        #expect(most == 2)
        #expect(run.engine.events.filter { $0.kind == .start }.count <= 42)
    }

    /// A binding that reads the property it writes, and two that read each other's, never
    /// settle: each render evaluates the bindings again while they change elements, up to the
    /// pass limit, then stops and reports `render.pass-limit` naming the elements still
    /// changing. Renders stay one per event, and the run goes idle.
    @Test(arguments: [WidgetRun.Options.defaultMaxRenderPasses, 3])
    func aBindingThatReadsWhatItWritesStopsAtThePassLimit(passes: Int) async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let run = try run(screen: #"""
            {"objects": {"load": {"type": "OnLoadActionController", "attrs": {"actionName": "items"}},
                         "items": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item"}}},
             "elements": {"echo": {"bindings": [{"from": "echo.text", "format": "%@!"}]},
                          "ping": {"bindings": [{"from": "pong.text", "format": "%@+"}]},
                          "pong": {"bindings": [{"from": "ping.text", "format": "%@-"}]}},
             "views": {"type": "UIView", "children": [{"id": "echo", "type": "UILabel"}, {"id": "ping", "type": "UILabel"}, {"id": "pong", "type": "UILabel"}]}}
            """#, in: scratch, maxRenderPasses: passes)
        func text(_ id: String) -> String { run.screen.elements.first { $0.id == id }?.element.value(forKey: "text").stringValue ?? "?" }
        #expect(text("echo") == String(repeating: "!", count: passes))
        #expect(text("pong") == String(repeating: "+-", count: passes))
        let reported = run.screen.problems.filter { $0.code == .renderPassLimit }
        #expect(reported.map(\.message) == ["the bindings had not settled after \(passes) render passes: echo, ping, pong still changed in the last; "
                                             + "bindings read, directly or through other elements, what they write"])
        #expect(reported.first?.pointer?.description == "/S/elements/echo/bindings/0")
        #expect(reported.allSatisfy { $0.location != nil && $0.hint?.contains("--max-render-passes") == true })

        await run.run()
        let renders = text("echo").count / passes
        #expect(renders > 1 && renders < 10, "\(renders) renders for one action and its save")
        run.screen.render()
        #expect(text("echo").count == (renders + 1) * passes)
        #expect(run.screen.problems.filter { $0.code == .renderPassLimit }.count == 1, "the problem is listed once")
        // The change log holds one change of echo's text per render, not one per pass.
        let logged = run.screen.changes.filter { $0.change.elementID == "echo" }
        #expect(logged.count == renders - 1)
    }
}
