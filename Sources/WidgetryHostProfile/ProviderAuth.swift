/// How a service provider class signs the requests of actions that need authentication
/// (`needAuth`). Secrets are plain strings here: a profile file names them through
/// `{"env": "NAME"}`, resolved when it is read.
public struct ProviderAuth: Sendable, Equatable {
    /// OAuth 1.0a credentials (RFC 5849), signed with HMAC-SHA1.
    public struct OAuth1: Sendable, Equatable {
        public var consumerKey: String
        public var consumerSecret: String
        /// The user's token; without one, requests are signed by the consumer alone.
        public var token: String?
        public var tokenSecret: String?

        public init(consumerKey: String, consumerSecret: String, token: String? = nil, tokenSecret: String? = nil) {
            self.consumerKey = consumerKey
            self.consumerSecret = consumerSecret
            self.token = token
            self.tokenSecret = tokenSecret
        }
    }

    public var oauth1: OAuth1?
    /// A bearer token (`Authorization: Bearer …`).
    public var bearer: String?
    /// Headers added to each request, in order.
    public var headers: [(name: String, value: String)]

    public init(oauth1: OAuth1? = nil, bearer: String? = nil, headers: [(name: String, value: String)] = []) {
        self.oauth1 = oauth1
        self.bearer = bearer
        self.headers = headers
    }

    public static func == (lhs: ProviderAuth, rhs: ProviderAuth) -> Bool {
        lhs.oauth1 == rhs.oauth1 && lhs.bearer == rhs.bearer
            && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }

    /// What the provider does, named without its secrets: `oauth1`, `bearer`, `headers`, or
    /// several joined by `+`; `none` when it only names the class.
    public var kind: String {
        let parts = [oauth1 != nil ? "oauth1" : nil, bearer != nil ? "bearer" : nil, headers.isEmpty ? nil : "headers"].compactMap { $0 }
        return parts.isEmpty ? "none" : parts.joined(separator: "+")
    }
}
