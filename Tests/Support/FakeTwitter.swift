public import Foundation
import Synchronization
public import WidgetryService

/// A stand-in for the Twitter v1.1 endpoints upstream's TwitterDemo calls, on 127.0.0.1 (port 0):
/// `account/verify_credentials`, `statuses/home_timeline` with `count` and `max_id`,
/// `statuses/update` (with `media_ids`), `statuses/destroy/:id` and `media/upload`. Every
/// request must carry a valid OAuth 1.0a signature of the URL it was sent to; a request signed
/// by the consumer alone (a signed-out user) is refused like a bad signature, as Twitter refuses
/// user endpoints without a user token.
///
/// The three-legged flow (RFC 5849 §2) as Twitter ran it for upstream's sample: `oauth/request_token`
/// gives temporary credentials to a consumer-signed GET with a callback; `oauth/authorize?oauth_token=`
/// stands for the user's page, approving at once (a redirect to the callback with a verifier) or,
/// after ``denyAuthorization()``, sending `denied`; `oauth/access_token` trades the temporary
/// credentials and the verifier, once, to a POST, for a user token that then signs the user
/// endpoints. A token request by another method, or signed for another method (the signature
/// base string's first part), is refused like a bad signature.
public final class FakeTwitter: Sendable {
    /// A tweet as the fake keeps it.
    public struct Tweet: Sendable {
        public var id: Int
        public var text: String
        public var author: User
        public var secondsAgo: Int
        public var mediaIDs: [String] = []
    }

    public struct User: Sendable {
        public var id: String
        public var name: String
        public var screenName: String
        public var imageName: String
    }

    /// A request as it arrived, and whether its signature held.
    public struct Received: Sendable {
        public var method: String
        public var path: String
        public var query: String
        public var validSignature: Bool
    }

    public static let reference = Date(timeIntervalSince1970: 1_529_521_200) // 2018-06-20T19:00:00Z, the scenarios' now
    public static let account = User(id: "1", name: "m8labs", screenName: "m8labs", imageName: "ava_m8labs")
    static let others = [
        User(id: "2", name: "Dragon", screenName: "dragon", imageName: "ava_dragon"),
        User(id: "3", name: "Dots", screenName: "dots", imageName: "ava_dots"),
        User(id: "4", name: "Infinity", screenName: "infinity", imageName: "ava_infinity"),
        User(id: "5", name: "Pixels", screenName: "pixels", imageName: "ava_pixels"),
    ]

    /// The consumer's key and secret, and the user token the fake accepts from the start (if any).
    public let signer: OAuth1Signer
    private struct State {
        var tweets: [Tweet]
        /// Token secrets by token, of the user tokens the fake accepts.
        var userTokens: [String: String] = [:]
        /// Temporary credentials given and not yet traded: secret, callback and verifier by token.
        var pending: [String: (secret: String, callback: String, verifier: String)] = [:]
        var approves = true
        var issued = 0
        var nextID = 2_000
        var uploads: Set<String> = []
        var received: [Received] = []
        /// Tweets that appear once the timeline has been served (news the timer then finds).
        var arriving: [Tweet] = []
    }
    private let state: Mutex<State>
    private let server: TestHTTPServer

    /// `http://127.0.0.1:<port>`
    public var baseURL: String { server.baseURL }
    public var port: Int { server.port }

    /// Every request so far, in order.
    public var received: [Received] { state.withLock { $0.received } }

    /// The tweets, newest first.
    public var tweets: [Tweet] { state.withLock { $0.tweets.sorted { $0.id > $1.id } } }

    private init(signer: OAuth1Signer, server: TestHTTPServer, tweets: [Tweet]) {
        self.signer = signer
        self.server = server
        var initial = State(tweets: tweets, nextID: 2_000, arriving: [
            Tweet(id: 2_001, text: "More news", author: Self.others[1], secondsAgo: 40),
            Tweet(id: 2_002, text: "Breaking news", author: Self.others[0], secondsAgo: 20),
        ])
        if let token = signer.token { initial.userTokens[token] = signer.tokenSecret ?? "" }
        state = Mutex(initial)
    }

    /// Starts the fake with `count` seed tweets (ids 1000 up, one every 97 minutes back from the
    /// reference date, every fifth by the account), accepting `signer`'s signatures. Two more
    /// tweets (2001 "More news", 2002 "Breaking news") arrive once the timeline has been served.
    /// `signer` gives the consumer's key and secret, and its token (when it has one) is a user
    /// token accepted from the start; without one, a user token comes from the three-legged flow.
    public static func start(signer: OAuth1Signer, count: Int = 30) async throws -> FakeTwitter {
        let tweets = (0..<count).map { index in
            Tweet(id: 1_000 + index, text: "Tweet number \(index)", author: index % 5 == 0 ? account : others[index % others.count],
                  secondsAgo: (count - index) * 97 * 60 + index * 7)
        }
        let box = Box()
        let server = try await TestHTTPServer.start { request in box.fake.withLock { $0 }?.handle(request) ?? TestResponse(status: 503) }
        let fake = FakeTwitter(signer: signer, server: server, tweets: tweets)
        box.fake.withLock { $0 = fake }
        return fake
    }

