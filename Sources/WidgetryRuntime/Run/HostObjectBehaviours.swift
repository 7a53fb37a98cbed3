public import WidgetryBundle
public import WidgetryHostProfile
import WidgetryJSON

/// What the host's own classes do in a run, as a host profile declares it, by screen file and
/// object: the request a content provider class sends for its items
/// (`objectTypes.<class>.request`, FORMAT.md#profile.request), with the values the screen file
/// gives the class's own attributes, which fill its URL; and the map of markers a display
/// controller class draws (`objectTypes.<class>.map`, FORMAT.md#profile.map).
public struct HostObjectBehaviours: Sendable {
    /// One provider's request and the values of its placeholders the screen file gives.
    struct Entry: Sendable {
        var request: ProviderRequest
        var given: [String: String]
    }

    /// A display controller's map: the controller, the element it draws on, and what it reads;
    /// and what the screen file gives for its taps (FORMAT.md#profile.map.taps): the segues a
    /// tap on a marker and on a marker's title perform, and the info view a tap on a marker shows.
    struct Map: Sendable {
        var controller: String
        var view: String
        var declaration: MapDeclaration
        var markerTapSegue: String?
        var titleTapSegue: String?
        var infoView: String?
    }

    private var entries: [String: [String: Entry]] = [:]
    private var mapsByFile: [String: [Map]] = [:]

    /// The requests and maps of the objects `uses` names whose class `profile` gives one.
    public init(uses: [HostObjectUse] = [], profile: HostProfile = HostProfile()) {
        for use in uses {
            if let map = profile.objectTypes[use.type]?.map, let view = use.values[map.outlet]?.stringValue {
                let given = { (name: String?) in name.flatMap { use.values[$0]?.stringValue }.flatMap { $0.isEmpty ? nil : $0 } }
                mapsByFile[use.file, default: []].append(Map(controller: use.id, view: view, declaration: map,
                                                             markerTapSegue: given(map.markerTapSegue), titleTapSegue: given(map.titleTapSegue),
                                                             infoView: given(map.infoView)))
            }
            guard let request = profile.objectTypes[use.type]?.request else { continue }
            var given: [String: String] = [:]
            for (name, value) in use.values {
                if let text = HostObjectBehaviours.text(value) { given[name] = text }
            }
            entries[use.file, default: [:]][use.id] = Entry(request: request, given: given)
        }
    }

    /// The request of object `id` of the screen file `file`, if its class has one.
    func entry(file: String, id: String) -> Entry? {
        entries[file]?[id]
    }

    /// The maps of the screen file `file`, in the file's order of objects.
    func maps(file: String) -> [Map] {
        mapsByFile[file] ?? []
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
