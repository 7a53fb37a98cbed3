import Foundation
import Testing
import WidgetryService
import WidgetryTestSupport
import WidgetryServiceConfiguration

/// The fake Twitter the TwitterDemo scenarios run against checks what the real one checks:
/// every signature, the user's token, paging, ownership and uploaded media.
struct FakeTwitterTests {
    static let signer = OAuth1Signer(consumerKey: "ck", consumerSecret: "cs", token: "t", tokenSecret: "ts")

    private func send(_ method: HTTPMethod, _ path: String, form: String = "", signer: OAuth1Signer = signer, tamper: Bool = false,
                      to fake: FakeTwitter, with transport: HTTPTransport) async throws -> ServiceResponse {
        let url = fake.baseURL + path
        var headers: [HeaderField] = []
        if !form.isEmpty { headers.append(HeaderField("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")) }
        let authorization = signer.authorization(method: method.rawValue, url: URL(string: url)!, bodyParameters: OAuth1Signer.formParameters(form),
                                                 nonce: UUID().uuidString, timestamp: 1_529_521_200)
        headers.append(HeaderField("Authorization", authorization))
        let body = Array((tamper ? form + "x" : form).utf8)
        return try await transport.send(ServiceRequest(action: "test", method: method, url: url, headers: headers, body: body)).get()
    }

    private func json(_ response: ServiceResponse) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(response.body))
    }

    @Test func signaturesAreCheckedAndTheTimelinePages() async throws {
        let fake = try await FakeTwitter.start(signer: Self.signer)
        let transport = HTTPTransport(options: .unhurried)
        defer { transport.shutdownNow() }
        do {
            let me = try await send(.get, "/1.1/account/verify_credentials.json", to: fake, with: transport)
            #expect(me.status == 200)
            #expect((try json(me) as? [String: Any])?["screen_name"] as? String == "m8labs")
            let page = try #require(try json(try await send(.get, "/1.1/statuses/home_timeline.json?count=5", to: fake, with: transport)) as? [[String: Any]])
            #expect(page.compactMap { $0["id_str"] as? String } == ["1029", "1028", "1027", "1026", "1025"])
            let older = try #require(try json(try await send(.get, "/1.1/statuses/home_timeline.json?count=3&max_id=1025", to: fake, with: transport)) as? [[String: Any]])
            #expect(older.compactMap { $0["id_str"] as? String } == ["1025", "1024", "1023"], "max_id is inclusive, as Twitter's")
            let wrongSecret = OAuth1Signer(consumerKey: "ck", consumerSecret: "nope", token: "t", tokenSecret: "ts")
            #expect(try await send(.get, "/1.1/statuses/home_timeline.json", signer: wrongSecret, to: fake, with: transport).status == 401)
            let consumerOnly = OAuth1Signer(consumerKey: "ck", consumerSecret: "cs")
            #expect(try await send(.get, "/1.1/account/verify_credentials.json", signer: consumerOnly, to: fake, with: transport).status == 401)
            #expect(try await send(.post, "/1.1/statuses/update.json", form: "status=hi", tamper: true, to: fake, with: transport).status == 401)
            #expect(fake.received.map(\.validSignature) == [true, true, true, false, false, false])
        } catch {
            try await fake.stop()
            throw error
        }
        try await fake.stop()
    }

    @Test func onlyOnesOwnTweetsAreDeletedAndMediaMustBeUploadedFirst() async throws {
        let fake = try await FakeTwitter.start(signer: Self.signer)
        let transport = HTTPTransport(options: .unhurried)
        defer { transport.shutdownNow() }
        do {
            #expect(try await send(.post, "/1.1/statuses/destroy/1029.json", to: fake, with: transport).status == 403, "tweet 1029 is by another user")
            #expect(try await send(.post, "/1.1/statuses/destroy/1025.json", to: fake, with: transport).status == 200, "every fifth is the account's")
            #expect(try await send(.post, "/1.1/statuses/destroy/1025.json", to: fake, with: transport).status == 404)
            #expect(try await send(.post, "/1.1/statuses/update.json", form: "status=pic&media_ids=77", to: fake, with: transport).status == 400)
            let tweet = try await send(.post, "/1.1/statuses/update.json", form: "status=Hello%20there", to: fake, with: transport)
            #expect((try json(tweet) as? [String: Any])?["text"] as? String == "Hello there")
            #expect(fake.tweets.first?.author.id == FakeTwitter.account.id)
        } catch {
            try await fake.stop()
            throw error
        }
        try await fake.stop()
    }
}
