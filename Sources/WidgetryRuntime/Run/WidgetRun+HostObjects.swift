public import WidgetryBundle
public import WidgetryJSON

extension WidgetRun {
    /// A warning for each object of the host's own class (a host profile's `objectTypes`,
    /// FORMAT.md#graffiti.host-types): it runs as its base type, without what the host's class
    /// adds, which only the host's code did.
    var hostObjectWarnings: [Diagnostic] {
        bundle.hostObjects.map { use in
            let own = use.own.isEmpty ? "" : " (\(use.own.joined(separator: ", ")))"
            return Diagnostic(code: "run.host-object", severity: .warning, file: use.file, location: use.place.location,
                              pointer: use.place.pointer,
                              message: "object \(use.id) is the host's \(use.type): it runs as a \(use.base), without what the host's class adds\(own)",
                              hint: "the run goes on without it; --strict refuses the bundle")
        }
    }
}
