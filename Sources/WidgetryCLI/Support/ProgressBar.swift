import Foundation
import Synchronization
import WidgetryBundle

/// Draws download progress on stderr, in place, at most about ten times a second
/// (``ProgressThrottle``), with the rate and the time left. It draws nothing when stderr is not
/// a terminal or the terminal cannot redraw a line (`TERM` unset or `dumb`), so pipes and CI
/// logs stay clean.
final class ProgressBar: Sendable {
    private let draw: (@Sendable (String) -> Void)?
    private let clock: @Sendable () -> Double
    private let throttle = Mutex(ProgressThrottle())

    /// A bar on `console`'s standard error, timed by the system's monotonic clock.
    convenience init(console: Console) {
        let write: @Sendable (String) -> Void = { console.writeError($0) }
        let draw = console.stderrIsTerminal && console.terminalRedraws ? write : nil
        let clock: @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
        self.init(draw: draw, clock: clock)
    }

    /// A bar that hands what it draws to `draw` (nothing is drawn when it is nil) and reads the
    /// time in seconds from `clock`.
    init(draw: (@Sendable (String) -> Void)?, clock: @escaping @Sendable () -> Double) {
        self.draw = draw
        self.clock = clock
    }

    /// The callback to hand to the loader, or nil when nothing should be drawn.
    var callback: (@Sendable (DownloadProgress) -> Void)? {
        guard let draw else { return nil }
        return { [self] progress in
            let time = clock()
            guard let frame = throttle.withLock({ $0.frame(for: progress, at: time) }) else { return }
            draw("\r" + ProgressBar.line(for: frame) + "\u{1B}[K")
        }
    }

    /// Ends the progress line.
    func finish() {
        draw?("\r\u{1B}[K")
    }

    /// One line of progress: a bar when the total is known, a byte count otherwise, then the
    /// rate and, with a total, the time left.
    static func line(for frame: ProgressThrottle.Frame, width: Int = 30) -> String {
        let progress = frame.progress
        let received = formatBytes(progress.receivedBytes)
        var line: String
        if let total = progress.totalBytes, total > 0 {
            let fraction = min(1, Double(progress.receivedBytes) / Double(total))
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            let percent = String(Int(fraction * 100)).leftPadded(to: 3)
            line = "downloading \(percent)% [\(bar)] \(received) / \(formatBytes(total))"
        } else {
            line = "downloading \(received)"
        }
        if let rate = frame.bytesPerSecond { line += "  \(formatBytes(Int64(rate)))/s" }
        if let left = frame.secondsLeft { line += "  ETA \(formatDuration(left))" }
        return line
    }

    static func formatBytes(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }

    /// `m:ss`, or `h:mm:ss` from an hour, rounded up to whole seconds; `--:--` past 100 hours.
    static func formatDuration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds < 360_000 else { return "--:--" }
        let whole = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
