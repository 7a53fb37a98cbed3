import Foundation
import WidgetryExpressions
import WidgetryStore
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryTestSupport

/// One action performed over real HTTP by an engine without a store, as a run against a real
/// service performs it: the events it gave.
struct NetworkCall {
    var events: [ActionEvent]

    /// The error the action ended with, if any.
    var error: ActionError? { events.last { $0.kind == .error }?.error }

    /// Performs a GET of `url`, `needAuth`, with `headers` of its own and no result type, on an
    /// engine with `credentials`.
    static func perform(_ url: String, credentials: Credentials?, headers: [HeaderField] = []) async throws -> NetworkCall {
        let action = ServiceAction(name: "load", path: url, headers: headers, needAuth: true)
        let configuration = ServiceConfiguration(file: "Service.json", actions: [action])
        let transport = HTTPTransport(options: .unhurried)
        let timeline = Timeline(clock: .virtual, start: Date(timeIntervalSince1970: 0))
        let engine = ActionEngine(configuration: configuration, backend: .network(transport), timeline: timeline, store: nil,
                                  importer: JSONImporter(transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 0))),
                                  options: .init(widgetIdentifier: "test", credentials: credentials))
        engine.perform("load")
        await timeline.run()
        try await transport.shutdown()
        return NetworkCall(events: engine.events)
    }
}
