/// Tells a download that trickles from one that is merely slow: a server that sends a byte a
/// second never meets a read time-out, so the download must also receive
/// ``minimumBytes`` in every window of ``seconds``, or it has stalled (`download.stalled`).
public struct DownloadStall: Sendable {
    /// The bytes each window must bring: 1 KiB.
    public static let minimumBytes: Int64 = 1024

    /// The length of a window, in seconds.
    public let seconds: Double
    private var windowStart: ContinuousClock.Instant
    private var bytesInWindow: Int64 = 0

    /// A watch that starts its first window now.
    public init(seconds: Double, now: ContinuousClock.Instant = .now) {
        self.seconds = seconds
        windowStart = now
    }

    /// Counts `count` bytes received at `now`; returns true when a whole window has passed with
    /// fewer than ``minimumBytes`` in it.
    public mutating func received(_ count: Int, at now: ContinuousClock.Instant = .now) -> Bool {
        bytesInWindow += Int64(count)
        if bytesInWindow >= Self.minimumBytes {
            windowStart = now
            bytesInWindow = 0
            return false
        }
        return windowStart.duration(to: now) >= .milliseconds(Int64(min(seconds, 1e9) * 1000))
    }
}
