/// The answer to `textDocument/definition`: locations, or links when the client takes them
/// (``DefinitionClientCapabilities/linkSupport``).
public enum DefinitionResult: Codable, Hashable, Sendable {
    case locations([Location])
    case links([LocationLink])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let links = try? container.decode([LocationLink].self) {
            self = .links(links)
        } else if let locations = try? container.decode([Location].self) {
            self = .locations(locations)
        } else {
            self = .locations([try container.decode(Location.self)])
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .locations(let locations): try container.encode(locations)
        case .links(let links): try container.encode(links)
        }
    }
}
