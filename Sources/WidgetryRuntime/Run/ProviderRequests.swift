public import WidgetryBundle
public import WidgetryHostProfile
import WidgetryJSON

/// The requests the host's content provider classes send for their items (a host profile's
/// `objectTypes.<class>.request`, FORMAT.md#profile.request), by screen file and object: each
/// with the values the screen file gives the class's own attributes, which fill its URL.
public struct ProviderRequests: Sendable {
    /// One provider's request and the values of its placeholders the screen file gives.
    struct Entry: Sendable {
        var request: ProviderRequest
        var given: [String: String]
    }

    private var entries: [String: [String: Entry]] = [:]

    /// The requests of the objects `uses` names whose class `profile` gives a request.
    public init(uses: [HostObjectUse] = [], profile: HostProfile = HostProfile()) {
        for use in uses {
            guard let request = profile.objectTypes[use.type]?.request else { continue }
            var given: [String: String] = [:]
            for (name, value) in use.values {
                if let text = ProviderRequests.text(value) { given[name] = text }
            }
            entries[use.file, default: [:]][use.id] = Entry(request: request, given: given)
        }
    }

    /// The request of object `id` of the screen file `file`, if its class has one.
    func entry(file: String, id: String) -> Entry? {
        entries[file]?[id]
    }

    /// A scalar as a URL takes it: a string itself, a number as written, a boolean as `true` or `false`.
    private static func text(_ value: JSONValue) -> String? {
        switch value.kind {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .double(let number): return String(number)
        default: return nil
        }
    }
}
