import WidgetryExpressions
import WidgetryRuntime

extension BindingSpec {
    /// The names at the top of the scope the binding reads, as the runtime finds them
    /// (``BindingSpec/scopeRoots(predicate:)``), its `predicateFormat` parsed here; nil when it
    /// may read anything. A predicate that does not parse reads nothing (`predicate-syntax`
    /// reports it).
    var readNames: Set<String>? {
        guard let format = predicateFormat else { return scopeRoots(predicate: nil) }
        guard let predicate = try? Predicate(format: format, arguments: []) else { return [] }
        return scopeRoots(predicate: predicate)
    }
}
