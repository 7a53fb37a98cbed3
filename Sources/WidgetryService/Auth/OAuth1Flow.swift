import Foundation
public import WidgetryServiceConfiguration

/// The three-legged OAuth 1.0a flow (RFC 5849 §2) of a service file's `auth` section, as a host
/// app ran it in code: temporary credentials from `requestTokenPath` (RFC 5849 §2.1), the user's
/// authorisation at `url` with `$token` filled in (RFC 5849 §2.2), token credentials from
/// `accessTokenPath` (RFC 5849 §2.3), which then sign the user's requests (``OAuth1Signer``).
///
/// Each leg is one call, so a run can stop between them: a real service shows the user a page
/// at the authorisation URL, and the user brings back the verifier; a stand-in service, or one
/// that has already authorised the app, redirects straight to the callback, which
/// ``approval(of:over:)`` follows. Every request is signed with the nonce and timestamp the
/// caller gives (``NonceSource``), so a run on the virtual clock signs the same way each time.
public struct OAuth1Flow: Sendable, Equatable {
    public var consumerKey: String
    public var consumerSecret: String
    /// Absolute: the service's base URL and `requestTokenPath`.
    public var requestTokenURL: String
    /// The user's authorisation page; `$token` stands for the temporary token.
    public var authorizationURL: String
    /// Absolute: the service's base URL and `accessTokenPath`.
    public var accessTokenURL: String
    /// Where the service sends the user back (`callbackUrl`), usually the app's own scheme.
    public var callbackURL: String
    /// The method of the temporary credentials' request: GET, as Graffiti's TwitterDemo asked
    /// (`fetchRequestToken(withPath:method: "GET", …)`, TwitterService+OAuth.swift;
    /// docs/FORMAT.md#graffiti.sign-in), a method Twitter advertised besides RFC 5849 §2.1's POST;
    /// the `auth` section has no key for it.
    public var requestTokenMethod: HTTPMethod
    /// The method of the token credentials' request: POST, as the sample asked
    /// (`fetchAccessToken(withPath:method: "POST", …)`) and RFC 5849 §2.3 says.
    public var accessTokenMethod: HTTPMethod

    public init(consumerKey: String, consumerSecret: String, requestTokenURL: String, authorizationURL: String, accessTokenURL: String,
                callbackURL: String, requestTokenMethod: HTTPMethod = .get, accessTokenMethod: HTTPMethod = .post) {
        self.consumerKey = consumerKey
        self.consumerSecret = consumerSecret
        self.requestTokenURL = requestTokenURL
        self.authorizationURL = authorizationURL
        self.accessTokenURL = accessTokenURL
        self.callbackURL = callbackURL
        self.requestTokenMethod = requestTokenMethod
        self.accessTokenMethod = accessTokenMethod
    }

    /// Credentials the service gave for one leg: the temporary ones of RFC 5849 §2.1, or the token ones
    /// of RFC 5849 §2.3 with whatever else the answer held (Twitter's `user_id` and `screen_name`).
    public struct Credentials: Sendable, Equatable {
        public var token: String
        public var secret: String
        /// The answer's other parameters, by name.
        public var extra: [String: String]

        public init(token: String, secret: String, extra: [String: String] = [:]) {
            self.token = token
            self.secret = secret
            self.extra = extra
        }
    }

    /// Leg 1: temporary credentials, asked for with the callback (RFC 5849 §2.1). The service must
    /// confirm the callback (`oauth_callback_confirmed=true`), as OAuth 1.0a requires.
    public func temporaryCredentials(over transport: any ServiceTransport, nonce: String, timestamp: Int) async -> Result<Credentials, ActionError> {
        let signer = OAuth1Signer(consumerKey: consumerKey, consumerSecret: consumerSecret)
        return await credentials(from: requestTokenURL, method: requestTokenMethod, signer: signer, flowParameters: [("oauth_callback", callbackURL)],
                                 over: transport, nonce: nonce, timestamp: timestamp).flatMap { answer in
            guard answer.extra["oauth_callback_confirmed"] == "true" else {
                return .failure(ActionError(.signIn, "\(requestTokenMethod) \(requestTokenURL): the service did not confirm the callback '\(callbackURL)'",
                                            hint: "an OAuth 1.0a service answers oauth_callback_confirmed=true; check callbackUrl and the service's app settings"))
            }
            return .success(answer)
        }
    }

    /// Leg 2: the page where the user authorises the app for `temporary`.
    public func userAuthorizationURL(for temporary: Credentials) -> String {
        authorizationURL.replacingOccurrences(of: "$token", with: PercentEncoding.encodingAllButUnreserved(temporary.token))
    }

