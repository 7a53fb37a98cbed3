import Foundation
import Testing
import WidgetryJSON
@testable import WidgetryService
import WidgetryServiceConfiguration
import WidgetryTestSupport

/// Actions' redirects are followed hop by hop, each checked against the plain-http policy on
/// its parsed host, and only a 2xx answer is a success; an error body is echoed once, cut short.
struct RedirectPolicyTests {
    private func send(_ request: ServiceRequest) async throws -> Result<ServiceResponse, ActionError> {
        let transport = HTTPTransport(options: .unhurried)
        let result = await transport.send(request)
        try await transport.shutdown()
        return result
    }

    @Test(arguments: ["http://127.attacker.invalid/x", "http://example.invalid/x", "ftp://127.0.0.1/x"])
    func aRedirectOffLoopbackInPlainHTTPIsRefusedWithoutFollowingIt(location: String) async throws {
        try await TestHTTPServer.with({ _ in TestResponse.redirect(to: location) }) { server in
            let result = try await send(ServiceRequest(action: "a", method: .get, url: server.baseURL + "/start"))
            guard case .failure(let error) = result else { Issue.record("followed"); return }
            #expect(error.code == (location.hasPrefix("ftp") ? .invalidURL : .insecureRedirect))
            #expect(server.requests.count == 1)
        }
    }

    @Test func aPostRedirectedWith303ContinuesAsAGetAndCredentialsStayWithTheirHost() async throws {
        try await TestHTTPServer.with({ request in
            switch request.uri {
            case "/post": TestResponse(status: 303, headers: [("Location", "/result")])
            case "/result": TestResponse(status: 307, headers: [("Location", "http://localhost:\(request.header("X-Port") ?? "")/final")])
            default: TestResponse(headers: [("Content-Type", "application/json")], body: Array("{}".utf8))
            }
        }) { server in
            let request = ServiceRequest(action: "a", method: .post, url: server.baseURL + "/post",
                                         headers: [HeaderField("Authorization", "Bearer t"), HeaderField("X-Port", "\(server.port)")],
                                         body: Array("x=1".utf8))
            let result = try await send(request)
            #expect((try? result.get().status) == 200)
            #expect(server.requests.map(\.method) == ["POST", "GET", "GET"])
            #expect(server.requests.map(\.uri) == ["/post", "/result", "/final"])
            #expect(server.requests[1].body.isEmpty)
            #expect(server.requests[1].header("Authorization") == "Bearer t")
            #expect(server.requests[2].header("Authorization") == nil, "localhost is another host than 127.0.0.1")
        }
    }

    @Test(arguments: ["http://127.attacker.invalid/x", "http://example.invalid/x", "http://0127.0.0.1/x"])
    func plainHTTPOffLoopbackIsRefusedBeforeAnyLookup(url: String) async throws {
        let result = try await send(ServiceRequest(action: "a", method: .get, url: url))
        guard case .failure(let error) = result else { Issue.record("sent"); return }
        #expect(error.code == .insecureURL)
        #expect(error.code.rawValue == "action.insecure-url")
    }

    @Test func aDowngradeFromHTTPSIsRefused() {
        var hop = RedirectHop(request: ServiceRequest(action: "a", method: .get, url: "https://api.example.com/x"), maxRedirects: 5)
        #expect(hop.follow(status: 302, location: "http://127.0.0.1/y")?.code == .insecureRedirect)
        var trusting = RedirectHop(request: ServiceRequest(action: "a", method: .get, url: "https://api.example.com/x"), maxRedirects: 5, allowsPlainHTTP: true)
        #expect(trusting.follow(status: 302, location: "http://api.example.com/y")?.code == .insecureRedirect, "never from https to http")
        #expect(hop.follow(status: 302, location: "https://cdn.example.com/y") == nil)
        #expect(hop.request.url == "https://cdn.example.com/y")
    }

    @Test(arguments: [999, 600, 199, 302, 404, 500])
    func onlyTwoHundredsAreSuccess(status: Int) {
        for body in [#"[{"id": 1}]"#, #""text""#, #"{"id": 1}"#, "<html>"] {
            let response = ServiceResponse(status: status, body: Array(body.utf8))
            guard case .failure(let error) = ResponseReading.json(of: response, errorKeyPath: "error", action: "load") else {
                Issue.record("status \(status) with \(body) was taken as success")
                continue
            }
            #expect(error.code == .server)
            #expect(error.status == status)
        }
        for success in [200, 201, 299] {
            #expect((try? ResponseReading.json(of: ServiceResponse(status: success, body: Array("{}".utf8)), errorKeyPath: "error", action: "load").get()) != nil)
        }
    }

    @Test func anErrorBodyIsEchoedOnceAndCutShort() {
        let marker = "UNIQUE-MARKER"
        let long = marker + String(repeating: "x", count: 100_000)
        for body in [long, JSONValue(.string(long)).serialized(), #"{"error": "# + JSONValue(.string(long)).serialized() + "}"] {
            let response = ServiceResponse(status: 500, body: Array(body.utf8))
            guard case .failure(let error) = ResponseReading.json(of: response, errorKeyPath: "error", action: "load") else {
                Issue.record("a 500 was a success")
                continue
            }
            #expect(error.message.components(separatedBy: marker).count == 2, "echoed once")
            #expect(error.message.count < 400)
            #expect(error.description.count < 500)
        }
    }
}
