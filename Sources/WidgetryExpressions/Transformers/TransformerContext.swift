public import Foundation

/// What a transformer may depend on besides its input, so that a run's output is reproducible.
public struct TransformerContext: Sendable {
    /// The run's clock: the instant `ago` measures to.
    public var now: Date
    /// The time zone calendar arithmetic and date formatting use; UTC unless the host says otherwise.
    public var timeZone: TimeZone

    public init(now: Date, timeZone: TimeZone = .gmt) {
        self.now = now
        self.timeZone = timeZone
    }
}
