public import WidgetryServiceConfiguration
/// A request as it goes out: what transports send and what the request log shows.
public struct ServiceRequest: Sendable, Equatable {
    public var action: String
    public var method: HTTPMethod
    /// Absolute and percent-encoded.
    public var url: String
    public var headers: [HeaderField]
    public var body: [UInt8]
    /// The URL the action addressed, when a host redirect (``HostRedirects``) sent the request
    /// to ``url`` instead.
    public var originalURL: String?
    /// The names, in lower case, of the headers that carry credentials, as the request was
    /// built: a bearer token's or OAuth 1.0a signature's `Authorization`, and each header the
    /// credentials supply (`--auth-header`, a host profile provider's `headers`). A redirect to
    /// another origin drops them (with ``secretHeaderNames``), and the request log never shows
    /// their values.
    public var credentialHeaders: Set<String>
    /// A redirect to a URL that starts with this ends the request, the redirect being the
    /// response: the callback of a sign-in flow (an app's own scheme, which no transport opens).
    public var callbackPrefix: String?

    public init(action: String, method: HTTPMethod, url: String, headers: [HeaderField] = [], body: [UInt8] = [], originalURL: String? = nil,
                credentialHeaders: Set<String> = [], callbackPrefix: String? = nil) {
        self.callbackPrefix = callbackPrefix
        self.originalURL = originalURL
        self.credentialHeaders = Set(credentialHeaders.map { $0.lowercased() })
        self.action = action
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A response as a transport received it.
public struct ServiceResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [HeaderField]
    public var body: [UInt8]

    public init(status: Int, headers: [HeaderField] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// What the host gives for `needAuth` actions: a bearer token, extra headers, OAuth 1.0a
/// credentials that sign each request, or a combination.
public struct Credentials: Sendable, Equatable {
    public var bearerToken: String?
    public var headers: [HeaderField]
    /// Signs each `needAuth` request (RFC 5849), with the user's token while the user is signed in.
    public var oauth1: OAuth1Signer?

    public init(bearerToken: String? = nil, headers: [HeaderField] = [], oauth1: OAuth1Signer? = nil) {
        self.bearerToken = bearerToken
        self.headers = headers
        self.oauth1 = oauth1
    }

    public var isEmpty: Bool { bearerToken == nil && headers.isEmpty && oauth1 == nil }

    /// These credentials without the user's part: no bearer token, and an OAuth 1.0a signer
    /// that signs as the consumer alone. What a signed-out user's requests carry.
    public var withoutUserToken: Credentials {
        var result = self
        result.bearerToken = nil
        result.oauth1?.token = nil
        result.oauth1?.tokenSecret = nil
        return result
    }
}

extension ServiceRequest {
    /// Whether `location` is this request's ``callbackPrefix``, or a path, query or fragment
    /// under it (so `app://oauth` is not `app://oauth.example`).
    public func isCallback(_ location: String) -> Bool {
        guard let prefix = callbackPrefix, location.hasPrefix(prefix) else { return false }
        let rest = location.dropFirst(prefix.count)
        return rest.isEmpty || prefix.hasSuffix("/") || ["?", "#", "/"].contains(rest.first!)
    }
}
