import Foundation

/// The request a content provider class of the host sends for its items (a host profile's
/// `objectTypes.<class>.request`, FORMAT.md#profile.request): Graffiti's GoogleMapsDemo's
/// `GooglePlaceNearbyProvider` asks Google Places for the places near a location whose name
/// matches the search text. The run sends a GET to ``url`` each time the provider's search text
/// changes, and the array at ``results`` in the JSON answer becomes the provider's items.
public struct ProviderRequest: Sendable, Equatable {
    /// An `http(s)` URL with `{name}` placeholders: `searchString` (the provider's search text),
    /// the class's own attributes (the screen file's value), and ``values``; each replaced by its
    /// value, percent-encoded as a URL query component.
    public var url: String
    /// Values of placeholders the screen file does not give (the host's defaults, the device's
    /// location, an API key), by name.
    public var values: [String: String]
    /// The names among ``values`` that are secrets (`{"env": "NAME"}`), never shown in the
    /// request log.
    public var secrets: Set<String>
    /// The key path of the array of results in the answer; empty for an answer that is the array.
    public var results: String
    /// The shortest search text that sends a request; shorter text leaves the provider empty.
    public var minimumLength: Int

    public init(url: String, values: [String: String] = [:], secrets: Set<String> = [], results: String = "", minimumLength: Int = 1) {
        self.url = url
        self.values = values
        self.secrets = secrets
        self.results = results
        self.minimumLength = minimumLength
    }

    /// The names of the placeholders of `url`, in order, each once.
    public static func placeholders(in url: String) -> [String] {
        var names: [String] = []
        for match in url.matches(of: /\{([A-Za-z_][A-Za-z0-9_]*)\}/) where !names.contains(String(match.output.1)) {
            names.append(String(match.output.1))
        }
        return names
    }

    /// The URL with every placeholder replaced: `given` (the search text and the screen file's
    /// attributes) first, then ``values``; a placeholder neither has reads as empty.
    public func url(with given: [String: String]) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        var result = url
        for name in ProviderRequest.placeholders(in: url) {
            let value = given[name] ?? values[name] ?? ""
            result = result.replacingOccurrences(of: "{\(name)}", with: value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }
        return result
    }

    /// The values of ``secrets``, as they would appear in a URL, for redaction.
    public var secretValues: [String] {
        secrets.sorted().compactMap { values[$0] }.filter { !$0.isEmpty }
    }
}
