import WidgetryBundle

/// Decides which download updates are worth drawing and what rate and time left they show.
///
/// A download reports every buffer it receives (thousands for a large archive), but a person
/// reads about ten redraws a second: an update is drawn when ``interval`` has passed since the
/// last one drawn, and the first and the last (all bytes of an announced size) always are. Times
/// are given, never read, so the throttle is a pure function of its inputs.
struct ProgressThrottle {
    /// What to draw for one update.
    struct Frame: Equatable {
        var progress: DownloadProgress
        /// Bytes per second since the first update, once any time has passed.
        var bytesPerSecond: Double?
        /// Seconds left at that rate, when the size is announced and the rate known.
        var secondsLeft: Double?
    }

    /// The shortest time between two drawn updates, in seconds.
    let interval: Double
    private var start: Double?
    private var lastDrawn: Double?

    init(interval: Double = 0.1) {
        self.interval = interval
    }

    /// The frame to draw for `progress` reported at `time` (seconds on any monotonic clock), or
    /// nil when it comes too soon after the last one drawn.
    mutating func frame(for progress: DownloadProgress, at time: Double) -> Frame? {
        let start = self.start ?? time
        self.start = start
        let complete = progress.totalBytes.map { progress.receivedBytes >= $0 } ?? false
        if let lastDrawn, time - lastDrawn < interval, !complete { return nil }
        lastDrawn = time
        let elapsed = time - start
        guard elapsed > 0, progress.receivedBytes > 0 else { return Frame(progress: progress) }
        let rate = Double(progress.receivedBytes) / elapsed
        let left = progress.totalBytes.map { Double(max(0, $0 - progress.receivedBytes)) / rate }
        return Frame(progress: progress, bytesPerSecond: rate, secondsLeft: left)
    }
}
