/// Widgetry's one policy for numbers that come from input (options, scenario and service files,
/// store files, predicates, HTTP headers) and become times, dates or counts.
///
/// - A span of seconds (a run time, a timeout, a delay, a timer interval) is finite and between
///   0 and ``maximumSeconds``; anything else is refused with a typed error where it is read.
/// - A date lies in ``dateRange``: the years 0001 to 9999, which ISO 8601 prints with four
///   digits. Turning a number outside it into a date is a typed error (`eval.out-of-range` in
///   predicates); a date past it that a run reaches by adding time prints as its seconds since
///   1970 instead of a calendar date, never as a wrapped year.
/// - Converting to a machine integer never traps: conversions either check the range first or
///   saturate (``nanoseconds(_:)``).
public enum NumericPolicy {
    /// The longest span of seconds accepted anywhere a time is given: 10⁹ s, about 31.7 years.
    public static let maximumSeconds: Double = 1_000_000_000

    /// Seconds since 1970 of 0001-01-01T00:00:00Z (inclusive) and 10000-01-01T00:00:00Z (exclusive).
    public static let dateRange: Range<Double> = -62_135_596_800 ..< 253_402_300_800

    /// Seconds between 1970-01-01 and 2001-01-01, the reference date of `NSDate` numbers.
    public static let referenceDateOffset: Double = 978_307_200

    /// Whether `seconds` is a span Widgetry accepts: finite, not negative, at most ``maximumSeconds``.
    public static func isTimeSpan(_ seconds: Double) -> Bool {
        seconds.isFinite && seconds >= 0 && seconds <= maximumSeconds
    }

    /// Whether a date `secondsSince1970` after 1970 has a four-digit year.
    public static func isDate(secondsSince1970 seconds: Double) -> Bool {
        dateRange.contains(seconds)
    }

    /// The words that say what a span of seconds must be, for messages.
    public static let timeSpanWords = "a number of seconds from 0 to 1,000,000,000 (about 31 years)"

    /// `seconds` as whole nanoseconds, saturating: negative and NaN give 0, and anything past
    /// `Int64.max` nanoseconds (about 292 years) gives `Int64.max`.
    public static func nanoseconds(_ seconds: Double) -> Int64 {
        guard seconds > 0 else { return 0 }
        let nanoseconds = seconds * 1e9
        return nanoseconds >= 9.223_372_036_854_775e18 ? .max : Int64(nanoseconds)
    }

    /// `value` as an `Int64` when it is a whole number that fits; nil otherwise (fractions,
    /// ±inf, NaN, ±2⁶³ and beyond).
    public static func exactInteger(_ value: Double) -> Int64? {
        Int64(exactly: value)
    }
}
