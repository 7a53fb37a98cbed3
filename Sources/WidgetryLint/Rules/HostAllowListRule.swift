import Foundation
import WidgetryJSON

/// A service sends requests to a host outside the allow-list of `.widgetry.json`.
struct HostAllowListRule: LintRule {
    static let description = LintRuleDescription(
        id: "host-not-allowed", severity: .error,
        summary: "Every host a service file talks to is in allowedHosts (when .widgetry.json lists them).",
        rationale: "A host embeds widgets it did not write; the allow-list says where their requests may go, and lint holds every base URL and absolute path to it.",
        examples: [
            LintExample("a host outside the list", files: [
                ".widgetry.json": #"{"allowedHosts": ["api.example.com"]}"#,
                "StubService.json": #"{"defaults": {"baseUrl": "https://api.example.com/"}, "actions": {"up": {"path": 1️⃣"https://tracker.example.net/x", "response": {}}}}"#,
                "S.json": #"{"S": {}}"#]),
            LintExample("hosts in the list", files: [
                ".widgetry.json": #"{"allowedHosts": ["api.example.com", "*.cdn.example.com"]}"#,
                "StubService.json": #"{"defaults": {"baseUrl": "https://api.example.com/"}, "actions": {"img": {"path": "https://eu.cdn.example.com/i", "response": {}}}}"#,
                "S.json": #"{"S": {}}"#]),
        ], security: true)

    func check(_ context: LintContext) -> [Diagnostic] {
        let allowed = context.configuration.allowedHosts
        guard !allowed.isEmpty else { return [] }
        var findings: [Diagnostic] = []
        for service in context.services {
            var urls: [(String, JSONPointer)] = []
            if let base = service.configuration.defaults.baseURL { urls.append((base, JSONPointer.root.appending(key: "defaults").appending(key: "baseUrl"))) }
            for action in service.configuration.actions {
                if let path = action.path, path.hasPrefix("http") { urls.append((path, action.pointer.appending(key: "path"))) }
            }
            for (url, pointer) in urls {
                guard let host = URLComponents(string: url)?.host?.lowercased(), !Self.isAllowed(host, by: allowed) else { continue }
                findings.append(service.finding(Self.description, at: pointer, message: "\(host) is not an allowed host",
                                                hint: "allowed: " + allowed.joined(separator: ", ")))
            }
        }
        return findings
    }

    /// Whether `host` is one of `allowed` (`*.example.com` allows every subdomain of example.com).
    static func isAllowed(_ host: String, by allowed: [String]) -> Bool {
        allowed.contains { pattern in
            let pattern = pattern.lowercased()
            if pattern.hasPrefix("*.") { return host.hasSuffix(String(pattern.dropFirst(1))) }
            return host == pattern
        }
    }
}