    /// Holds the fake for the server's handler, which exists before it.
    private final class Box: Sendable {
        let fake = Mutex<FakeTwitter?>(nil)
    }

    public func stop() async throws {
        try await server.stop()
    }

    /// Adds a tweet by another user, as if it had just been posted.
    public func post(_ text: String, secondsAgo: Int = 30) {
        state.withLock { state in
            state.nextID += 1
            state.tweets.append(Tweet(id: state.nextID, text: text, author: Self.others[0], secondsAgo: secondsAgo))
        }
    }

    // MARK: Handling

    /// From now on, the user's page sends the user back with `denied` instead of a verifier.
    public func denyAuthorization() {
        state.withLock { $0.approves = false }
    }

    func handle(_ request: TestRequest) -> TestResponse {
        let (path, query) = Self.split(request.uri)
        let host = request.header("Host") ?? "127.0.0.1:\(port)"
        let url = URL(string: "http://\(host)\(request.uri)")!
        let isForm = request.header("Content-Type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
        let form = isForm ? OAuth1Signer.formParameters(String(decoding: request.body, as: UTF8.self)) : []
        let authorization = request.header("Authorization") ?? ""
        let header = Dictionary(OAuth1Signer.headerParameters(authorization) ?? [], uniquingKeysWith: { _, last in last })
        if path.hasPrefix("/oauth/") {
            return handleFlow(request, path: path, query: query, url: url, header: header, authorization: authorization)
        }
        let secret = header["oauth_token"].flatMap { token in state.withLock { $0.userTokens[token] } }
        let user = OAuth1Signer(consumerKey: signer.consumerKey, consumerSecret: signer.consumerSecret, token: header["oauth_token"], tokenSecret: secret)
        let valid = secret != nil && user.verifies(authorization, method: request.method, url: url, bodyParameters: form)
        state.withLock { $0.received.append(Received(method: request.method, path: path, query: query, validSignature: valid)) }
        guard valid else { return Self.error(401, code: 32, "Could not authenticate you.") }
        let parameters = Dictionary(OAuth1Signer.formParameters(query) + form, uniquingKeysWith: { _, last in last })
        switch (request.method, path) {
        case ("GET", "/1.1/account/verify_credentials.json"):
            return Self.json(Self.json(of: Self.account))
        case ("GET", "/1.1/statuses/home_timeline.json"):
            let count = parameters["count"].flatMap { Int($0) } ?? 20
            let maxID = parameters["max_id"].flatMap { Int($0) }
            let page = tweets.filter { maxID == nil || $0.id <= maxID! }.prefix(count)
            state.withLock { state in
                state.tweets += state.arriving
                state.nextID += state.arriving.count
                state.arriving = []
            }
            return Self.json("[" + page.map(Self.json(of:)).joined(separator: ",") + "]")
        case ("POST", "/1.1/statuses/update.json"):
            guard let status = parameters["status"], !status.isEmpty else { return Self.error(400, code: 170, "Missing required parameter: status.") }
            let media = (parameters["media_ids"] ?? "").split(separator: ",").map(String.init)
            return state.withLock { state in
                guard media.allSatisfy(state.uploads.contains) else { return Self.error(400, code: 324, "The validation of media ids failed.") }
                state.nextID += 1
                let tweet = Tweet(id: state.nextID, text: status, author: Self.account, secondsAgo: 0, mediaIDs: media)
                state.tweets.append(tweet)
                return Self.json(Self.json(of: tweet))
            }
        case ("POST", _) where path.hasPrefix("/1.1/statuses/destroy/") && path.hasSuffix(".json"):
            let id = Int(path.dropFirst("/1.1/statuses/destroy/".count).dropLast(".json".count)) ?? -1
            return state.withLock { state in
                guard let index = state.tweets.firstIndex(where: { $0.id == id }) else { return Self.error(404, code: 144, "No status found with that ID.") }
                guard state.tweets[index].author.id == Self.account.id else { return Self.error(403, code: 183, "You may not delete another user's status.") }
                return Self.json(Self.json(of: state.tweets.remove(at: index)))
            }
        case ("POST", "/1.1/media/upload.json"):
            guard request.header("Content-Type")?.hasPrefix("multipart/form-data") == true, !request.body.isEmpty else {
                return Self.error(400, code: 38, "media parameter is missing.")
            }
            return state.withLock { state in
                state.nextID += 1
                let id = String(state.nextID)
                state.uploads.insert(id)
                return Self.json(#"{"media_id": \#(id), "media_id_string": "\#(id)", "size": \#(request.body.count)}"#)
            }
        default:
            return Self.error(404, code: 34, "Sorry, that page does not exist.")
        }
    }

    /// The three legs of RFC 5849 §2.
    private func handleFlow(_ request: TestRequest, path: String, query: String, url: URL, header: [String: String], authorization: String) -> TestResponse {
        let consumer = OAuth1Signer(consumerKey: signer.consumerKey, consumerSecret: signer.consumerSecret)
        switch path {
        case "/oauth/request_token":
            let valid = request.method == "GET" && header["oauth_token"] == nil && consumer.verifies(authorization, method: "GET", url: url)
            state.withLock { $0.received.append(Received(method: request.method, path: path, query: query, validSignature: valid)) }
            guard valid, let callback = header["oauth_callback"] else { return Self.error(401, code: 32, "Could not authenticate you.") }
            return state.withLock { state in
                state.issued += 1
                let token = "request-\(state.issued)", secret = "request-secret-\(state.issued)"
                state.pending[token] = (secret, callback, "verifier-\(state.issued)")
                return Self.form("oauth_token=\(token)&oauth_token_secret=\(secret)&oauth_callback_confirmed=true")
            }
        case "/oauth/authorize":
            let token = Dictionary(OAuth1Signer.formParameters(query), uniquingKeysWith: { _, last in last })["oauth_token"] ?? ""
            let (pending, approves) = state.withLock { state in
                state.received.append(Received(method: request.method, path: path, query: query, validSignature: true))
                return (state.pending[token], state.approves)
            }
            guard let pending else { return TestResponse(status: 200, headers: [("Content-Type", "text/html")], body: Array("<p>Sign in to Twitter</p>".utf8)) }
            let answer = approves ? "oauth_token=\(token)&oauth_verifier=\(pending.verifier)" : "denied=\(token)"
            return TestResponse(status: 302, headers: [("Location", pending.callback + "?" + answer)])
        case "/oauth/access_token":
            let token = header["oauth_token"] ?? ""
            return state.withLock { state in
                let pending = state.pending[token]
                let temporary = OAuth1Signer(consumerKey: signer.consumerKey, consumerSecret: signer.consumerSecret, token: token, tokenSecret: pending?.secret)
                let valid = request.method == "POST" && pending != nil && temporary.verifies(authorization, method: "POST", url: url)
                state.received.append(Received(method: request.method, path: path, query: query, validSignature: valid))
                guard valid, let pending, header["oauth_verifier"] == pending.verifier else { return Self.error(401, code: 32, "Could not authenticate you.") }
                state.pending[token] = nil
                state.issued += 1
                let user = "user-\(state.issued)", secret = "user-secret-\(state.issued)"
                state.userTokens[user] = secret
                return Self.form("oauth_token=\(user)&oauth_token_secret=\(secret)&user_id=\(Self.account.id)&screen_name=\(Self.account.screenName)")
            }
        default:
            return Self.error(404, code: 34, "Sorry, that page does not exist.")
        }
    }

    private static func form(_ text: String) -> TestResponse {
        TestResponse(status: 200, headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array(text.utf8))
    }

    private static func split(_ uri: String) -> (path: String, query: String) {
        guard let mark = uri.firstIndex(of: "?") else { return (uri, "") }
        return (String(uri[..<mark]), String(uri[uri.index(after: mark)...]))
    }

    private static func json(_ text: String, status: Int = 200) -> TestResponse {
        TestResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8"), ("Transfer-Encoding", "chunked")], body: Array(text.utf8))
    }

    private static func error(_ status: Int, code: Int, _ message: String) -> TestResponse {
        json(#"{"errors": [{"code": \#(code), "message": "\#(message)"}]}"#, status: status)
    }

    static let createdAt: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        return formatter
    }()

    static func json(of user: User) -> String {
        #"{"id_str": "\#(user.id)", "name": "\#(user.name)", "screen_name": "\#(user.screenName)", "image_name": "\#(user.imageName)", "#
            + #""followers_count": 10, "friends_count": 20, "listed_count": 3}"#
    }

    static func json(of tweet: Tweet) -> String {
        let date = createdAt.string(from: reference.addingTimeInterval(-Double(tweet.secondsAgo)))
        let media = tweet.mediaIDs.map { #"{"id_str": "\#($0)"}"# }.joined(separator: ",")
        return #"{"id_str": "\#(tweet.id)", "text": "\#(tweet.text)", "created_at": "\#(date)", "favorite_count": \#(tweet.id % 7), "#
            + #""retweet_count": \#(tweet.id % 3), "user": \#(json(of: tweet.author)), "entities": {"media": [\#(media)]}}"#
    }
}
