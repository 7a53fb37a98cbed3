import Foundation
import Testing
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryTestSupport

/// The three-legged OAuth 1.0a flow against the fake Twitter over real HTTP: each leg signed and
/// verified, the user token it ends with accepted on the user endpoints, and every way it can go
/// wrong reported as a sign-in error with a hint.
struct OAuth1FlowTests {
    static let consumer = OAuth1Signer(consumerKey: "consumer-key", consumerSecret: "consumer-secret")
    static let callback = "twitterdemo://oauth"

    private func flow(_ fake: FakeTwitter, consumerSecret: String = "consumer-secret") -> OAuth1Flow {
        OAuth1Flow(consumerKey: "consumer-key", consumerSecret: consumerSecret, requestTokenURL: fake.baseURL + "/oauth/request_token",
                   authorizationURL: fake.baseURL + "/oauth/authorize?oauth_token=$token", accessTokenURL: fake.baseURL + "/oauth/access_token",
                   callbackURL: Self.callback)
    }

    /// Runs `body` with a fake Twitter whose only accepted user token is the one the flow gets,
    /// and a transport to it, stopping both whatever happens.
    private func withFake(_ body: (FakeTwitter, HTTPTransport) async throws -> Void) async throws {
        let fake = try await FakeTwitter.start(signer: Self.consumer, count: 3)
        let transport = HTTPTransport(options: .unhurried)
        do {
            try await body(fake, transport)
        } catch {
            try await transport.shutdown()
            try await fake.stop()
            throw error
        }
        try await transport.shutdown()
        try await fake.stop()
    }

    @Test func theThreeLegsGiveAUserTokenThatSignsTheUsersRequests() async throws {
        try await withFake { fake, transport in
            let flow = flow(fake)
            let temporary = try await flow.temporaryCredentials(over: transport, nonce: "n1", timestamp: 1_529_521_200).get()
            #expect(temporary.token.hasPrefix("request-"))
            #expect(flow.userAuthorizationURL(for: temporary) == fake.baseURL + "/oauth/authorize?oauth_token=" + temporary.token)
            let callback = try await flow.approval(of: temporary, over: transport).get()
            #expect(callback.hasPrefix(Self.callback + "?"))
            let verifier = try flow.verifier(inCallback: callback, for: temporary).get()
            let user = try await flow.tokenCredentials(for: temporary, verifier: verifier, over: transport, nonce: "n2", timestamp: 1_529_521_201).get()
            #expect(user.token.hasPrefix("user-"))
            #expect(user.extra == ["user_id": FakeTwitter.account.id, "screen_name": FakeTwitter.account.screenName])

            let signer = OAuth1Signer(consumerKey: "consumer-key", consumerSecret: "consumer-secret", token: user.token, tokenSecret: user.secret)
            let url = fake.baseURL + "/1.1/account/verify_credentials.json"
            let header = signer.authorization(method: "GET", url: URL(string: url)!, nonce: "n3", timestamp: 1_529_521_202)
            let response = try await transport.send(ServiceRequest(action: "currentUser", method: .get, url: url, headers: [HeaderField("Authorization", header)])).get()
            #expect(response.status == 200)
            #expect(fake.received.map(\.path) == ["/oauth/request_token", "/oauth/authorize", "/oauth/access_token", "/1.1/account/verify_credentials.json"])
            #expect(fake.received.allSatisfy { $0.validSignature })
            #expect(fake.received.map(\.method) == ["GET", "GET", "POST", "GET"], "upstream's methods: the request token by GET, the access token by POST")
        }
    }

    /// The fake holds each leg to upstream's method, in the request and in its signature's base
    /// string: the temporary credentials asked for by POST, a GET signed as a POST, and the
    /// token credentials asked for by GET are all refused.
    @Test func eachTokenRequestGoesByUpstreamsMethodAndIsSignedForIt() async throws {
        try await withFake { fake, transport in
            var posting = flow(fake)
            posting.requestTokenMethod = .post
            #expect(await posting.temporaryCredentials(over: transport, nonce: "n1", timestamp: 1).failureValue?.status == 401)

            let url = fake.baseURL + "/oauth/request_token"
            let signedAsPost = Self.consumer.authorization(method: "POST", url: URL(string: url)!, flowParameters: [("oauth_callback", Self.callback)],
                                                           nonce: "n2", timestamp: 2)
            let response = try await transport.send(ServiceRequest(action: "auth", method: .get, url: url, headers: [HeaderField("Authorization", signedAsPost)])).get()
            #expect(response.status == 401)

            var flow = flow(fake)
            let temporary = try await flow.temporaryCredentials(over: transport, nonce: "n3", timestamp: 3).get()
            let verifier = try flow.verifier(inCallback: try await flow.approval(of: temporary, over: transport).get(), for: temporary).get()
            flow.accessTokenMethod = .get
            #expect(await flow.tokenCredentials(for: temporary, verifier: verifier, over: transport, nonce: "n4", timestamp: 4).failureValue?.status == 401)
            #expect(fake.received.map(\.method) == ["POST", "GET", "GET", "GET", "GET"])
            #expect(fake.received.map(\.validSignature) == [false, false, true, true, false])
        }
    }

