public import WidgetryBundle
public import WidgetryJSON
import WidgetryHostProfile

extension WidgetRun {
    /// A warning for each object of the host's own class (a host profile's `objectTypes`,
    /// FORMAT.md#graffiti.host-types): it runs as its base type, with what the profile declares
    /// of the class (its request for items, its map shown as markers), without the rest of what
    /// the host's class adds, which only the host's code did.
    var hostObjectWarnings: [Diagnostic] {
        bundle.hostObjects.map { use in
            let declared = options.profile.objectTypes[use.type]
            var done = ""
            var covered: Set<String> = []
            if let request = declared?.request {
                done += " whose items the profile's request gives"
                covered.formUnion(ProviderRequest.placeholders(in: request.url))
            }
            if let map = declared?.map {
                done += (done.isEmpty ? " whose" : " and whose") + " map \(use.values[map.outlet]?.stringValue ?? map.outlet) shows as its markers, undrawn"
                covered.formUnion([map.outlet, map.markerTapSegue, map.titleTapSegue, map.infoView].compactMap { $0 })
            }
            let rest = use.own.filter { !covered.contains($0) }
            let own = rest.isEmpty ? "" : " (\(rest.joined(separator: ", ")))"
            let without = done.isEmpty ? ", without what the host's class adds" : ", without what else the host's class adds"
            return Diagnostic(code: "run.host-object", severity: .warning, file: use.file, location: use.place.location,
                              pointer: use.place.pointer,
                              message: "object \(use.id) is the host's \(use.type): it runs as a \(use.base)\(done)" + (done.isEmpty || !rest.isEmpty ? without + own : ""),
                              hint: "the run goes on without it; --strict refuses the bundle")
        }
    }
}
