import Foundation
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryStore

/// A host profile's `hosts` and `oauth1` as the engine applies them: requests go to the
/// stand-in, signed for the URL they are sent to, the same way on every run.
struct HostRedirectAndSigningTests {
    static let stub = """
        {"defaults": {"baseUrl": "https://api.twitter.com", "needAuth": true},
         "actions": {
           "home": {"path": "1.1/statuses/home_timeline.json", "parameters": {"count": "20", "max_id": "$tweetId"}, "response": []},
           "tweet": {"path": "1.1/statuses/update.json", "httpMethod": "POST", "parameters": {"status": "$text"}, "response": {}},
           "search": {"path": "1.1/search.json", "parameterEncoding": "form", "parameters": {"q": "a b"}, "response": {}},
           "open": {"path": "https://example.com/open", "needAuth": false, "response": {}}}}
        """
    static let signer = OAuth1Signer(consumerKey: "ck", consumerSecret: "cs", token: "t", tokenSecret: "ts")

    private func engine(seed: UInt64 = 7) throws -> ActionEngine {
        let configuration = try ServiceConfigurationReader.read(JSONParser.parse(Array(Self.stub.utf8), fileName: "StubService.json"),
                                                                file: "StubService.json", kind: .stub)
        return ActionEngine(configuration: configuration, backend: .stub(StubResponder(configuration: configuration)),
                            timeline: Timeline(start: Date(timeIntervalSince1970: 1_529_521_200)), store: nil,
                            importer: JSONImporter(transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 0))),
                            options: .init(widgetIdentifier: "w", credentials: Credentials(oauth1: Self.signer),
                                           hostRedirects: HostRedirects(["API.twitter.com": "http://127.0.0.1:8080/"]), nonces: .seeded(seed)))
    }

    private func perform(_ name: String, _ argument: Value = .null, on engine: ActionEngine) async -> ServiceRequest {
        engine.perform(name, argument: argument)
        _ = await engine.timeline.run()
        return engine.requestLog.last!.request
    }

    private func header(_ request: ServiceRequest) -> String? {
        request.headers.first { $0.name == "Authorization" }?.value
    }

    @Test func redirectsReplaceSchemeHostAndPortAndKeepPathAndQuery() {
        let redirects = HostRedirects(["api.twitter.com": "http://127.0.0.1:8080", "upload.test": "http://[::1]:9/base/"])
        #expect(redirects.redirected("https://api.twitter.com/1.1/x.json?a=1") == "http://127.0.0.1:8080/1.1/x.json?a=1")
        #expect(redirects.redirected("https://user@API.Twitter.com:443/p") == "http://127.0.0.1:8080/p")
        #expect(redirects.redirected("https://upload.test?x=1") == "http://[::1]:9/base/?x=1")
        #expect(redirects.redirected("https://upload.test") == "http://[::1]:9/base")
        #expect(redirects.redirected("https://api.twitter.com.evil.test/p") == nil)
        #expect(redirects.redirected("https://other.test/p") == nil)
        #expect(HostRedirects().redirected("https://api.twitter.com/p") == nil)
    }

    @Test func aGetIsSentToTheStandInWithItsParametersInTheQueryAndAValidSignature() async throws {
        let engine = try engine()
        let request = await perform("home", .dictionary(["tweetId": "99"]), on: engine)
        #expect(request.url == "http://127.0.0.1:8080/1.1/statuses/home_timeline.json?count=20&max_id=99")
        #expect(request.originalURL == "https://api.twitter.com/1.1/statuses/home_timeline.json?count=20&max_id=99")
        #expect(request.body.isEmpty)
        let authorization = try #require(header(request))
        #expect(Self.signer.verifies(authorization, method: "GET", url: URL(string: request.url)!))
        #expect(!Self.signer.verifies(authorization, method: "GET", url: URL(string: request.originalURL!)!), "signed for where it goes")
        #expect(authorization.contains("oauth_timestamp=\"1529521200\""), "the run's clock")
        #expect(request.logLines().first == "GET \(request.url) (for \(request.originalURL!))")
        #expect(request.logLines().contains("Authorization: <redacted>"))
    }

    @Test func aPostSignsItsFormBody() async throws {
        let engine = try engine()
        let request = await perform("tweet", .dictionary(["text": "Hello, Ladies + Gentlemen!"]), on: engine)
        let authorization = try #require(header(request))
        let form = OAuth1Signer.formParameters(String(decoding: request.body, as: UTF8.self))
        #expect(form.map(\.value) == ["Hello, Ladies + Gentlemen!"])
        #expect(Self.signer.verifies(authorization, method: "POST", url: URL(string: request.url)!, bodyParameters: form))
        #expect(!Self.signer.verifies(authorization, method: "POST", url: URL(string: request.url)!, bodyParameters: [("status", "changed")]))
    }

    @Test func aDeclaredEncodingIsKept() async throws {
        let request = await perform("search", on: try engine())
        #expect(!request.url.contains("?"), "parameterEncoding form keeps a GET's parameters in the body")
        #expect(String(decoding: request.body, as: UTF8.self) == "q=a%20b" || String(decoding: request.body, as: UTF8.self) == "q=a+b")
    }

    @Test func noncesFollowTheSeedSoRunsRepeat() async throws {
        let first = try engine(seed: 7), second = try engine(seed: 7), other = try engine(seed: 8)
        let a = [await perform("home", on: first), await perform("home", on: first)].compactMap(header)
        let b = [await perform("home", on: second), await perform("home", on: second)].compactMap(header)
        let c = [await perform("home", on: other)].compactMap(header)
        #expect(a == b)
        #expect(a[0] != a[1], "each request has its own nonce")
        #expect(a[0] != c[0])
    }

    @Test func signingOutSignsAsTheConsumerAloneUntilSignedInAgain() async throws {
        let engine = try engine()
        engine.signOutUser()
        let out = try #require(header(await perform("home", on: engine)))
        #expect(!out.contains("oauth_token="))
        #expect(OAuth1Signer(consumerKey: "ck", consumerSecret: "cs").verifies(out, method: "GET", url: URL(string: engine.requestLog.last!.request.url)!))
        engine.signInUser()
        #expect(try #require(header(await perform("home", on: engine))).contains("oauth_token=\"t\""))
    }

    @Test func anActionWithoutNeedAuthIsNeitherSignedNorRedirectedElsewhere() async throws {
        let request = await perform("open", on: try engine())
        #expect(header(request) == nil)
        #expect(request.url == "https://example.com/open")
        #expect(request.originalURL == nil)
    }
}
