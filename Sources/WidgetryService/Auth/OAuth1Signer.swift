import Crypto
public import Foundation

/// OAuth 1.0a request signing with HMAC-SHA1 (RFC 5849 §3.4): what a host's Twitter-style
/// provider did in code, done from declared credentials.
///
/// The signature covers the method, the base URI (scheme and host in lower case, no default
/// port, no query) and every parameter: the query's, the form body's and the `oauth_*` ones,
/// each percent-encoded with the unreserved set, sorted by name then value (RFC 5849 §3.4.1). The key is
/// the encoded consumer secret and token secret joined by `&`. Nonces and timestamps are the
/// caller's, so a run on a virtual clock with a seeded generator signs the same way each time.
public struct OAuth1Signer: Sendable, Equatable {
    public var consumerKey: String
    public var consumerSecret: String
    public var token: String?
    public var tokenSecret: String?

    public init(consumerKey: String, consumerSecret: String, token: String? = nil, tokenSecret: String? = nil) {
        self.consumerKey = consumerKey
        self.consumerSecret = consumerSecret
        self.token = token
        self.tokenSecret = tokenSecret
    }

    /// A parameter the signature covers, decoded.
    public typealias Parameter = (name: String, value: String)

    /// The `Authorization` header value for `method` on `url` whose form body holds
    /// `bodyParameters` (decoded; none for GET, HEAD and DELETE or a body of another type).
    /// `flowParameters` are the protocol parameters of a step of the three-legged flow
    /// (`oauth_callback` when asking for temporary credentials, `oauth_verifier` when trading
    /// them for a token), signed and sent in the header with the others.
    public func authorization(method: String, url: URL, bodyParameters: [Parameter] = [], flowParameters: [Parameter] = [],
                              nonce: String, timestamp: Int) -> String {
        var protocolParameters: [Parameter] = [("oauth_consumer_key", consumerKey), ("oauth_nonce", nonce),
                                               ("oauth_signature_method", "HMAC-SHA1"), ("oauth_timestamp", String(timestamp))]
        if let token { protocolParameters.append(("oauth_token", token)) }
        protocolParameters.append(("oauth_version", "1.0"))
        protocolParameters += flowParameters
        let base = Self.baseString(method: method, url: url, parameters: Self.queryParameters(of: url) + bodyParameters + protocolParameters)
        protocolParameters.append(("oauth_signature", Self.signature(of: base, consumerSecret: consumerSecret, tokenSecret: tokenSecret ?? "")))
        return "OAuth " + protocolParameters.sorted { $0.name < $1.name }
            .map { "\(PercentEncoding.encodingAllButUnreserved($0.name))=\"\(PercentEncoding.encodingAllButUnreserved($0.value))\"" }
            .joined(separator: ", ")
    }

    /// Whether `header` is a valid signature of the request by these credentials (for servers
    /// that stand in for a real service in tests).
    public func verifies(_ header: String, method: String, url: URL, bodyParameters: [Parameter] = []) -> Bool {
        guard let parameters = Self.headerParameters(header), let signature = parameters.first(where: { $0.name == "oauth_signature" })?.value,
              parameters.first(where: { $0.name == "oauth_consumer_key" })?.value == consumerKey,
              parameters.first(where: { $0.name == "oauth_token" })?.value == token,
              parameters.first(where: { $0.name == "oauth_signature_method" })?.value == "HMAC-SHA1" else { return false }
        let signed = parameters.filter { $0.name != "oauth_signature" && $0.name != "realm" }
        let base = Self.baseString(method: method, url: url, parameters: Self.queryParameters(of: url) + bodyParameters + signed)
        return Self.signature(of: base, consumerSecret: consumerSecret, tokenSecret: tokenSecret ?? "") == signature
    }

    /// The signature base string (RFC 5849 §3.4.1.1).
    static func baseString(method: String, url: URL, parameters: [Parameter]) -> String {
        let pairs: [(name: String, value: String)] = parameters.map { parameter in
            (PercentEncoding.encodingAllButUnreserved(parameter.name), PercentEncoding.encodingAllButUnreserved(parameter.value))
        }
        let sorted = pairs.sorted { first, second in first.name != second.name ? first.name < second.name : first.value < second.value }
        let normalized = sorted.map { pair in pair.name + "=" + pair.value }.joined(separator: "&")
        let parts: [String] = [method.uppercased(), baseURI(of: url), normalized]
        return parts.map { PercentEncoding.encodingAllButUnreserved($0) }.joined(separator: "&")
    }

    /// HMAC-SHA1 of `base`, in base64 (RFC 5849 §3.4.2).
    static func signature(of base: String, consumerSecret: String, tokenSecret: String) -> String {
        let key = PercentEncoding.encodingAllButUnreserved(consumerSecret) + "&" + PercentEncoding.encodingAllButUnreserved(tokenSecret)
        let code = HMAC<Insecure.SHA1>.authenticationCode(for: Array(base.utf8), using: SymmetricKey(data: Array(key.utf8)))
        return Data(code).base64EncodedString()
    }

    /// Scheme and host in lower case, the port unless it is the scheme's default, the path (RFC 5849 §3.4.1.2).
    static func baseURI(of url: URL) -> String {
        let scheme = (url.scheme ?? "http").lowercased()
        var authority = (url.host ?? "").lowercased()
        if let port = url.port, !(scheme == "http" && port == 80) && !(scheme == "https" && port == 443) { authority += ":\(port)" }
        let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        return "\(scheme)://\(authority)\(path.isEmpty ? "/" : path)"
    }

    /// The query's parameters, decoded as a form (`+` is a space) (RFC 5849 §3.4.1.3.1).
    static func queryParameters(of url: URL) -> [Parameter] {
        guard let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery else { return [] }
        return formParameters(query)
    }

    /// `application/x-www-form-urlencoded` text as decoded parameters.
    public static func formParameters(_ text: String) -> [Parameter] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                let spaced = part.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// The parameters of an `Authorization: OAuth …` header, decoded; nil when it is not one.
    public static func headerParameters(_ header: String) -> [Parameter]? {
        guard header.hasPrefix("OAuth ") else { return nil }
        var result: [Parameter] = []
        for item in header.dropFirst("OAuth ".count).split(separator: ",") {
            let parts = item.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[1].hasPrefix("\""), parts[1].hasSuffix("\""), parts[1].count >= 2 else { return nil }
            let value = String(parts[1].dropFirst().dropLast())
            result.append((String(parts[0]), value.removingPercentEncoding ?? value))
        }
        return result
    }
}
