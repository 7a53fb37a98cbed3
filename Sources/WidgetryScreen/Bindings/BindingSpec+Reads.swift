public import WidgetryExpressions

extension BindingSpec {
    /// The key paths the binding reads from its scope, as components (`["title", "text"]` for
    /// `from: "title.text"`; `["status", "inProgress"]` and `["content", "done"]` for the
    /// predicate `status.inProgress == 1 OR content.done == YES`), found without evaluating it;
    /// nil when it may read anything in the scope. `predicate` is the parsed `predicateFormat`.
    ///
    /// A binding with `from` reads that path (its predicate and templates read the source, below
    /// it). Without `from` its source is the scope itself: it then reads its predicate's key
    /// paths, unless one starts from a computed value, its `ifTrue` or `ifFalse` substitutes into
    /// the scope (a `$key` or `%@`), or it has no predicate and so takes the whole scope.
    public func readPaths(predicate: Predicate?) -> [[String]]? {
        if let from {
            return [from.split(separator: ".", omittingEmptySubsequences: false).map(String.init)]
        }
        guard let predicate else { return nil }
        if choosesResult, [ifTrue, ifFalse].contains(where: { $0?.stringValue.map(Self.substitutesIntoSource) ?? false }) { return nil }
        var paths: [[String]] = []
        for use in predicate.facts.keyPaths {
            switch use.root {
            case .evaluatedObject: paths.append(use.components)
            case .variable: continue
            case .computed: return nil
            }
        }
        return paths
    }

    /// Whether a chosen result would be filled from the source (FORMAT.md#binding.strings): it has a `$` or a `%`.
    private static func substitutesIntoSource(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "%") }
    }
}

extension CompiledBinding {
    /// The key paths the binding reads from its scope (``BindingSpec/readPaths(predicate:)``).
    public var readPaths: [[String]]? { spec.readPaths(predicate: predicate) }
}
