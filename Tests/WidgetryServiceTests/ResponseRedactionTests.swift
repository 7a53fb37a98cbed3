import Foundation
import Testing
import WidgetryJSON
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryTestSupport

/// A server that repeats the request's credentials back does not get them shown: every answer
/// is redacted before the engine reads it, so events and errors carry `<redacted>` instead.
struct ResponseRedactionTests {
    static let credentials = Credentials(bearerToken: "bearer-secret-1", headers: [HeaderField("X-Profile-Key", "profile/secret\"2")])

    /// The request's credential headers as a JSON object (`/` escaped, as some servers write
    /// it), with `status`.
    private static func echo(status: Int) -> TestHTTPServer.Handler {
        { request in
            var object = JSONObject()
            for name in ["authorization", "x-profile-key"] { object[name] = JSONValue(.string(request.header(name) ?? "")) }
            let body = JSONValue(.object(object)).serialized().replacingOccurrences(of: "/", with: "\\/")
            return TestResponse(status: status, headers: [("Content-Type", "application/json"), ("X-Echo", request.header("Authorization") ?? "")],
                                body: Array(body.utf8))
        }
    }

    @Test func credentialsEchoedInASuccessfulBodyAreRedacted() async throws {
        try await TestHTTPServer.with(Self.echo(status: 200)) { server in
            let call = try await NetworkCall.perform(server.baseURL + "/me", credentials: Self.credentials)
            let json = try #require(call.events.first { $0.kind == .ready }?.json)
            let object = try #require(json.objectValue)
            #expect(object["authorization"]?.stringValue == "Bearer <redacted>")
            #expect(object["x-profile-key"]?.stringValue == "<redacted>", "a JSON-escaped value (\\/ and \\\") is found too")
            let text = json.serialized()
            #expect(!text.contains("bearer-secret-1") && !text.contains("secret\\\"2"), "\(text)")
        }
    }

    @Test(arguments: [401, 500])
    func credentialsEchoedInAnErrorBodyAreRedacted(status: Int) async throws {
        try await TestHTTPServer.with(Self.echo(status: status)) { server in
            let call = try await NetworkCall.perform(server.baseURL + "/me", credentials: Self.credentials)
            let error = try #require(call.error)
            #expect(error.code == .server)
            #expect(error.message.contains("Bearer <redacted>"), "\(error.message)")
            for shown in [error.description, call.events.map(\.description).joined(separator: "\n")] {
                #expect(!shown.contains("bearer-secret-1"), "\(shown)")
                #expect(!shown.contains("profile\\/secret") && !shown.contains("profile/secret"), "\(shown)")
            }
        }
    }

    @Test func anErrorBodyThatIsNotJSONIsRedactedToo() async throws {
        try await TestHTTPServer.with({ request in
            TestResponse(status: 403, body: Array("denied for \(request.header("Authorization") ?? "")".utf8))
        }) { server in
            let error = try #require(try await NetworkCall.perform(server.baseURL + "/me", credentials: Self.credentials).error)
            #expect(error.message.hasSuffix("denied for Bearer <redacted>"), "\(error.message)")
        }
    }

    @Test func aRefusedRedirectDoesNotRepeatCredentialsFromItsLocation() async throws {
        try await TestHTTPServer.with({ request in
            TestResponse.redirect(to: "ftp://elsewhere.invalid/?stolen=\(request.header("Authorization")?.dropFirst("Bearer ".count) ?? "")")
        }) { server in
            let error = try #require(try await NetworkCall.perform(server.baseURL + "/me", credentials: Self.credentials).error)
            #expect(error.code == .invalidURL)
            #expect(error.message.contains("stolen=<redacted>"), "\(error.message)")
        }
    }

    @Test func whatIsRedacted() {
        let secrets = SecretValues(credentials: Credentials(bearerToken: "abc", headers: [HeaderField("Authorization", "Basic dXNlcjpodW50ZXIy"),
                                                                                       HeaderField("X-Key", "a b/c")],
                                                            oauth1: OAuth1Signer(consumerKey: "ckey", consumerSecret: "csecret", token: "tok=1", tokenSecret: "tsec")))
        #expect(secrets.redacting("abc is too short to hide") == "abc is too short to hide", "shorter than \(SecretValues.minimumLength)")
        #expect(secrets.redacting("Basic dXNlcjpodW50ZXIy") == "<redacted>")
        #expect(secrets.redacting("user dXNlcjpodW50ZXIy, pair user:hunter2, password hunter2")
            == "user <redacted>, pair <redacted>, password <redacted>")
        #expect(secrets.redacting("a b/c, a b\\/c, a%20b%2Fc") == "<redacted>, <redacted>, <redacted>")
        #expect(secrets.redacting(#"oauth_consumer_key="ckey", oauth_token="tok%3D1""#) == #"oauth_consumer_key="<redacted>", oauth_token="<redacted>""#)
        #expect(secrets.redacting("csecret&tsec") == "<redacted>&<redacted>")
        #expect(SecretValues(credentials: nil).isEmpty)
        let unchanged: [UInt8] = Array("nothing secret".utf8)
        #expect(secrets.redacting(unchanged) == unchanged)
    }
}
