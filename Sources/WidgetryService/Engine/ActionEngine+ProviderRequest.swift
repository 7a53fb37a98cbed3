public import WidgetryJSON

extension ActionEngine {
    /// Sends the GET a host's content provider makes for its items (a host profile's provider
    /// request, FORMAT.md#profile.request) on the run's timeline: where a host redirect points,
    /// logged with the `hidden` values (an API key in the URL) redacted, and gives the array at `results`
    /// (a key path; empty for the whole answer) of the JSON answer. A run answering from the stub
    /// file sends nothing: such a request has no stub answer.
    public func fetchItems(_ url: String, for provider: String, results: String, hiding hidden: [String],
                           then deliver: @escaping (Result<[JSONValue], ActionError>) -> Void) {
        guard case .network(let transport) = backend else {
            return deliver(.failure(ActionError(.notImplemented, "\(provider)'s request talks to the service, and this run answers from the stub file",
                                                hint: "run with --service prod, with the profile's hosts pointing at a stand-in if need be")))
        }
        var request = ServiceRequest(action: provider, method: .get, url: url)
        if let target = options.hostRedirects.redirected(url) {
            request.originalURL = url
            request.url = target
        }
        var logged = request
        logged.url = SecretValues(hidden).redacting(request.url)
        logged.originalURL = request.originalURL.map { SecretValues(hidden).redacting($0) }
        requestLog.append(LoggedRequest(time: timeline.now, request: logged, parameterFallback: nil, signedAs: nil))
        let redact = secrets.adding(hidden)
        let outgoing = request
        _ = timeline.perform({ await transport.send(outgoing) { _ in } }, then: { answer in
            deliver(redact.redacting(answer).flatMap { response in
                ResponseReading.json(of: response, errorKeyPath: "error_message", action: provider).flatMap { json in
                    ActionEngine.items(in: json, at: results, of: provider)
                }
            })
        })
    }

    /// The array at `keyPath` (dot-separated members) in `json`.
    private static func items(in json: JSONValue, at keyPath: String, of provider: String) -> Result<[JSONValue], ActionError> {
        ResponseReading.member(of: json, at: keyPath, action: provider).flatMap { node in
            guard let items = node.arrayValue else {
                return .failure(ActionError(.resultShape, "the answer to \(provider)'s request has no array at \(keyPath.isEmpty ? "its top" : keyPath)"))
            }
            return .success(items)
        }
    }
}
