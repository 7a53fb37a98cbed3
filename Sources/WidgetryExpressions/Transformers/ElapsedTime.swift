import Foundation

/// The text of the `ago` transformer.
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
}
