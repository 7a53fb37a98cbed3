public import WidgetryExpressions

extension BindingSpec {
    /// The names at the top of its scope the binding reads (`title` for `from: "title.text"`,
    /// `status` and `content` for the predicate `status.inProgress == 1 OR content.done == YES`),
    /// found without evaluating it; nil when it may read anything in the scope. `predicate` is
    /// the parsed `predicateFormat`.
    ///
    /// A binding with `from` reads below its first key. Without `from` its source is the scope
    /// itself: it then reads the roots of its predicate's key paths, unless its `ifTrue` or
    /// `ifFalse` substitutes into the scope (a `$key` or `%@`), or it has no predicate and so
    /// takes the whole scope as its value.
    public func scopeRoots(predicate: Predicate?) -> Set<String>? {
        if let from {
            return [String(from.prefix { $0 != "." })]
        }
        guard let predicate else { return nil }
        if choosesResult, [ifTrue, ifFalse].contains(where: { $0?.stringValue.map(Self.substitutesIntoSource) ?? false }) { return nil }
        var roots: Set<String> = []
        for use in predicate.facts.keyPaths where use.root == .evaluatedObject {
            if let first = use.components.first { roots.insert(first) }
        }
        return roots
    }

    /// Whether a chosen result would be filled from the source (§4.3): it has a `$` or a `%`.
    private static func substitutesIntoSource(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "%") }
    }
}

extension CompiledBinding {
    /// The names at the top of its scope the binding reads (``BindingSpec/scopeRoots(predicate:)``).
    public var scopeRoots: Set<String>? { spec.scopeRoots(predicate: predicate) }
}
