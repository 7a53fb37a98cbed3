/// What one client may make `widgetry preview` do: the bounds that keep one request, or many
/// idle connections, from wedging the preview (README, "Security"). Each has a flag.
struct PreviewLimits: Sendable, Equatable {
    /// Most seconds of run time one `advance` may ask for (`--max-advance`).
    var maxAdvance: Double = 3_600
    /// Most events of the run's timeline one request may cause (`--max-events`): timer
    /// firings, answers, imports. A request that reaches it stops there with a 422.
    var maxEvents: Int = 10_000
    /// Most connections open at once (`--max-connections`); one more closes the connection idle
    /// longest (``ConnectionRoom``).
    var maxConnections: Int = 64
    /// Seconds a connection may stay silent, headers half sent included, before it is closed
    /// (`--idle-timeout`). Event streams the page listens to are answers, and stay open.
    var idleTimeout: Int = 10
    /// Seconds a request's body may take to arrive.
    var bodyTimeout: Int = 10
    /// The largest request body, in bytes.
    var largestBody: Int = 16 << 10
    /// The most bytes of request headers.
    var largestHeaders: Int = 16 << 10
}