    /// Leg 2 without a user at a browser: opens the authorisation page and follows its
    /// redirects to the callback, which it gives back. A service that shows a page instead
    /// (where a user would sign in) is an error that says where to go.
    public func approval(of temporary: Credentials, over transport: any ServiceTransport) async -> Result<String, ActionError> {
        let page = userAuthorizationURL(for: temporary)
        let request = ServiceRequest(action: "auth", method: .get, url: page, callbackPrefix: callbackURL)
        return await transport.send(request).flatMap { response in
            if let location = response.headers.last(where: { $0.name.lowercased() == "location" })?.value, request.isCallback(location) {
                return .success(location)
            }
            return .failure(ActionError(.signIn, "GET \(page): the service asks the user to authorise the app (HTTP \(response.status)) instead of sending them back to '\(callbackURL)'",
                                        status: response.status,
                                        hint: "open the page in a browser, authorise the app, and give the oauth_verifier the service shows or sends to the callback"))
        }
    }

    /// The verifier in the callback the service sent the user back to, checked against the
    /// temporary token it is for.
    public func verifier(inCallback callback: String, for temporary: Credentials) -> Result<String, ActionError> {
        let query = callback.split(separator: "?", maxSplits: 1).dropFirst().first.map { String($0.split(separator: "#").first ?? "") } ?? ""
        let parameters = Dictionary(OAuth1Signer.formParameters(query), uniquingKeysWith: { _, last in last })
        if let denied = parameters["denied"] {
            return .failure(ActionError(.signIn, "the user did not authorise the app (denied token '\(denied)')", hint: "sign in again and authorise the app"))
        }
        guard parameters["oauth_token"] == temporary.token else {
            return .failure(ActionError(.signIn, "the callback is for another token than the one this sign-in asked for",
                                        hint: "start the sign-in again; a callback from an earlier attempt cannot finish this one"))
        }
        guard let verifier = parameters["oauth_verifier"], !verifier.isEmpty else {
            return .failure(ActionError(.signIn, "the callback holds no oauth_verifier", hint: "an OAuth 1.0a service sends oauth_token and oauth_verifier to the callback"))
        }
        return .success(verifier)
    }

    /// Leg 3: token credentials for `temporary`, authorised with `verifier` (RFC 5849 §2.3).
    public func tokenCredentials(for temporary: Credentials, verifier: String, over transport: any ServiceTransport,
                                 nonce: String, timestamp: Int) async -> Result<Credentials, ActionError> {
        let signer = OAuth1Signer(consumerKey: consumerKey, consumerSecret: consumerSecret, token: temporary.token, tokenSecret: temporary.secret)
        return await credentials(from: accessTokenURL, method: accessTokenMethod, signer: signer, flowParameters: [("oauth_verifier", verifier)],
                                 over: transport, nonce: nonce, timestamp: timestamp)
    }

    /// A token request to `url` by `method`, signed for that method, and the credentials its
    /// form-encoded answer holds.
    private func credentials(from url: String, method: HTTPMethod, signer: OAuth1Signer, flowParameters: [OAuth1Signer.Parameter], over transport: any ServiceTransport,
                             nonce: String, timestamp: Int) async -> Result<Credentials, ActionError> {
        guard let address = URL(string: url), address.scheme != nil else {
            return .failure(ActionError(.invalidURL, "'\(url)' is not a URL", hint: "the auth section's paths are read against the service's baseUrl"))
        }
        let header = signer.authorization(method: method.rawValue, url: address, flowParameters: flowParameters, nonce: nonce, timestamp: timestamp)
        let request = ServiceRequest(action: "auth", method: method, url: url, headers: [HeaderField("Authorization", header)],
                                     credentialHeaders: ["authorization"])
        return await transport.send(request).flatMap { response in
            guard (200..<300).contains(response.status) else {
                return .failure(ActionError(.server, "\(method) \(url): the service refused the sign-in", status: response.status,
                                            hint: "check the consumer key and secret, and that the clock is right (the signature's timestamp)"))
            }
            var extra = Dictionary(OAuth1Signer.formParameters(String(decoding: response.body, as: UTF8.self)), uniquingKeysWith: { _, last in last })
            guard let token = extra.removeValue(forKey: "oauth_token"), let secret = extra.removeValue(forKey: "oauth_token_secret"), !token.isEmpty else {
                return .failure(ActionError(.signIn, "\(method) \(url): the answer holds no oauth_token and oauth_token_secret",
                                            hint: "an OAuth 1.0a token endpoint answers a form: oauth_token=…&oauth_token_secret=…"))
            }
            return .success(Credentials(token: token, secret: secret, extra: extra))
        }
    }
}
