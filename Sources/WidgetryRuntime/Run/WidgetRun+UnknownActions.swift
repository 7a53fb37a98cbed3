import WidgetryJSON
import WidgetryScreen

extension WidgetRun {
    /// The controllers of `documents` that name an action nothing performs: neither a service
    /// file of the bundle, nor the host (a profile's action or a registered handler). Upstream
    /// dropped such a call silently; the run warns of it where it loads the screen, as lint does
    /// (``ActionNames``).
    func unknownActions(in documents: [ScreenDocument]) -> [Diagnostic] {
        let uses = documents.flatMap { document in ActionNames.uses(in: document).map { (document.file, $0) } }
        guard !uses.isEmpty else { return [] }
        var known = Set(services.configuration.actions.map(\.name)).union(engine.hostActions.keys).union(options.profile.actions.keys)
        known.formUnion(hostHandlers.actionNames)
        // An action of a service file the run did not select is not misspelt: running without it
        // fails with the stub's own error.
        for file in [bundle.stubService, bundle.developmentService, bundle.service].compactMap({ $0 }) {
            guard case .object(let actions)? = file.document.root["actions"]?.kind else { continue }
            known.formUnion(actions.map(\.key))
        }
        return uses.filter { !known.contains($0.1.action) }.map { file, use in ActionNames.unknown(use, known: Array(known), file: file) }
    }
}
