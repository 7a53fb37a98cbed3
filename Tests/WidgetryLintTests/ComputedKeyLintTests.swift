import Foundation
import Testing
import WidgetryBundle
import WidgetryBundleFetch
import WidgetryHostProfile
import WidgetryJSON
@testable import WidgetryLint

/// Computed keys (a host profile's `keyPaths`) are keys of their entity for lint, typed by their
/// expression; without them, a binding that reads one is an unknown key path as before.
struct ComputedKeyLintTests {
    static let screen = #"""
        {"input": "Post", "objects": {"p": {"type": "ManagedObjectsProvider", "attrs": {"entityName": "Post",
           "predicateFormat": "timeAgoString != 'Now' AND FUNCTION(timeAgoString, 'hasPrefix:', '1') == YES AND FUNCTION(posted, 'hasPrefix:', '1') == YES"}}},
         "elements": {"title": {"bindings": [{"from": "content.timeAgoString", "to": "text"}, {"from": "content.timeAgoStrng.length", "to": "tag"},
                                        {"from": "content.timeAgoString.length", "to": "tag"}]}},
         "views": {"type": "UIView", "children": [{"id": "title", "type": "UILabel"}]}}
        """#

    private func lint(keyPaths: [String: [String: String]]) async throws -> [Diagnostic] {
        let bundle = try LintExampleBundle(LintExample("", screen: Self.screen))
        defer { bundle.remove() }
        let loaded = try await BundleLoader().load(try BundleSource(argument: bundle.directory))
        return Linter(rules: SemanticRulesTests.rules).lint(loaded.bundle, displayPrefix: "", profile: HostProfile(keyPaths: keyPaths)).diagnostics
    }

    @Test func computedKeysAreKnownAndTypedByTheirExpression() async throws {
        let diagnostics = try await lint(keyPaths: ["User": ["joined": "now()"], "Post": ["timeAgoString": "timeAgo(timestamp)", "posted": "abs(favoritesCount)"]])
        let unknown = diagnostics.filter { $0.code == "unknown-key-path" }
        #expect(unknown.map(\.message) == ["unknown key 'timeAgoStrng' on entity Post"], "only the misspelling")
        #expect(unknown.first?.hint == "did you mean \"timeAgoString\"?", "computed keys are suggested")
        let typed = diagnostics.filter { $0.code == "function-type" }
        #expect(typed.map(\.message) == ["hasPrefix: is defined on a string, but its receiver is a number"],
                "timeAgo: is a string, abs: a number; \(diagnostics.map { "\($0.code): \($0.message)" })")
    }

    @Test func withoutComputedKeysTheyAreUnknown() async throws {
        let unknown = try await lint(keyPaths: [:]).filter { $0.code == "unknown-key-path" }.map(\.message)
        #expect(unknown.contains("unknown key 'timeAgoString' on entity Post"))
        #expect(unknown.contains("unknown key 'posted' on entity Post"))
    }
}
