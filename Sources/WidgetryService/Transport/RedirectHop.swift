import Foundation
import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import WidgetryJSON

/// One request of an action as it is redirected: ``HTTPTransport`` follows redirects itself,
/// one hop at a time, so each hop is checked (``PlainHTTPPolicy``: never from https to http,
/// to plain http off loopback only when the transport allows plain http), counted and checked
/// for a loop.
struct RedirectHop {
    private(set) var request: ServiceRequest
    private let original: ServiceRequest
    private let maxRedirects: Int
    private let allowsPlainHTTP: Bool
    private var visited: Set<String>

    init(request: ServiceRequest, maxRedirects: Int, allowsPlainHTTP: Bool = false) {
        self.request = request
        self.original = request
        self.maxRedirects = maxRedirects
        self.allowsPlainHTTP = allowsPlainHTTP
        self.visited = [request.url]
    }

    /// The statuses that send the client elsewhere.
    static let redirectStatuses: Set<UInt> = [301, 302, 303, 307, 308]

    /// The `Location` of a redirect response; nil for any other response.
    static func location(of response: HTTPClientResponse) -> String? {
        guard redirectStatuses.contains(response.status.code) else { return nil }
        return response.headers.first(name: "Location")
    }

    /// The request as AsyncHTTPClient sends it.
    var outgoing: HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        outgoing.headers.add(name: "User-Agent", value: "Widgetry")
        for header in request.headers { outgoing.headers.replaceOrAdd(name: header.name, value: header.value) }
        if !request.body.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: request.body)) }
        return outgoing
    }

    /// Moves to `location`; the error that ends the action instead, if the hop may not be taken.
    /// 303 (and 301/302 after a POST) continue as a GET without a body, as browsers do.
    ///
    /// Credentials stay with the origin they were meant for (``Origin``: scheme, host and port,
    /// default ports filled in), as browsers and curl keep them: a hop to another origin drops
    /// every credential header the request carried (``ServiceRequest/credentialHeaders``: the
    /// bearer token's or OAuth signature's `Authorization`, `--auth-header`s, a profile
    /// provider's `headers`) and every header of ``ServiceRequest/secretHeaderNames``
    /// (`Authorization`, `Cookie`, `Proxy-Authorization`, `X-Api-Key`), for that hop and every
    /// hop after it, back on the first origin included. Credentials are never put in the URL or
    /// the body (``RequestBuilder``), so the next hop's URL, which the server chose, carries
    /// none of them; a body a 307 or 308 sends on is the action's own.
    mutating func follow(status: Int, location: String) -> ActionError? {
        let target = "\(original.method) \(original.url)"
        guard visited.count <= maxRedirects else {
            return ActionError(.tooManyRedirects, "\(target): too many redirects, or a redirect loop",
                               hint: "raise HTTPTransportOptions.maxRedirects if the service is trusted")
        }
        let next: String
        switch PlainHTTPPolicy.redirect(from: request.url, to: location, allowsPlainHTTP: allowsPlainHTTP) {
        case .success(let url):
            next = url
        case .failure(.notHTTP):
            return ActionError(.invalidURL, "\(target): the server redirects to '\(location)', which is not an http or https URL")
        case .failure(.downgrade):
            return ActionError(.insecureRedirect, "\(target): the server redirects from https to plain http ('\(location)'); refused",
                               hint: "a request that starts on https stays on https; fix the service's redirect")
        case .failure(.plainHTTP):
            return ActionError(.insecureRedirect, "\(target): the server redirects to plain http off this machine ('\(location)'); refused",
                               hint: "redirect to an https URL")
        }
        guard visited.insert(next).inserted else {
            return ActionError(.tooManyRedirects, "\(target): too many redirects, or a redirect loop",
                               hint: "raise HTTPTransportOptions.maxRedirects if the service is trusted")
        }
        if status == 303 || ((status == 301 || status == 302) && request.method == .post) {
            request.method = .get
            request.body = []
            request.headers.removeAll { ["content-type", "content-length"].contains($0.name.lowercased()) }
        }
        if !Origin.same(next, request.url) {
            let dropped = request.credentialHeaders.union(ServiceRequest.secretHeaderNames.map { $0.lowercased() })
            request.headers.removeAll { dropped.contains($0.name.lowercased()) }
            request.credentialHeaders = []
        }
        request.url = next
        return nil
    }
}
