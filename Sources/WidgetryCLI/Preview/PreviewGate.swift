import Foundation

/// Who may talk to `widgetry preview`. Listening on 127.0.0.1 keeps other machines out, not the
/// web pages the developer's browser shows, so every request is checked as dev servers learned to:
///
/// - **Host.** Only `127.0.0.1`, `localhost` or `[::1]` with the server's port are answered, so
///   a site whose name was rebound to 127.0.0.1 (DNS rebinding) reads nothing.
/// - **State-changing requests** (`POST`) need `Content-Type: application/json`, which no
///   cross-site form or `no-cors` fetch can send without a CORS preflight the preview never
///   grants; an `Origin` that is the preview's own, or, from clients that send no `Origin`
///   (scripts, curl), the per-run token the page carries (`X-Widgetry-Token`); and no
///   `Sec-Fetch-Site` that says another site sent it.
struct PreviewGate: Sendable {
    /// The port the server listens on.
    let port: Int
    /// The per-run secret the page carries in its `widgetry-token` meta tag.
    let token: String

    /// The header a client without an `Origin` sends the token in.
    static let tokenHeader = "X-Widgetry-Token"
    /// The names of the loopback address the preview answers to.
    static let loopbackNames: Set<String> = ["127.0.0.1", "localhost", "[::1]"]

    /// A fresh gate with a token of 128 random bits from the system's secure source.
    init(port: Int) {
        var generator = SystemRandomNumberGenerator()
        let bits = (generator.next() as UInt64, generator.next() as UInt64)
        self.init(port: port, token: Self.hex(bits.0) + Self.hex(bits.1))
    }

    init(port: Int, token: String) {
        self.port = port
        self.token = token
    }

    /// The refusal for a request with these headers (names lowercased), or nil to answer it.
    func refusal(method: String, host: String?, headers: [String: String]) -> PreviewRefusal? {
        guard let host, isOwn(authority: host) else {
            return PreviewRefusal(status: 403, code: "preview.host-refused",
                                  message: "the preview answers only requests for 127.0.0.1:\(port) or localhost:\(port), not '\(host ?? "")' "
                                      + "(a page whose name leads here must not read it)")
        }
        guard method != "GET", method != "HEAD" else { return nil }
        if let site = headers["sec-fetch-site"], site != "same-origin", site != "none" {
            return PreviewRefusal(status: 403, code: "preview.origin-refused",
                                  message: "a request another site sent (Sec-Fetch-Site: \(site)) cannot change the preview")
        }
        let mediaType = headers["content-type"]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType == "application/json" else {
            return PreviewRefusal(status: 415, code: "preview.content-type",
                                  message: "a request that changes the preview must be sent as Content-Type: application/json")
        }
        if let origin = headers["origin"] {
            guard origin.hasPrefix("http://"), isOwn(authority: String(origin.dropFirst("http://".count))) else {
                return PreviewRefusal(status: 403, code: "preview.origin-refused",
                                      message: "a page from \(origin) cannot change the preview; only its own page (http://127.0.0.1:\(port)) can")
            }
            return nil
        }
        guard let given = headers[Self.tokenHeader.lowercased()], Self.equalInConstantTime(given, token) else {
            return PreviewRefusal(status: 403, code: "preview.token-required",
                                  message: "a request without an Origin must carry the preview's token in \(Self.tokenHeader) "
                                      + "(the page has it in <meta name=\"widgetry-token\">; widgetry preview prints it)")
        }
        return nil
    }

    /// Whether `authority` (`host:port`) names this server on the loopback address.
    private func isOwn(authority: String) -> Bool {
        let name: Substring, givenPort: Int?
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            name = authority[..<colon]
            guard let number = Int(authority[authority.index(after: colon)...]) else { return false }
            givenPort = number
        } else {
            name = authority[...]
            givenPort = nil
        }
        return Self.loopbackNames.contains(name.lowercased()) && (givenPort ?? 80) == port
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Compares without stopping at the first difference, so timing tells nothing of the token.
    private static func equalInConstantTime(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8), b = Array(right.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
