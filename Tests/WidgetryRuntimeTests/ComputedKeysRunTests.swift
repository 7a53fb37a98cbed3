import Foundation
import Testing
import WidgetryBundle
import WidgetryExpressions
import WidgetryHostProfile
import WidgetryRuntime
import WidgetryTestSupport

/// Computed keys (a host profile's `keyPaths`) in a run: bindings and fetch predicates read them
/// on store objects like attributes, on the run's clock; declarations that cannot work stop the
/// run before it starts, naming the entity and key.
struct ComputedKeysRunTests {
    /// 2018-06-20T19:00:00Z, the run's fixed clock.
    static let now = Date(timeIntervalSince1970: 1_529_521_200)
    static let model = #"""
        {"entities": {
          "Post": {"identityAttribute": "postId", "attributes": {
            "postId": {"type": "String", "JSONKeyPath": "id"}, "text": {"type": "String", "optional": true, "JSONKeyPath": "text"},
            "timestamp": {"type": "Date", "optional": true, "JSONKeyPath": "date"}}},
          "Quote": {"parent": "Post", "attributes": {"source": {"type": "String", "optional": true, "JSONKeyPath": "source"}}}}}
        """#
    static let stub = #"""
        {"defaults": {"baseUrl": "https://test/"}, "actions": {
          "posts": {"path": "posts", "resultType": "[Post]", "response": [
            {"id": "1", "text": "a", "date": "2018-06-20T16:00:00Z"}, {"id": "2", "text": "b", "date": "2018-06-21T19:00:00Z"}]},
          "quotes": {"path": "quotes", "resultType": "[Quote]", "response": [{"id": "3", "text": "c", "date": "2018-06-19T19:00:00Z", "source": "s"}]}}}
        """#
    static let screen = #"""
        {"S": {"objects": {
           "loadPosts": {"type": "OnLoadActionController", "attrs": {"actionName": "posts"}},
           "loadQuotes": {"type": "OnLoadActionController", "attrs": {"actionName": "quotes"}},
           "posts": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Post", "sortByFields": "text", "predicateFormat": "timeAgoString != 'Now'"}},
           "table": {"type": "TableDisplayController", "attrs": {"cellIdentifier": "Row"}, "outlets": {"mainContentProvider": "posts", "elements": ["list"]}}},
         "elements": {"line": {"bindings": [{"format": "$content.text $content.timeAgoString"}]}},
         "views": {"type": "UIView", "children": [
           {"id": "list", "type": "UITableView", "prototypes": [{"reuseIdentifier": "Row", "children": [{"id": "line", "type": "UILabel"}]}]}]}}}
        """#

    private func run(keyPaths: [String: [String: String]], in scratch: TemporaryDirectory) throws -> WidgetRun {
        try ItemScreenBundle.write(["Info.json": ItemScreenBundle.info, "Model.json": Self.model, "StubService.json": Self.stub, "S.json": Self.screen],
                                   to: scratch.path)
        var options = WidgetRun.Options(now: Self.now)
        options.profile = HostProfile(keyPaths: keyPaths)
        return try WidgetRun(bundle: WidgetBundle(directory: scratch.path), options: options)
    }

    private func lines(_ run: WidgetRun) -> [String] {
        Snapshot(run).tables.first?.rows.compactMap { row in row.elements.first { $0.id == "line" }?.element.value.stringValue } ?? []
    }

    @Test func bindingsAndPredicatesReadAComputedKeyAndSubEntitiesInheritIt() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let run = try run(keyPaths: ["Post": ["timeAgoString": "timeAgo(timestamp)"]], in: scratch)
        await run.run()
        // b is dated after the run's clock: "Now", so the predicate leaves it out; c is a Quote.
        #expect(lines(run) == ["a 3h", "c 1d"])
    }

    @Test func declarationsThatCannotWorkStopTheRunWithEntityAndKey() throws {
        let cases: [([String: [String: String]], String)] = [
            (["Post": ["timeAgoString": "timeAgo(timestamp"]], "keyPaths.Post.timeAgoString: timeAgo(timestamp"),
            (["Tweet": ["timeAgoString": "timeAgo(timestamp)"]], "keyPaths.Tweet.timeAgoString: the model has no entity Tweet"),
            (["Post": ["text": "uppercase(text)"]], "keyPaths.Post.text: Post already has text in the model"),
            (["Post": ["source": "text"]], "keyPaths.Quote.source: Quote already has source in the model"),
        ]
        for (keyPaths, message) in cases {
            let scratch = try TemporaryDirectory()
            defer { scratch.remove() }
            do {
                _ = try run(keyPaths: keyPaths, in: scratch)
                Issue.record("\(keyPaths) was accepted")
            } catch let error as WidgetRunError {
                let diagnostic = try #require(error.diagnostics.first)
                #expect(diagnostic.code == "profile.invalid-value")
                #expect(diagnostic.message.hasPrefix(message), "\(diagnostic.message)")
            }
        }
    }
}
