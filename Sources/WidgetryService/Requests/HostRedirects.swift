/// Where requests for some hosts go instead (a host profile's `hosts`): a bundle runs against
/// a local stand-in of its real service without edits. The request keeps the URL it was built
/// with as ``ServiceRequest/originalURL``, so the log shows both.
public struct HostRedirects: Sendable, Equatable {
    /// Base URLs by lower-case host name: `http(s)://host[:port][/path]`, no trailing slash.
    public var baseURLs: [String: String]

    public init(_ baseURLs: [String: String] = [:]) {
        self.baseURLs = Dictionary(baseURLs.map { ($0.key.lowercased(), $0.value.hasSuffix("/") ? String($0.value.dropLast()) : $0.value) },
                                   uniquingKeysWith: { first, _ in first })
    }

    public var isEmpty: Bool { baseURLs.isEmpty }

    /// `url` sent to its host's base URL: the scheme, user info, host and port are replaced, the
    /// base URL's path goes before the request's path, and the query stays. Nil when its host
    /// is not redirected.
    public func redirected(_ url: String) -> String? {
        guard !baseURLs.isEmpty, let schemeEnd = url.range(of: "://") else { return nil }
        let afterScheme = url[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        var host = afterScheme[..<authorityEnd]
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if host.hasPrefix("[") {
            if let close = host.firstIndex(of: "]") { host = host[...close] }
        } else if let colon = host.lastIndex(of: ":") {
            host = host[..<colon]
        }
        guard let base = baseURLs[host.lowercased()] else { return nil }
        let rest = afterScheme[authorityEnd...]
        return base + (rest.isEmpty || rest.hasPrefix("/") ? rest : "/" + rest)
    }
}
