import Foundation
import WidgetryJSON

/// An action's `path` starts with `http` but is not an http(s) URL (`"http_products"`): the
/// runtime takes any such path as an absolute URL, as WidgetKit did, so the request goes to no
/// host instead of to the base URL.
struct PathNotURLRule: LintRule {
    static let description = LintRuleDescription(
        id: "path-not-url", severity: .warning,
        summary: "A path that starts with http is an absolute URL; one that is not a URL is a mistake.",
        rationale: "WidgetKit, and Widgetry after it, take every path starting with 'http' as a whole URL and ignore baseUrl, so a path such as 'http_products' fails at run time with action.invalid-url instead of reaching the service.",
        examples: [
            LintExample("a relative path that starts with http", files: [
                "StubService.json": #"{"defaults": {"baseUrl": "https://api.example.com/"}, "actions": {"load": {"path": 1️⃣"http_products", "response": []}}}"#,
                "S.json": #"{"S": {}}"#]),
            LintExample("a relative path and an absolute URL", files: [
                "StubService.json": #"{"defaults": {"baseUrl": "https://api.example.com/"}, "actions": {"load": {"path": "products", "response": []}, "up": {"path": "https://upload.example.com/x", "response": {}}}}"#,
                "S.json": #"{"S": {}}"#]),
        ])

    func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for service in context.services {
            for action in service.configuration.actions {
                guard let path = action.path, path.hasPrefix("http"), !Self.isURL(path) else { continue }
                findings.append(service.finding(Self.description, at: action.pointer.appending(key: "path"),
                                                message: "path \"\(path)\" starts with http, so it is taken as an absolute URL, but it is not one",
                                                hint: "write a whole URL (https://host/…), or a path relative to baseUrl that does not start with http"))
            }
        }
        return findings
    }

    /// Whether `text` is an http(s) URL with a host (templates' `$key` placeholders allowed in it).
    static func isURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return false }
        let rest = text.drop(while: { $0 != ":" }).dropFirst(3)
        return !rest.isEmpty && !rest.hasPrefix("/")
    }
}
