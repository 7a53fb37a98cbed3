import Foundation
import NIOCore
import Testing
import WidgetryExpressions
import WidgetryJSON
import WidgetryService
import WidgetryServiceConfiguration
import WidgetryStore
import WidgetryTestSupport

/// On a virtual clock, run time waits for a real request in flight: the run sees what it would
/// see if the service answered at once, however slow the network.
struct VirtualTimeInFlightTests {
    /// A 60-second timer over 600 seconds, and a request at time 0 that the server answers after
    /// 300 ms of real time: the answer comes at time 0, before the timer's first tick, and the
    /// timer ticks at 60, 120, … 600.
    @Test func aSlowAnswerArrivesBeforeVirtualTimeMovesOn() async throws {
        let slow = TestResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array("{}".utf8),
                                behaviour: .delayHead(.milliseconds(300)))
        try await TestHTTPServer.with({ _ in slow }) { server in
            let action = ServiceAction(name: "ping", path: "ping")
            let configuration = ServiceConfiguration(file: "Service.json", defaults: ServiceDefaults(baseURL: server.baseURL + "/"), actions: [action])
            let transport = HTTPTransport(options: HTTPTransportOptions())
            let timeline = Timeline()
            let engine = ActionEngine(configuration: configuration, backend: .network(transport), timeline: timeline, store: nil,
                                      importer: JSONImporter(transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 0))),
                                      options: .init(widgetIdentifier: "test"))
            var order: [String] = []
            engine.observe { event in order.append("\(event.name)@\(Int(event.time))") }
            func tick() {
                order.append("tick@\(Int(timeline.now))")
                if timeline.now == 60 { engine.perform("ping") }
                timeline.schedule(after: 60, background: true, tick)
            }
            timeline.schedule(after: 60, background: true, tick)
            engine.perform("ping")
            await timeline.run(until: 600)
            try await transport.shutdown()
            #expect(order.filter { $0.hasPrefix("tick") } == (1...10).map { "tick@\($0 * 60)" })
            // An action without a resultType ends with its Ready (FORMAT.md#service.events).
            #expect(Array(order.prefix(5)) == ["pingStart@0", "pingReady@0", "tick@60", "pingStart@60", "pingReady@60"])
            #expect(order.filter { $0.hasPrefix("ping") }.count == 4, "\(order)")
            #expect(server.requests.count == 2)
        }
    }
}
