import Foundation
import Testing
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryTestSupport

/// Credentials stay with the origin they were meant for: a redirect to another scheme, host or
/// port drops every one the request carried, whichever source it came from; a redirect within
/// the origin keeps them. Two real servers on 127.0.0.1, on two ports.
struct CredentialRedirectTests {
    /// A bearer token and two credential headers (as `--auth-header` and a profile provider's
    /// `headers` give them), all with names no fixed list holds.
    static let credentials = Credentials(bearerToken: "bearer-secret-1",
                                         headers: [HeaderField("X-Profile-Key", "profile-secret-2"), HeaderField("X-Session", "session-secret-3")])
    /// Headers of the action itself: two that carry credentials by their nature, one that does not.
    static let actionHeaders = [HeaderField("Cookie", "jar=cookie-secret-4"), HeaderField("Proxy-Authorization", "Basic cHJveHk6c2VjcmV0"),
                                HeaderField("X-Trace", "trace-1")]
    static let credentialNames = ["Authorization", "X-Profile-Key", "X-Session", "Cookie", "Proxy-Authorization"]

    private static func ok(_ request: TestRequest) -> TestResponse {
        TestResponse(headers: [("Content-Type", "application/json")], body: Array("{}".utf8))
    }

    @Test(arguments: ["127.0.0.1", "localhost"])
    func aRedirectToAnotherPortOrHostDropsEveryCredential(host: String) async throws {
        try await TestHTTPServer.with(Self.ok) { second in
            try await TestHTTPServer.with({ _ in .redirect(to: "http://\(host):\(second.port)/landing") }) { first in
                let call = try await NetworkCall.perform(first.baseURL + "/start", credentials: Self.credentials, headers: Self.actionHeaders)
                #expect(call.error == nil, "\(call.events)")
                let sent = try #require(first.requests.first)
                for name in Self.credentialNames { #expect(sent.header(name) != nil, "\(name) goes to its own origin") }
                let arrived = try #require(second.requests.first)
                for name in Self.credentialNames { #expect(arrived.header(name) == nil, "\(name) went to \(host):\(second.port)") }
                #expect(arrived.header("X-Trace") == "trace-1", "a header that is no credential goes on")
            }
        }
    }

    @Test func anOAuthSignatureStaysWithItsOrigin() async throws {
        let signed = Credentials(oauth1: OAuth1Signer(consumerKey: "consumer-key", consumerSecret: "consumer-secret", token: "user-token", tokenSecret: "token-secret"))
        try await TestHTTPServer.with(Self.ok) { second in
            try await TestHTTPServer.with({ _ in .redirect(to: second.baseURL + "/landing") }) { first in
                let call = try await NetworkCall.perform(first.baseURL + "/start", credentials: signed)
                #expect(call.error == nil, "\(call.events)")
                #expect(first.requests.first?.header("Authorization")?.hasPrefix("OAuth ") == true)
                #expect(second.requests.first?.header("Authorization") == nil)
            }
        }
    }

    @Test func aRedirectWithinTheOriginKeepsEveryCredential() async throws {
        try await TestHTTPServer.with({ request in request.uri == "/start" ? .redirect(to: "/landing") : Self.ok(request) }) { server in
            let call = try await NetworkCall.perform(server.baseURL + "/start", credentials: Self.credentials, headers: Self.actionHeaders)
            #expect(call.error == nil, "\(call.events)")
            let landing = try #require(server.requests.last)
            #expect(landing.uri == "/landing")
            #expect(landing.header("Authorization") == "Bearer bearer-secret-1")
            #expect(landing.header("X-Profile-Key") == "profile-secret-2")
            #expect(landing.header("X-Session") == "session-secret-3")
            #expect(landing.header("Cookie") == "jar=cookie-secret-4")
        }
    }

    @Test func credentialsDroppedOnceDoNotComeBackOnTheWayHome() async throws {
        // 127.0.0.1 → localhost (another host, the same server) → 127.0.0.1 again.
        try await TestHTTPServer.with({ request in
            let port = request.header("Host")?.split(separator: ":").last.map(String.init) ?? "0"
            switch request.uri {
            case "/start": return .redirect(to: "http://localhost:\(port)/away")
            case "/away": return .redirect(to: "http://127.0.0.1:\(port)/home")
            default: return Self.ok(request)
            }
        }) { server in
            let call = try await NetworkCall.perform(server.baseURL + "/start", credentials: Self.credentials, headers: Self.actionHeaders)
            #expect(call.error == nil, "\(call.events)")
            #expect(server.requests.map(\.uri) == ["/start", "/away", "/home"])
            let home = try #require(server.requests.last)
            for name in Self.credentialNames { #expect(home.header(name) == nil, "\(name) came back after leaving its origin") }
        }
    }
}
