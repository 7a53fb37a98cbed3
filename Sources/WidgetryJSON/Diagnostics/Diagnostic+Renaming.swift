public import WidgetryDiagnostics

extension Diagnostic {
    /// The finding with the safe fix-it replacing the misspelt `name`, written as the JSON string
    /// the finding is placed at, by the one name among `candidates` it surely means
    /// (``FixIt/renaming(_:among:quotedAt:)``); unchanged when there is none, or when the file is
    /// not JSON (a storyboard's XML is left for a person).
    public func renaming(_ name: String, among candidates: [String]) -> Diagnostic {
        renaming(name) { Suggestion.certainCandidate(for: $0, among: candidates) }
    }

    /// ``renaming(_:among:)`` with the candidate `hints` work out once per name, for a rule that
    /// reports many names among the same candidates.
    public func renaming(_ name: String, using hints: inout SuggestionHints) -> Diagnostic {
        renaming(name) { hints.certainCandidate(for: $0) }
    }

    private func renaming(_ name: String, candidate: (String) -> String?) -> Diagnostic {
        guard file.hasSuffix(".json"), let location, let replacement = candidate(name),
              let fixIt = FixIt.renaming(name, to: replacement, at: location.offset + 1) else { return self }
        var fixed = self
        fixed.fixIts.append(fixIt)
        return fixed
    }
}
