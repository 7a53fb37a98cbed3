public import Foundation

/// How bundle archives are fetched over HTTP.
public struct DownloadOptions: Sendable {
    /// Longest wait for a connection.
    public var connectTimeout: Duration
    /// Longest silence while waiting for response bytes.
    public var readTimeout: Duration
    /// Longest time for the whole download, redirects included.
    public var totalTimeout: Duration
    /// The window in which a download must receive ``DownloadStall/minimumBytes``, or it has
    /// stalled (a server that trickles bytes never meets the read time-out).
    public var stallTimeout: Duration
    /// Most redirects followed; a redirect loop fails at once.
    public var maxRedirects: Int
    /// Largest archive accepted, in bytes.
    public var maxBytes: Int64
    /// Accept plain `http` for hosts other than the loopback interface.
    public var allowInsecureHTTP: Bool
    /// Folder for cached archives; nil disables the cache.
    public var cacheDirectory: String?
    /// How long a cached archive is used without asking the server again. After that the
    /// cache revalidates with `If-None-Match` / `If-Modified-Since`.
    public var cacheTimeToLive: Duration
    /// Extra request headers (for example authorization).
    public var headers: [(name: String, value: String)]
    /// The clock that decides whether a cached copy is fresh; tests replace it.
    public var now: @Sendable () -> Date

    public init(
        connectTimeout: Duration = .seconds(10),
        readTimeout: Duration = .seconds(30),
        totalTimeout: Duration = .seconds(300),
        stallTimeout: Duration = .seconds(30),
        maxRedirects: Int = 5,
        maxBytes: Int64 = 256 << 20,
        allowInsecureHTTP: Bool = false,
        cacheDirectory: String? = nil,
        cacheTimeToLive: Duration = .seconds(0),
        headers: [(name: String, value: String)] = [],
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
        self.totalTimeout = totalTimeout
        self.stallTimeout = stallTimeout
        self.maxRedirects = maxRedirects
        self.maxBytes = maxBytes
        self.allowInsecureHTTP = allowInsecureHTTP
        self.cacheDirectory = cacheDirectory
        self.cacheTimeToLive = cacheTimeToLive
        self.headers = headers
        self.now = now
    }

    /// The default cache folder: `$XDG_CACHE_HOME/widgetry` or `~/.cache/widgetry`.
    public static var defaultCacheDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let base = environment["XDG_CACHE_HOME"], !base.isEmpty { return base + "/widgetry" }
        return FileManager.default.homeDirectoryForCurrentUser.path + "/.cache/widgetry"
    }
}
