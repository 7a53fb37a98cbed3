public import WidgetryJSON

extension Dialect {
    /// `diagnostic`, found on a bundle held in WidgetKit's names, in this dialect's: its
    /// message, hint, notes and fix-it replacements as ``spelled(_:)`` writes them. Its place
    /// stays: the names it points at kept their length.
    public func spelled(_ diagnostic: Diagnostic) -> Diagnostic {
        guard self != .widgetkit else { return diagnostic }
        var result = diagnostic
        result.message = spelled(diagnostic.message)
        result.hint = diagnostic.hint.map(spelled)
        result.notes = diagnostic.notes.map(spelled)
        result.fixIts = diagnostic.fixIts.map { fixIt in
            var spelledFix = fixIt
            spelledFix.edits = fixIt.edits.map { edit in
                var spelledEdit = edit
                spelledEdit.replacement = spelled(edit.replacement)
                return spelledEdit
            }
            return spelledFix
        }
        return result
    }
}
