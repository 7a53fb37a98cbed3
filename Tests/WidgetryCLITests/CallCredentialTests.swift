import Foundation
import Testing
import WidgetryTestSupport

/// `widgetry call` and `run` with a host profile's credentials: `--dry-run` builds the request
/// the call would send, and whatever the server repeats of the credentials is shown redacted.
struct CallCredentialTests {
    static let secrets = ["TEST_BEARER": "bearer-secret-value", "TEST_KEY": "key-secret-value"]
    static let profile = #"{"providers": {"StandardServiceProvider": {"bearer": {"env": "TEST_BEARER"}, "headers": {"X-Client-Key": {"env": "TEST_KEY"}}}}}"#

    /// A bundle whose `me` action needs authentication (base URL `baseURL`, in both the stub
    /// and the service file), and the profile, in `directory`.
    private func write(in directory: TemporaryDirectory, baseURL: String, profile: String = profile,
                       screen: String = #"{"views": {"type": "UIView"}}"#) throws -> (bundle: String, profile: String) {
        let bundle = directory.path + "/Bundle"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        let service = #"{"defaults": {"baseUrl": "\#(baseURL)/", "needAuth": true}, "actions": {"me": {"path": "me"}}}"#
        let stub = #"{"defaults": {"baseUrl": "\#(baseURL)/", "needAuth": true}, "actions": {"me": {"path": "me", "response": {}}}}"#
        let files = ["Info.json": #"{"identifier": "test.credentials", "name": "T", "version": "1.0", "entryScreen": "S", "formatVersion": 1}"#,
                     "S.json": #"{"S": \#(screen)}"#, "StubService.json": stub, "Service.json": service]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: bundle + "/" + name)) }
        try Data(profile.utf8).write(to: URL(fileURLWithPath: directory.file("p.profile.json")))
        return (bundle, directory.file("p.profile.json"))
    }

    @Test func dryRunSignsWithTheProfileAsTheCallDoes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (bundle, profile) = try write(in: directory, baseURL: "https://api.test")
        let outcome = try CommandRunner.run(["call", bundle, "me", "--dry-run", "--profile", profile], environment: Self.secrets)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "GET https://api.test/me\nAuthorization: <redacted>\nX-Client-Key: <redacted>\n")
        #expect(!outcome.stderr.contains("missing-credentials"))
    }

    @Test func dryRunShowsAProfilesHostRedirectAndOAuthSignatureRedacted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let oauth = #"""
            {"hosts": {"api.test": "http://127.0.0.1:9/base"},
             "providers": {"StandardServiceProvider": {"oauth1": {"consumerKey": {"env": "TEST_KEY"}, "consumerSecret": "consumer-secret-value"}}}}
            """#
        let (bundle, profile) = try write(in: directory, baseURL: "https://api.test", profile: oauth)
        let outcome = try CommandRunner.run(["call", bundle, "me", "--dry-run", "--profile", profile], environment: Self.secrets)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "GET http://127.0.0.1:9/base/me (for https://api.test/me)\nAuthorization: <redacted>\n")
    }

    @Test func credentialsAServerRepeatsArePrintedRedacted() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await TestHTTPServer.with({ request in
            let echoed = "\(request.header("Authorization") ?? "") \(request.header("X-Client-Key") ?? "")"
            return TestResponse(status: 401, headers: [("Content-Type", "application/json")], body: Array(#"{"error": "refused \#(echoed)"}"#.utf8))
        }) { server in
            let (bundle, profile) = try write(in: directory, baseURL: server.baseURL)
            let outcome = try CommandRunner.run(["call", bundle, "me", "--service", "prod", "--profile", profile], environment: Self.secrets)
            #expect(outcome.status == 1, "\(outcome.stderr)")
            #expect(server.requests.first?.header("Authorization") == "Bearer bearer-secret-value")
            #expect(outcome.stdout.contains("meError error=me failed: refused Bearer <redacted> <redacted> [action.server] (HTTP 401)"), "\(outcome.stdout)")
            for secret in Self.secrets.values { #expect(!(outcome.stdout + outcome.stderr).contains(secret)) }
        }
    }

    /// Answers with the request's credentials in a JSON body, with `status`.
    private static func echo(status: Int) -> TestHTTPServer.Handler {
        { request in
            let body = #"{"error": "seen \#(request.header("Authorization") ?? "") \#(request.header("X-Client-Key") ?? "")"}"#
            return TestResponse(status: status, headers: [("Content-Type", "application/json")], body: Array(body.utf8))
        }
    }

    @Test func runsJSONSnapshotShowsWhatAServerRepeatsRedacted() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await TestHTTPServer.with(Self.echo(status: 500)) { server in
            let screen = #"{"objects": {"load": {"type": "OnLoadActionController", "attrs": {"actionName": "me"}}}, "views": {"type": "UIView"}}"#
            let (bundle, profile) = try write(in: directory, baseURL: server.baseURL, screen: screen)
            let outcome = try CommandRunner.run(["run", bundle, "--service", "prod", "--profile", profile, "--format", "json"], environment: Self.secrets)
            #expect(server.requests.count == 1, "\(outcome.stderr)")
            #expect(outcome.stdout.contains("seen Bearer <redacted> <redacted>"), "\(outcome.stdout)")
            for secret in Self.secrets.values { #expect(!(outcome.stdout + outcome.stderr).contains(secret)) }
        }
    }

    @Test func recordedStubsHoldWhatAServerRepeatsRedacted() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await TestHTTPServer.with(Self.echo(status: 200)) { server in
            let (bundle, profile) = try write(in: directory, baseURL: server.baseURL)
            let recorded = directory.file("Recorded.json")
            let outcome = try CommandRunner.run(["call", bundle, "me", "--service", "prod", "--profile", profile, "--record-stubs", recorded],
                                                environment: Self.secrets)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let text = try String(contentsOfFile: recorded, encoding: .utf8)
            #expect(text.contains(#""error": "seen Bearer <redacted> <redacted>""#), "\(text)")
            for secret in Self.secrets.values { #expect(!text.contains(secret)) }
        }
    }
}
