import Foundation
import WidgetryExpressions
import WidgetryStore
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryTestSupport

/// One action performed over real HTTP by an engine without a store, as a run against a real
/// service performs it: what came back, and what went out.
struct NetworkCall {
    var events: [ActionEvent]
    var log: [ServiceRequest]

    /// The error the action ended with, if any.
    var error: ActionError? { events.last { $0.kind == .error }?.error }

    /// Performs each of `actions` in turn (a GET of `url`, `needAuth`, no result type) on one
    /// engine with `credentials`, on a clock that starts at `start`.
    static func perform(_ url: String, times: Int = 1, credentials: Credentials?, headers: [HeaderField] = [], nonces: NonceSource = .system,
                        start: Date = Date(timeIntervalSince1970: 0)) async throws -> NetworkCall {
        let action = ServiceAction(name: "load", path: url, headers: headers, needAuth: true)
        let configuration = ServiceConfiguration(file: "Service.json", actions: [action])
        let transport = HTTPTransport(options: .unhurried)
        let timeline = Timeline(clock: .virtual, start: start)
        let engine = ActionEngine(configuration: configuration, backend: .network(transport), timeline: timeline, store: nil,
                                  importer: JSONImporter(transformerContext: TransformerContext(now: start)),
                                  options: .init(widgetIdentifier: "test", credentials: credentials, nonces: nonces))
        for _ in 0..<times {
            engine.perform("load")
            await timeline.run()
        }
        try await transport.shutdown()
        return NetworkCall(events: engine.events, log: engine.requestLog.map(\.request))
    }
}
