import Foundation

/// The origin of an http(s) URL (RFC 6454): scheme, host and port, in lower case, with the
/// scheme's default port (80, 443) filled in, so `https://Api.Example.com/` and
/// `https://api.example.com:443/x` are one origin and `http://127.0.0.1:8080` and
/// `http://127.0.0.1:8081` are two. Credentials a request carries belong to its origin: a
/// redirect to another one (actions' and bundle downloads' alike) leaves them behind.
public struct Origin: Sendable, Hashable, CustomStringConvertible {
    public let scheme: String
    public let host: String
    public let port: Int

    /// The origin of `url`; nil when it is not an http(s) URL with a host.
    public init?(url: String) {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              let host = components.host?.lowercased(), !host.isEmpty else { return nil }
        let defaultPort: Int
        switch scheme {
        case "http": defaultPort = 80
        case "https": defaultPort = 443
        default: return nil
        }
        self.scheme = scheme
        self.host = host.hasSuffix(".") ? String(host.dropLast()) : host
        self.port = components.port ?? defaultPort
    }

    /// Whether `first` and `second` are URLs of one origin; false when either is not an http(s) URL.
    public static func same(_ first: String, _ second: String) -> Bool {
        guard let first = Origin(url: first), let second = Origin(url: second) else { return false }
        return first == second
    }

    /// `scheme://host:port`, the port always written.
    public var description: String { "\(scheme)://\(host):\(port)" }
}
