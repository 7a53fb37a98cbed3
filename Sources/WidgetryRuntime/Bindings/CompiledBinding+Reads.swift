import WidgetryExpressions

extension CompiledBinding {
    /// The names at the top of its scope the binding reads (`title` for `from: "title.text"`,
    /// `status` and `content` for the predicate `status.inProgress == 1 OR content.done == YES`),
    /// found without evaluating it; nil when it may read anything in the scope.
    ///
    /// A binding with `from` reads below its first key. Without `from` its source is the scope
    /// itself: it then reads the roots of its predicate's key paths, unless its `ifTrue` or
    /// `ifFalse` substitutes into the scope (a `$key` or `%@`), or it has no predicate and so
    /// takes the whole scope as its value.
    public var scopeRoots: Set<String>? {
        if let source {
            return [source.root]
        }
        guard let predicate else { return nil }
        if let choices, [choices.ifTrue, choices.ifFalse].contains(where: Self.substitutesIntoSource) { return nil }
        var roots: Set<String> = []
        for use in predicate.facts.keyPaths where use.root == .evaluatedObject {
            if let first = use.components.first { roots.insert(first) }
        }
        return roots
    }

    /// Whether a chosen result would be filled from the source (§4.3): a string with `$` or `%`.
    private static func substitutesIntoSource(_ choice: Value) -> Bool {
        guard case .string(let text) = choice else { return false }
        return text.utf8.contains { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "%") }
    }
}
