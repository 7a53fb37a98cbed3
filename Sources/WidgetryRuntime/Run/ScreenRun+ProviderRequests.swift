import WidgetryExpressions
import WidgetryScreen
import WidgetryService

extension ScreenRun {
    /// Sends the request of a host provider class (FORMAT.md#profile.request) for the search text
    /// `text`, if the provider's class has one: its answer's results become the provider's items
    /// and the screen renders. Text shorter than the request's `minimumLength` empties the
    /// provider and sends nothing; an answer to an earlier text that comes after a later request
    /// was sent is dropped. A failed request leaves the provider empty and is recorded among the
    /// screen's problems. Each answer hides the info view of a map that shows the provider's items.
    func requestItems(of provider: ScreenObject, for text: String) {
        guard let entry = environment.hostObjects.entry(file: document.file, id: provider.id) else { return }
        let sent = (providerRequestsSent[provider.id] ?? 0) + 1
        providerRequestsSent[provider.id] = sent
        guard text.count >= entry.request.minimumLength else {
            requestedItems[provider.id] = nil
            return
        }
        var given = entry.given
        given["searchString"] = text
        environment.engine.fetchItems(entry.request.url(with: given), for: provider.id, results: entry.request.results,
                                      hiding: entry.request.secretValues) { [weak self] answer in
            guard let self, providerRequestsSent[provider.id] == sent else { return }
            switch answer {
            case .success(let items):
                requestedItems[provider.id] = items.map { Value(json: $0) }
            case .failure(let error):
                requestedItems[provider.id] = nil
                record("\(provider.id): \(error.message) [\(error.code.rawValue)]", hint: error.hint)
            }
            hideInfoViews(showing: provider)
            render()
            collectChanges()
        }
    }
}
