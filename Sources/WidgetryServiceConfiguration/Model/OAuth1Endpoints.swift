import WidgetryJSON

/// The three-legged OAuth 1.0a sign-in a service file's `auth` section describes (Graffiti's
/// TwitterDemo, FORMAT.md#graffiti.sign-in): where to ask for temporary credentials
/// (`requestTokenPath`), the user's authorisation page (`url`, `$token` standing for the
/// temporary token), where to trade them for token credentials (`accessTokenPath`), and where
/// the service sends the user back (`callbackUrl`). The paths are read against `baseUrl`.
///
/// The section's `consumerKey` and `consumerSecret` are not read: the consumer's credentials are
/// the host's (a host profile's provider), so a key a bundle embeds never leaves the machine.
public struct OAuth1Endpoints: Sendable, Equatable {
    /// The keys of `auth` the flow reads, all required once one is there.
    static let keys = ["url", "requestTokenPath", "accessTokenPath", "callbackUrl"]
    /// The keys that say the section describes the flow (`url` and `callbackUrl` alone are
    /// WidgetKit's, kept for the host).
    static let flowKeys = ["requestTokenPath", "accessTokenPath"]

    public var requestTokenPath: String
    /// The user's authorisation page; may hold `$token`.
    public var authorizationURL: String
    public var accessTokenPath: String
    public var callbackURL: String

    public init(requestTokenPath: String, authorizationURL: String, accessTokenPath: String, callbackURL: String) {
        self.requestTokenPath = requestTokenPath
        self.authorizationURL = authorizationURL
        self.accessTokenPath = accessTokenPath
        self.callbackURL = callbackURL
    }

    /// The flow `auth` describes; nil when it names none of ``flowKeys`` or lacks one of ``keys``
    /// (the reader reports that).
    init?(auth: JSONObject) {
        guard Self.flowKeys.contains(where: { auth[$0] != nil }),
              let requestTokenPath = auth["requestTokenPath"]?.stringValue, let url = auth["url"]?.stringValue,
              let accessTokenPath = auth["accessTokenPath"]?.stringValue, let callback = auth["callbackUrl"]?.stringValue else { return nil }
        self.init(requestTokenPath: requestTokenPath, authorizationURL: url, accessTokenPath: accessTokenPath, callbackURL: callback)
    }

    /// `path` as a URL: as written when absolute, else after `baseURL` (nil without one).
    public func url(of path: String, baseURL: String?) -> String? {
        if path.hasPrefix("http://") || path.hasPrefix("https://") { return path }
        guard let base = baseURL, !base.isEmpty else { return nil }
        return base + path
    }
}

extension ServiceConfiguration {
    /// The three-legged OAuth 1.0a sign-in the `auth` section describes, if any.
    public var oauth1Endpoints: OAuth1Endpoints? {
        auth.flatMap(OAuth1Endpoints.init(auth:))
    }
}
