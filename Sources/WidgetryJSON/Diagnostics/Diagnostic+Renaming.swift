public import WidgetryDiagnostics

extension Diagnostic {
    /// The finding with the safe fix-it replacing the misspelt `name`, written as the JSON string
    /// the finding is placed at, by the one name among `candidates` it surely means
    /// (``FixIt/renaming(_:among:quotedAt:)``); unchanged when there is none, or when the file is
    /// not JSON (a storyboard's XML is left for a person).
    public func renaming(_ name: String, among candidates: [String]) -> Diagnostic {
        guard file.hasSuffix(".json"), let location,
              let fixIt = FixIt.renaming(name, among: candidates, quotedAt: location.offset) else { return self }
        var fixed = self
        fixed.fixIts.append(fixIt)
        return fixed
    }
}
