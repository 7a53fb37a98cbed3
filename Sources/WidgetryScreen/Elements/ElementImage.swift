public import WidgetryExpressions
import Foundation

/// The image an image view shows, by what was asked for: a name in the widget bundle or a URL.
///
/// Widgetry does not decode images; it keeps the reference, which is what snapshots print and
/// what another image view can be given (reading `avatarView.wx_value` and writing it elsewhere).
/// Two references to the same name or URL are the same object.
package final class ElementImage: KeyValueCoding {
    public enum Source: Sendable, Hashable {
        /// An image by name from the widget bundle (`wx_imageName`).
        case named(String)
        /// An image loaded from a URL (`wx_imageUrl`), kept as the text it was given.
        case url(String)
    }

    public let source: Source

    public init(_ source: Source) {
        self.source = source
    }

    /// A reference for `text` as `wx_imageUrl` takes it, or nil when the text is not an absolute
    /// URL with a scheme and a host (upstream crashed, FORMAT.md#elements.key.wx-image-url).
    public static func url(_ text: String) -> ElementImage? {
        guard let url = URL(string: text), url.scheme != nil, let host = url.host, !host.isEmpty else { return nil }
        return ElementImage(.url(text))
    }

    /// `name:<name>` or `url:<url>`, as display states print it.
    public var displayText: String {
        switch source {
        case .named(let name): "name:\(name)"
        case .url(let url): "url:\(url)"
        }
    }

    public func value(forKey key: String) -> Value {
        switch (key, source) {
        case ("name", .named(let name)): .string(name)
        case ("url", .url(let url)): .string(url)
        default: .null
        }
    }

    public var keyValueTypeName: String { "UIImage" }

    public var keyValueDescription: String { "<UIImage \(displayText)>" }

    public func isSameObject(as other: any KeyValueCoding) -> Bool {
        (other as? ElementImage)?.source == source
    }

    public func hashIdentity(into hasher: inout Hasher) {
        hasher.combine(source)
    }
}
