import Foundation
import WidgetryJSON

/// The range checks of numeric options (README, "Numbers"): a value the parser accepted but
/// no conversion may take (`--for 1e308`, `--request-timeout nan`) is `usage.out-of-range`,
/// before anything runs.
enum NumericOptions {
    /// `seconds` as a span of time (``NumericPolicy/isTimeSpan(_:)``), positive unless `allowZero`.
    static func seconds(_ seconds: Double, option: String, allowZero: Bool = true) throws(CommandFailure) {
        guard NumericPolicy.isTimeSpan(seconds), allowZero || seconds > 0 else {
            throw CommandFailure(.outOfRange, "\(option) takes \(NumericPolicy.timeSpanWords)\(allowZero ? "" : ", above 0"), not \(seconds)")
        }
    }

    /// Whole `seconds`, as ``seconds(_:option:allowZero:)`` checks them.
    static func seconds(_ seconds: Int, option: String, allowZero: Bool = true) throws(CommandFailure) {
        try self.seconds(Double(seconds), option: option, allowZero: allowZero)
    }

    /// A count or a size in `range`.
    static func count<T: BinaryInteger>(_ value: T, option: String, in range: ClosedRange<T>) throws(CommandFailure) {
        guard range.contains(value) else {
            throw CommandFailure(.outOfRange, "\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \(value)")
        }
    }

    /// A finite number in `range`.
    static func number(_ value: Double, option: String, in range: ClosedRange<Double>) throws(CommandFailure) {
        guard value.isFinite, range.contains(value) else {
            throw CommandFailure(.outOfRange, "\(option) takes a number from \(range.lowerBound) to \(range.upperBound), not \(value)")
        }
    }

    /// The instant an ISO 8601 option names, within the four-digit years.
    static func date(_ text: String, option: String) throws(CommandFailure) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else {
            throw CommandFailure(.invalidOption, "\(option) takes an ISO 8601 instant such as 2018-06-20T19:00:00Z, not '\(text)'")
        }
        guard NumericPolicy.isDate(secondsSince1970: date.timeIntervalSince1970) else {
            throw CommandFailure(.outOfRange, "\(option) takes a date in the years 1 to 9999, not '\(text)'")
        }
        return date
    }
}
