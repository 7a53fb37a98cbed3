public import Foundation

/// What a transformer may depend on besides its input, so that a run's output is reproducible.
public struct TransformerContext: Sendable {
    /// The run's clock: the instant `ago` measures to.
    public var now: Date
    /// The time zone calendar arithmetic and date formatting use; UTC unless the host says otherwise.
    public var timeZone: TimeZone
    /// The locale the device would have: the language of `ago`'s units. Date transformers keep
    /// their own `locale` (`en_US_POSIX` when the service file names none), as upstream.
    public var locale: Locale

    /// Languages whose units `ago` knows (`3h`, `2mo`).
    public static let elapsedTimeLanguages: Set<String> = ["en"]

    public init(now: Date, timeZone: TimeZone = .gmt, locale: Locale = Locale(identifier: "en_US_POSIX")) {
        self.now = now
        self.timeZone = timeZone
        self.locale = locale
    }

    /// Whether transformers can speak `locale`'s language; a run refuses any other locale
    /// rather than print English under a foreign name.
    public static func supports(_ locale: Locale) -> Bool {
        locale.language.languageCode.map { elapsedTimeLanguages.contains($0.identifier) } ?? false
    }
}
