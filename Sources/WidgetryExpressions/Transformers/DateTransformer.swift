import Foundation

/// Two-way transformers between dates and their text, one per service-file definition.
enum DateTransformer {
    static func make(_ definition: DateTransformerDefinition) -> BindingTransformer {
        let formatter = LockedDateFormatter(definition)
        let convert: BindingTransformer.Conversion = { value, context in
            switch value {
            case .date(let date): .string(formatter.string(from: date, in: context.timeZone))
            case .string(let text): formatter.date(from: text, in: context.timeZone).map(Value.date)
            default: nil
            }
        }
        return BindingTransformer(transform: convert, reverse: convert)
    }
}

/// One `DateFormatter`, configured once and shared by every call of its transformer.
///
/// `DateFormatter` is not `Sendable`, and each call sets the time zone of its context before
/// formatting, so every use holds `lock` from setting the time zone to reading the result. The
/// time zone is only set when it changes: setting any property makes Foundation build its ICU
/// formatter again, which would cost more than the conversion (most of an import of dated posts). An
/// `NSLock` rather than `Synchronization.Mutex`, which needs macOS 15 while the package supports
/// macOS 14. `@unchecked Sendable` is sound because `formatter` is only touched under the lock.
private final class LockedDateFormatter: @unchecked Sendable {
    private let lock = NSLock()
    private let formatter = DateFormatter()

    init(_ definition: DateTransformerDefinition) {
        formatter.locale = Locale(identifier: definition.localeIdentifier)
        formatter.dateStyle = definition.dateStyle
        formatter.timeStyle = definition.timeStyle
        // Set after the styles: setting a style replaces the pattern.
        if let format = definition.format { formatter.dateFormat = format }
    }

    func string(from date: Date, in timeZone: TimeZone) -> String {
        lock.withLock {
            use(timeZone)
            return formatter.string(from: date)
        }
    }

    func date(from text: String, in timeZone: TimeZone) -> Date? {
        lock.withLock {
            use(timeZone)
            return formatter.date(from: text)
        }
    }

    /// Sets the formatter's time zone when it differs (call it holding `lock`).
    private func use(_ timeZone: TimeZone) {
        if formatter.timeZone != timeZone { formatter.timeZone = timeZone }
    }
}
