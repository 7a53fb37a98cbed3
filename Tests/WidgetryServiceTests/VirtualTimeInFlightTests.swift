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
            let transport = HTTPTransport(options: .unhurried)
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

    /// The engine and timeline of one run against `server`, with the transport to shut down.
    private func makeEngine(_ server: TestHTTPServer, actions: [String], transport options: HTTPTransportOptions = .unhurried)
        -> (ActionEngine, Timeline, HTTPTransport) {
        let configuration = ServiceConfiguration(file: "Service.json", defaults: ServiceDefaults(baseURL: server.baseURL + "/"),
                                                 actions: actions.map { ServiceAction(name: $0, path: $0) })
        let transport = HTTPTransport(options: options)
        let timeline = Timeline()
        let engine = ActionEngine(configuration: configuration, backend: .network(transport), timeline: timeline, store: nil,
                                  importer: JSONImporter(transformerContext: TransformerContext(now: Date(timeIntervalSince1970: 0))),
                                  options: .init(widgetIdentifier: "test"))
        return (engine, timeline, transport)
    }

    private static let ok = TestResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array("{}".utf8))

    /// Two timers (60 s and 90 s) and a request the 60-second one starts, answered slowly: the
    /// same order in every run, the order an instant answer gives (each answer at the instant its
    /// request went out, right after what was already due then).
    @Test func twoTimersAndASlowRequestInterleaveTheSameWayEveryRun() async throws {
        var slow = Self.ok
        slow.behaviour = .delayHead(.milliseconds(150))
        let answer = slow
        try await TestHTTPServer.with({ _ in answer }) { server in
            var runs: [[String]] = []
            for _ in 0..<3 {
                let (engine, timeline, transport) = makeEngine(server, actions: ["ping"])
                var order: [String] = []
                engine.observe { event in if event.kind != .progress { order.append("\(event.name)@\(Int(event.time))") } }
                func every(_ interval: Double, _ name: String, ping: Bool) {
                    timeline.schedule(after: interval, background: true) {
                        order.append("\(name)@\(Int(timeline.now))")
                        if ping { engine.perform("ping") }
                        every(interval, name, ping: ping)
                    }
                }
                every(60, "a", ping: true)
                every(90, "b", ping: false)
                await timeline.run(until: 200)
                try await transport.shutdown()
                runs.append(order)
            }
            #expect(runs[0] == ["a@60", "pingStart@60", "pingReady@60", "b@90", "a@120", "pingStart@120", "pingReady@120",
                                "b@180", "a@180", "pingStart@180", "pingReady@180"])
            #expect(runs[1] == runs[0])
            #expect(runs[2] == runs[0])
            #expect(server.requests.count == 9)
        }
    }

    /// Two requests at the same instant, the first answered slowly and the second at once: the
    /// answers come in the order the requests went out, and events scheduled at that instant
    /// after the requests come after the answers.
    @Test func answersAtOneInstantComeInTheOrderTheRequestsWentOut() async throws {
        var slow = Self.ok
        slow.behaviour = .delayHead(.milliseconds(300))
        let answers = (slow: slow, fast: Self.ok)
        try await TestHTTPServer.with({ request in request.uri.hasSuffix("slow") ? answers.slow : answers.fast }) { server in
            let (engine, timeline, transport) = makeEngine(server, actions: ["slow", "fast"])
            var order: [String] = []
            engine.observe { event in if event.kind != .progress { order.append("\(event.name)@\(Int(event.time))") } }
            engine.perform("slow")
            engine.perform("fast")
            timeline.schedule(after: 0) { order.append("after@\(Int(timeline.now))") }
            timeline.schedule(after: 5) { order.append("later@\(Int(timeline.now))") }
            await timeline.run()
            try await transport.shutdown()
            #expect(order == ["slowStart@0", "fastStart@0", "slowReady@0", "fastReady@0", "after@0", "later@5"])
        }
    }

    /// A cancelled request ends, at the instant it was cancelled, before time moves on.
    @Test func aCancelledRequestEndsBeforeVirtualTimeMovesOn() async throws {
        var slow = Self.ok
        slow.behaviour = .delayHead(.milliseconds(300))
        let answer = slow
        try await TestHTTPServer.with({ _ in answer }) { server in
            let (engine, timeline, transport) = makeEngine(server, actions: ["ping"])
            var order: [String] = []
            engine.observe { event in if event.kind != .progress { order.append("\(event.name)@\(Int(event.time))") } }
            engine.perform("ping")
            engine.cancel("ping")
            timeline.schedule(after: 60) { order.append("tick@\(Int(timeline.now))") }
            await timeline.run()
            try await transport.shutdown()
            #expect(order == ["pingStart@0", "pingError@0", "tick@60"])
            #expect(engine.events.last { $0.action == "ping" }?.error?.code == .cancelled)
        }
    }

    /// A request the server never answers ends with the transport's time-out, and the run goes
    /// on: virtual time waits for it, but not for ever.
    @Test func aHungRequestIsBoundedByTheTransportsTimeOut() async throws {
        var hung = Self.ok
        hung.behaviour = .delayHead(.seconds(30))
        let answer = hung
        try await TestHTTPServer.with({ _ in answer }) { server in
            let (engine, timeline, transport) = makeEngine(server, actions: ["ping"],
                                                       transport: HTTPTransportOptions(connectTimeout: 1, readTimeout: 0.2, totalTimeout: 0.3))
            var order: [String] = []
            engine.observe { event in if event.kind != .progress { order.append("\(event.name)@\(Int(event.time))") } }
            engine.perform("ping")
            timeline.schedule(after: 60) { order.append("tick@\(Int(timeline.now))") }
            await timeline.run(until: 120)
            try await transport.shutdown()
            #expect(order == ["pingStart@0", "pingError@0", "tick@60"])
            #expect(engine.events.last { $0.action == "ping" }?.error?.code == .timeout)
            #expect(timeline.now == 120)
        }
    }
}
