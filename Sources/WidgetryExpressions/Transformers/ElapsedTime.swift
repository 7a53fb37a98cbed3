import Foundation

/// The texts of elapsed time: the `ago` transformer's, on the calendar, and `timeAgo:`'s, in seconds.
enum ElapsedTime {
    private static let units: [(component: Calendar.Component, suffix: String)] = [
        (.year, "y"), (.month, "mo"), (.day, "d"), (.hour, "h"), (.minute, "m"), (.second, "s"),
    ]

    /// The whole number of the largest unit that fits between `date` and `now` with its
    /// abbreviation (`3h`), counted on the Gregorian calendar in `timeZone`; `Now` when that is
    /// zero seconds or `date` is later than `now`.
    static func abbreviated(from date: Date, to now: Date, in timeZone: TimeZone) -> String {
        guard date < now else { return "Now" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = calendar.dateComponents(Set(units.map(\.component)), from: date, to: now)
        for unit in units {
            if let amount = components.value(for: unit.component), amount > 0 {
                return "\(amount)\(unit.suffix)"
            }
        }
        return "Now"
    }

    /// The text of `timeAgo:`: the time from `date` to `now` as upstream hosts wrote it for a
    /// timeline (`timeAgoString`):
    /// whole days (`1d`), else whole hours (`3h`), else minutes (`5m`), else seconds (`7s`), else
    /// `Now`, counted in seconds (a day is 86,400 of them); a date not in the past is `Now`.
    static func inSeconds(from date: Date, to now: Date) -> String {
        let seconds = Int64(max(0, min(now.timeIntervalSince(date), 9.2e18)).rounded(.down))
        if seconds / 86_400 > 0 { return "\(seconds / 86_400)d" }
        if seconds / 3_600 > 0 { return "\(seconds / 3_600)h" }
        if seconds / 60 > 0 { return "\(seconds / 60)m" }
        return seconds > 0 ? "\(seconds)s" : "Now"
    }
}
