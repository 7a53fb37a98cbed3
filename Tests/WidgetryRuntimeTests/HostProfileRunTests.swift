import Foundation
import Testing
import WidgetryBundle
import WidgetryExpressions
import WidgetryHostProfile
import WidgetryJSON
import WidgetryRuntime
import WidgetryTestSupport

/// A host profile's steps, defaults and providers in a run: what upstream hosts wrote in Swift.
struct HostProfileRunTests {
    static let screen = #"""
        {"objects": {
           "load": {"type": "OnLoadActionController", "attrs": {"actionName": "items"}},
           "items": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Item", "sortByFields": "itemId"}},
           "table": {"type": "TableDisplayController", "attrs": {"cellIdentifier": "Row", "renderOn": "flagChanged"},
                     "outlets": {"mainContentProvider": "items", "elements": ["list"]}},
           "signOut": {"type": "ButtonActionController", "attrs": {"actionName": "logout"}, "outlets": {"sender": "out"}}},
         "elements": {
           "toggle": {"action": {"target": "@self", "selector": "toggled:"}},
           "rename": {"action": {"target": "@self", "selector": "renameFirst:"}},
           "broken": {"action": {"target": "@self", "selector": "broken:"}},
           "loop": {"action": {"target": "@self", "selector": "loop:"}},
           "name": {"bindings": [{"format": "$defaults.flag $content.name"}]}},
         "views": {"type": "UIView", "children": [
           {"id": "toggle", "type": "UISwitch"}, {"id": "rename", "type": "UIButton"}, {"id": "broken", "type": "UIButton"},
           {"id": "out", "type": "UIButton"}, {"id": "loop", "type": "UIButton"},
           {"id": "list", "type": "UITableView", "prototypes": [{"reuseIdentifier": "Row", "children": [{"id": "name", "type": "UILabel"}]}]}]}}
        """#
    static let actions = #"{"items": {"path": "items", "resultType": "[Item]", "response": [{"id": "1", "name": "one"}, {"id": "2", "name": "two"}]}}"#

    static let profile = #"""
        {"defaults": {"flag": false},
         "actions": {
           "toggled:": [{"setDefault": {"key": "flag", "expression": "sender.on"}}, {"postNotification": "flagChanged"}],
           "renameFirst:": {"updateObjects": {"entity": "Item", "predicate": "itemId == '1'", "values": {"name": "uno"}}},
           "broken:": [{"updateObjects": {"entity": "Item", "values": {"nope": 1}}}, {"setDefault": {"key": "after", "value": true}}],
           "logout": [{"signOut": {"clearing": ["Item"]}}],
           "loop:": {"perform": "loop:"}}}
        """#

    private func profile() throws -> HostProfile {
        try HostProfileReader.read(JSONParser.parse(Array(Self.profile.utf8), fileName: "p.json"), file: "p.json", environment: [:])
    }

    private func run(in scratch: TemporaryDirectory) async throws -> WidgetRun {
        var options = WidgetRun.Options(now: Date(timeIntervalSince1970: 0))
        options.profile = try profile()
        let run = try ItemScreenBundle.run(screen: Self.screen, actions: Self.actions, in: scratch, options: options)
        await run.run()
        return run
    }

    private func names(_ run: WidgetRun) -> [String] {
        Snapshot(run).tables.first?.rows.compactMap { row in row.elements.first { $0.id == "name" }?.element.value.stringValue } ?? []
    }

    @Test func aSwitchSetsADefaultFromItsValueAndTheNotificationRendersTheTable() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let run = try await run(in: scratch)
        #expect(run.defaults.value(forKey: "flag") == .bool(false), "the profile's defaults are registered")
        #expect(names(run) == ["0 one", "0 two"])
        try await run.perform(.tap("toggle"))
        #expect(run.defaults.value(forKey: "flag") == .bool(true))
        #expect(names(run) == ["1 one", "1 two"])
        try await run.perform(.tap("toggle"))
        #expect(run.defaults.value(forKey: "flag") == .bool(false))
        #expect(names(run) == ["0 one", "0 two"])
    }

    @Test func updateObjectsChangesWhatThePredicateMatchesInOneTransaction() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let run = try await run(in: scratch)
        try await run.perform(.tap("rename"))
        #expect(names(run) == ["0 uno", "0 two"])
    }

    @Test func aFailingStepIsALocatedProblemAndTheRestDoNotRun() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let run = try await run(in: scratch)
        try await run.perform(.tap("broken"))
        let problem = try #require(run.screen.problems.last)
        #expect(problem.message.contains("host action broken:, step updateObjects: Item has no attribute nope"))
        #expect(problem.hint == "the step comes from p.json")
        #expect(run.defaults.value(forKey: "after").isNull)
    }

    @Test func hostActionsThatPerformEachOtherStopAtADepth() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let run = try await run(in: scratch)
        try await run.perform(.tap("loop"))
        let problem = try #require(run.screen.problems.first { $0.message.contains("perform each other") })
        #expect(problem.message.contains("host action loop:, step perform: host actions perform each other more than 16 deep (loop: again?)"))
    }

    @Test func signOutForgetsTheTokenAndClearsTheEntities() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let run = try await run(in: scratch)
        #expect(run.store?.objects(of: "Item").count == 2)
        try await run.perform(.tap("out"))
        #expect(run.store?.objects(of: "Item").count == 0)
        #expect(run.engine.userSignedOut)
        #expect(names(run).isEmpty)
    }

    @Test func aProviderTheBundleNamesMustBeInTheProfile() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let screen = #"{"elements": {"@self": {"attrs": {"serviceProviderClassName": "TwitterService"}}}, "views": {"type": "UIView"}}"#
        do {
            _ = try ItemScreenBundle.run(screen: screen, in: scratch)
            Issue.record("a provider no profile declares was accepted")
        } catch let error as WidgetRunError {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.code == "screen.invalid-value")
            #expect(diagnostic.hint?.contains("add \"providers\": {\"TwitterService\": {…}} to the host profile") == true)
        }
        var options = WidgetRun.Options(now: Date(timeIntervalSince1970: 0))
        options.profile = HostProfile(providers: ["TwitterService": ProviderAuth(bearer: "b")])
        let run = try ItemScreenBundle.run(screen: screen, in: scratch, options: options)
        #expect(run.engine.options.credentials?.bearerToken == "b", "the provider the screen names signs the run's requests")
    }
}
