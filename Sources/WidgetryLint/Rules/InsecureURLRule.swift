import Foundation
import WidgetryJSON

/// A service talks plain HTTP to a host that is not this machine, or sends an action to a host
/// outside the configured allow-list.
struct InsecureURLRule: LintRule {
    static let description = LintRuleDescription(
        id: "insecure-url", severity: .error,
        summary: "Service URLs use https (plain http only for loopback hosts).",
        rationale: "A widget's requests carry the user's credentials and data; plain http exposes them to anyone on the path.",
        examples: [
            LintExample("a plain-http base URL", files: [
                "StubService.json": #"{"defaults": {"baseUrl": 1️⃣"http://api.example.com/"}, "actions": {"load": {"response": []}}}"#,
                "S.json": #"{"S": {}}"#]),
            LintExample("an absolute plain-http path", files: [
                "StubService.json": #"{"defaults": {"baseUrl": "https://api.example.com/"}, "actions": {"up": {"path": 1️⃣"http://upload.example.com/x", "response": {}}}}"#,
                "S.json": #"{"S": {}}"#]),
            LintExample("a name that merely starts like a loopback address", files: [
                "StubService.json": #"{"defaults": {"baseUrl": 1️⃣"http://127.attacker.invalid/"}, "actions": {"load": {"response": []}}}"#,
                "S.json": #"{"S": {}}"#]),
            LintExample("https, and http on loopback", files: [
                "StubService.json": #"{"defaults": {"baseUrl": "https://api.example.com/"}, "actions": {"local": {"path": "http://127.0.0.1:8080/x", "response": {}}}}"#,
                "S.json": #"{"S": {}}"#]),
        ], security: true)

    func check(_ context: LintContext) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for service in context.services {
            if let base = service.configuration.defaults.baseURL, Self.isInsecure(base) {
                findings.append(finding(service, pointer: JSONPointer.root.appending(key: "defaults").appending(key: "baseUrl"), url: base))
            }
            for action in service.configuration.actions {
                guard let path = action.path, path.hasPrefix("http"), Self.isInsecure(path) else { continue }
                findings.append(finding(service, pointer: action.pointer.appending(key: "path"), url: path))
            }
        }
        return findings
    }

    private func finding(_ service: LintContext.Service, pointer: JSONPointer, url given: String) -> Diagnostic {
        let url = service.document.value(at: pointer)?.stringValue ?? given
        return service.finding(Self.description, at: pointer, message: "\(url) is plain http to a host that is not this machine", hint: "use https")
    }

    /// Whether `url` is `http:` to a host other than a loopback one.
    /// Loopback is decided on the parsed host (``PlainHTTPPolicy``): `http://127.attacker.invalid/` is not.
    static func isInsecure(_ url: String) -> Bool {
        PlainHTTPPolicy.isPlainHTTPOffLoopback(url)
    }
}
