import Foundation
import WidgetryBundle

/// Draws download progress on stderr, in place, when stderr is a terminal; silent otherwise,
/// so pipes and CI logs stay clean.
final class ProgressBar: Sendable {
    private let enabled: Bool
    private let console: Console

    init(console: Console) {
        self.console = console
        self.enabled = console.stderrIsTerminal
    }

    /// The callback to hand to the loader, or nil when nothing should be drawn.
    var callback: (@Sendable (DownloadProgress) -> Void)? {
        guard enabled else { return nil }
        return { [console] progress in console.writeError("\r" + ProgressBar.line(for: progress) + "\u{1B}[K") }
    }

    /// Ends the progress line.
    func finish() {
        if enabled { console.writeError("\r\u{1B}[K") }
    }

    /// One line of progress: a bar when the total is known, a byte count otherwise.
    static func line(for progress: DownloadProgress, width: Int = 30) -> String {
        let received = formatBytes(progress.receivedBytes)
        guard let total = progress.totalBytes, total > 0 else {
            return "downloading \(received)"
        }
        let fraction = min(1, Double(progress.receivedBytes) / Double(total))
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        let percent = String(Int(fraction * 100)).leftPadded(to: 3)
        return "downloading \(percent)% [\(bar)] \(received) / \(formatBytes(total))"
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
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }

    func rightPadded(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
