import WidgetryExpressions
import WidgetryScreen

extension BindingSpec {
    /// The names at the top of the scope the binding reads: the first keys of the key paths the
    /// runtime finds (``BindingSpec/readPaths(predicate:)``), past any `self`, its
    /// `predicateFormat` parsed here; nil when it may read anything. A predicate that does not
    /// parse reads nothing (`predicate-syntax` reports it).
    var readNames: Set<String>? {
        var predicate: Predicate?
        if let format = predicateFormat {
            guard let parsed = try? Predicate(format: format, arguments: []) else { return [] }
            predicate = parsed
        }
        return readPaths(predicate: predicate).map { paths in Set(paths.compactMap { $0.first { $0 != "self" } }) }
    }
}