    @Test func aWrongConsumerSecretIsRefusedAtTheFirstLeg() async throws {
        try await withFake { fake, transport in
            let result = await flow(fake, consumerSecret: "not-the-secret").temporaryCredentials(over: transport, nonce: "n", timestamp: 1)
            let error = try #require(result.failureValue)
            #expect(error.code == .server)
            #expect(error.status == 401)
            #expect(error.hint?.contains("consumer key and secret") == true)
            #expect(fake.received.map(\.validSignature) == [false])
        }
    }

    @Test func aVerifierIsTradedOnceAndOnlyForItsToken() async throws {
        try await withFake { fake, transport in
            let flow = flow(fake)
            let temporary = try await flow.temporaryCredentials(over: transport, nonce: "n1", timestamp: 1).get()
            let wrong = await flow.tokenCredentials(for: temporary, verifier: "guessed", over: transport, nonce: "n2", timestamp: 2)
            #expect(wrong.failureValue?.status == 401)
            let callback = try await flow.approval(of: temporary, over: transport).get()
            let verifier = try flow.verifier(inCallback: callback, for: temporary).get()
            _ = try await flow.tokenCredentials(for: temporary, verifier: verifier, over: transport, nonce: "n3", timestamp: 3).get()
            let again = await flow.tokenCredentials(for: temporary, verifier: verifier, over: transport, nonce: "n4", timestamp: 4)
            #expect(again.failureValue?.status == 401, "temporary credentials are traded once")
        }
    }

    @Test func aUserWhoDeniesEndsTheSignInWithAHint() async throws {
        try await withFake { fake, transport in
            fake.denyAuthorization()
            let flow = flow(fake)
            let temporary = try await flow.temporaryCredentials(over: transport, nonce: "n1", timestamp: 1).get()
            let callback = try await flow.approval(of: temporary, over: transport).get()
            let error = try #require(flow.verifier(inCallback: callback, for: temporary).failureValue)
            #expect(error.code == .signIn)
            #expect(error.message.contains("did not authorise"))
        }
    }

    @Test func aPageWhereAUserMustSignInSaysWhereToGo() async throws {
        try await withFake { fake, transport in
            let flow = flow(fake)
            let unknown = OAuth1Flow.Credentials(token: "never-issued", secret: "s")
            let error = try #require(await flow.approval(of: unknown, over: transport).failureValue)
            #expect(error.code == .signIn)
            #expect(error.message.contains(fake.baseURL + "/oauth/authorize?oauth_token=never-issued"))
            #expect(error.hint?.contains("oauth_verifier") == true)
        }
    }

    @Test func aCallbackForAnotherTokenOrWithoutVerifierIsRefused() {
        let flow = OAuth1Flow(consumerKey: "k", consumerSecret: "s", requestTokenURL: "https://x/r", authorizationURL: "https://x/a?t=$token",
                              accessTokenURL: "https://x/t", callbackURL: Self.callback)
        let temporary = OAuth1Flow.Credentials(token: "mine", secret: "s")
        #expect(flow.verifier(inCallback: Self.callback + "?oauth_token=theirs&oauth_verifier=v", for: temporary).failureValue?.code == .signIn)
        #expect(flow.verifier(inCallback: Self.callback + "?oauth_token=mine", for: temporary).failureValue?.message.contains("no oauth_verifier") == true)
        let verifier = try? flow.verifier(inCallback: Self.callback + "?oauth_token=mine&oauth_verifier=v%201#top", for: temporary).get()
        #expect(verifier == "v 1")
    }

    @Test func onlyTheCallbackItselfEndsARequestsRedirects() {
        let request = ServiceRequest(action: "auth", method: .get, url: "https://x/a", callbackPrefix: "app://oauth")
        #expect(request.isCallback("app://oauth?oauth_token=t"))
        #expect(request.isCallback("app://oauth"))
        #expect(!request.isCallback("app://oauth.example/?oauth_token=t"))
        #expect(!ServiceRequest(action: "a", method: .get, url: "https://x").isCallback("app://oauth"))
    }
}

extension Result {
    /// The error, or nil for a success.
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
