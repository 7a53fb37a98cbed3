import Foundation
import Testing
import WidgetryBundle
import WidgetryRuntime
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryTestSupport

/// OAuth 1.0a nonces and timestamps as a run picks them with its backend: against a real
/// server fresh on every request of every run, at the wall-clock time; against the stub the
/// same on every run, at the run's time.
struct OAuthFreshnessTests {
    static let signer = OAuth1Signer(consumerKey: "consumer-key", consumerSecret: "consumer-secret", token: "user-token", tokenSecret: "token-secret")
    /// A clock start far from today, as `--now` gives it.
    static let past = Date(timeIntervalSince1970: 978_307_200)

    /// A bundle whose `home` action needs authentication, in the stub file and in a service
    /// file whose base URL is `baseURL`.
    private func bundle(in scratch: TemporaryDirectory, baseURL: String) throws -> WidgetBundle {
        try ItemScreenBundle.write([
            "Info.json": ItemScreenBundle.info,
            "S.json": #"{"S": {"views": {"type": "UIView"}}}"#,
            "Service.json": #"{"defaults": {"baseUrl": "\#(baseURL)/", "needAuth": true}, "actions": {"home": {"path": "home"}}}"#,
            "StubService.json": #"{"defaults": {"baseUrl": "https://api.test/", "needAuth": true}, "actions": {"home": {"path": "home", "response": {}}}}"#,
        ], to: scratch.path)
        return try WidgetBundle(directory: scratch.path)
    }

    /// One run of `service` that performs `home` twice; the `Authorization` headers it logged.
    private func run(_ bundle: WidgetBundle, service: ServiceSelection) async throws -> [String] {
        let options = WidgetRun.Options(service: service, now: Self.past, credentials: Credentials(oauth1: Self.signer), transport: .unhurried)
        let services = try WidgetServices(bundle: bundle, options: options)
        for _ in 0..<2 {
            services.engine.perform("home")
            await services.timeline.run()
        }
        await services.shutdown()
        #expect(services.engine.events.allSatisfy { $0.kind != .error }, "\(services.engine.events)")
        return services.engine.requestLog.compactMap { $0.request.headers.first { $0.name == "Authorization" }?.value }
    }

    private func parameter(_ name: String, of header: String) -> String? {
        guard let start = header.range(of: "\(name)=\"") else { return nil }
        return header[start.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
    }

    @Test func aRealServerNeverSeesANonceTwiceAcrossRequestsAndRuns() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try await TestHTTPServer.with({ _ in TestResponse(headers: [("Content-Type", "application/json")], body: Array("{}".utf8)) }) { server in
            let bundle = try bundle(in: scratch, baseURL: server.baseURL)
            _ = try await run(bundle, service: .prod)
            _ = try await run(bundle, service: .prod)
            let received = server.requests.compactMap { $0.header("Authorization") }
            #expect(received.count == 4)
            let nonces = received.compactMap { parameter("oauth_nonce", of: $0) }
            #expect(Set(nonces).count == 4, "a nonce repeated: \(nonces)")
            for (request, header) in zip(server.requests, received) {
                #expect(Self.signer.verifies(header, method: "GET", url: URL(string: server.baseURL + request.uri)!))
            }
        }
    }

    @Test func aRealServerGetsTheWallClockNotTheRunsStart() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try await TestHTTPServer.with({ _ in TestResponse(headers: [("Content-Type", "application/json")], body: Array("{}".utf8)) }) { server in
            let before = Int(Date().timeIntervalSince1970)
            _ = try await run(try bundle(in: scratch, baseURL: server.baseURL), service: .prod)
            let after = Int(Date().timeIntervalSince1970.rounded(.up))
            for header in server.requests.compactMap({ $0.header("Authorization") }) {
                let timestamp = try #require(parameter("oauth_timestamp", of: header).flatMap { Int($0) })
                #expect((before...after).contains(timestamp), "\(timestamp) is not the wall clock")
            }
        }
    }

    @Test func stubRunsSignTheSameWayEveryTimeAtTheRunsTime() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let bundle = try bundle(in: scratch, baseURL: "https://api.test")
        let first = try await run(bundle, service: .stub), second = try await run(bundle, service: .stub)
        #expect(first.count == 2)
        #expect(first == second)
        #expect(first[0] != first[1], "each request has its own nonce")
        #expect(first.allSatisfy { parameter("oauth_timestamp", of: $0) == "978307200" })
    }
}
