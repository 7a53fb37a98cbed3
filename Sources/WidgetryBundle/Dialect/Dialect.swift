/// The generation of the m8labs bundle format a bundle is written in (FORMAT.md#graffiti):
/// WidgetKit's (`wx.` runtime attributes, `wx_` element keys) or its successor Graffiti's
/// (`gx.`, `gx_`, and controller types of its own). A bundle is in one dialect, found once from
/// what it uses (``DialectDetection``) or named by `--dialect`; it is never guessed key by key.
///
/// Widgetry reads both into one model, WidgetKit's names: a Graffiti bundle's screen files and
/// storyboard have their prefixes swapped as they are read (``canonical(_:)-swift.method``),
/// and what is reported about them is written back in the dialect's names (``spelled(_:)``).
public enum Dialect: String, Sendable, CaseIterable, CustomStringConvertible {
    case widgetkit
    case graffiti

    /// The prefix of the dialect's runtime attributes (`wx.identifier`) and element keys (`wx_value`).
    public var prefix: String {
        switch self {
        case .widgetkit: "wx"
        case .graffiti: "gx"
        }
    }

    /// The format's own name, for people.
    public var displayName: String {
        switch self {
        case .widgetkit: "WidgetKit"
        case .graffiti: "Graffiti"
        }
    }

    public var description: String { rawValue }

    /// `text` (a key, a key path, a predicate, a storyboard's text) in WidgetKit's names, the
    /// names the readers know: in Graffiti, every `gx_`/`gx.` name becomes `wx_`/`wx.` and every
    /// `wx_`/`wx.` name `gx_`/`gx.`, so that a WidgetKit name in a Graffiti bundle stays unknown.
    /// The text keeps its length, so places in it keep their line and column.
    public func canonical(_ text: String) -> String {
        self == .widgetkit ? text : DialectSpelling.swappingPrefixes(text)
    }

    /// The bytes of a file in WidgetKit's names, as ``canonical(_:)-swift.method``; same length.
    public func canonical(bytes: [UInt8]) -> [UInt8] {
        self == .widgetkit ? bytes : DialectSpelling.swappingPrefixes(bytes)
    }

    /// `text` written in WidgetKit's names (a message, a hint, a fix-it's replacement) in this
    /// dialect's: the prefixes swapped back, and WidgetKit's names of the controller types the
    /// dialect names otherwise (``GraffitiObjectTypes``) replaced by the dialect's.
    public func spelled(_ text: String) -> String {
        guard self == .graffiti else { return text }
        return GraffitiObjectTypes.spelled(DialectSpelling.swappingPrefixes(text))
    }
}
