import AsyncHTTPClient
import Foundation
import Testing
import WidgetryJSON
import WidgetryTestSupport
@testable import WidgetryCLI

/// The preview as a hostile web page and a careless client meet it (README, "Security"): other
/// hosts, other origins, other content types, requests without the token, work without end,
/// silent and half-sent connections. Driven with AsyncHTTPClient and raw sockets.
struct PreviewSecurityTests {
    /// A page whose site name was rebound to 127.0.0.1 sends its own name as the Host: nothing
    /// is answered to it, reads included.
    @Test(arguments: ["evil.example", "evil.example:PORT", "127.0.0.1:1", "localhost.evil.example:PORT", "127.0.0.1.nip.io:PORT", ""])
    func onlyTheLoopbackNamesWithTheServersPortAreAnswered(host: String) async throws {
        try await PreviewHarness.with { preview in
            let connection = try RawConnection(port: preview.port)
            defer { connection.close() }
            let hostLine = host.isEmpty ? "" : "Host: \(host.replacingOccurrences(of: "PORT", with: String(preview.port)))\r\n"
            try connection.send("GET /state HTTP/1.1\r\n\(hostLine)Connection: close\r\n\r\n")
            let answer = await connection.receive(waitingAtMost: 10).text
            #expect(answer.hasPrefix("HTTP/1.1 403"), "\(answer.prefix(200))")
            #expect(answer.contains("preview.host-refused"))
            #expect(!answer.contains("snapshot"), "nothing of the state leaks")
        }
    }

    @Test func theLoopbackNamesAreAnswered() async throws {
        try await PreviewHarness.with { preview in
            for host in ["127.0.0.1:\(preview.port)", "localhost:\(preview.port)", "LOCALHOST:\(preview.port)", "[::1]:\(preview.port)"] {
                let answer = try await preview.send("/state", headers: ["Host": host])
                #expect(answer.status == 200, "\(host): \(answer.text.prefix(200))")
            }
        }
    }

    /// What a cross-site `fetch(..., {mode: "no-cors"})` or a form can send: a simple content
    /// type, an Origin of another site. None of it switches the service or taps anything.
    @Test func crossSiteRequestsChangeNothing() async throws {
        try await PreviewHarness.with { preview in
            let evil = "http://evil.example"
            let attempts: [(path: String, headers: [String: String], status: Int, code: String)] = [
                ("/service", ["Content-Type": "text/plain", "Origin": evil, PreviewGate.tokenHeader: ""], 415, "preview.content-type"),
                ("/service", ["Content-Type": "application/x-www-form-urlencoded", PreviewGate.tokenHeader: ""], 415, "preview.content-type"),
                ("/service", ["Content-Type": "multipart/form-data; boundary=x", "Origin": evil], 415, "preview.content-type"),
                ("/service", ["Content-Type": "", PreviewGate.tokenHeader: ""], 415, "preview.content-type"),
                ("/service", ["Origin": evil, PreviewGate.tokenHeader: ""], 403, "preview.origin-refused"),
                ("/service", ["Origin": "null", PreviewGate.tokenHeader: ""], 403, "preview.origin-refused"),
                ("/service", ["Origin": "http://127.0.0.1:\(preview.port).evil.example"], 403, "preview.origin-refused"),
                ("/service", ["Origin": "https://127.0.0.1:\(preview.port)"], 403, "preview.origin-refused"),
                ("/service", ["Sec-Fetch-Site": "cross-site"], 403, "preview.origin-refused"),
                ("/service", [PreviewGate.tokenHeader: ""], 403, "preview.token-required"),
                ("/service", [PreviewGate.tokenHeader: "0123456789abcdef0123456789abcdef"], 403, "preview.token-required"),
                ("/interact", ["Content-Type": "text/plain", "Origin": evil, PreviewGate.tokenHeader: ""], 415, "preview.content-type"),
                ("/interact", ["Origin": evil], 403, "preview.origin-refused"),
            ]
            for attempt in attempts {
                let body = attempt.path == "/service" ? #"{"service": "prod"}"# : #"{"tap": "addButton"}"#
                let answer = try await preview.send(attempt.path, method: "POST", body: body, headers: attempt.headers)
                #expect(answer.status == attempt.status, "\(attempt.headers): \(answer.text)")
                #expect(try preview.json(answer.text)["code"]?.stringValue == attempt.code, "\(attempt.headers): \(answer.text)")
            }
            let state = try preview.json(try await preview.send("/state").text)
            #expect(state["service"]?.stringValue == "stub", "the service was not switched")
            #expect(state["screen"]?.stringValue == "FeedViewController", "nothing was tapped")
        }
    }

    /// The page's own origin, and a script with the token the page carries, may change state.
    @Test func thePageAndClientsWithTheTokenAreServed() async throws {
        try await PreviewHarness.with { preview in
            let page = try await preview.send("/").text
            let marker = #"<meta name="widgetry-token" content=""#
            let start = try #require(page.range(of: marker)).upperBound
            let token = String(page[start...].prefix { $0 != "\"" })
            #expect(token == preview.server.token)
            #expect(token.count == 32)
            let fromScript = try await preview.send("/interact", method: "POST", body: #"{"tap": "addButton"}"#, headers: [PreviewGate.tokenHeader: token])
            #expect(fromScript.status == 200, "\(fromScript.text)")
            for origin in ["http://127.0.0.1:\(preview.port)", "http://localhost:\(preview.port)"] {
                let fromPage = try await preview.send("/interact", method: "POST", body: #"{"back": true}"#,
                                                      headers: ["Origin": origin, "Sec-Fetch-Site": "same-origin", PreviewGate.tokenHeader: ""])
                #expect(fromPage.status == 200 || fromPage.status == 422, "\(origin): \(fromPage.text)")
                #expect(try preview.json(fromPage.text)["code"]?.stringValue == nil, "\(origin): \(fromPage.text)")
            }
        }
    }

    /// Other pages may neither frame the preview nor embed what it serves.
    @Test func answersForbidFramingAndEmbedding() async throws {
        try await PreviewHarness.with { preview in
            var request = HTTPClientRequest(url: preview.base + "/")
            request.method = .GET
            let response = try await preview.client.execute(request, timeout: .seconds(20))
            #expect(response.headers.first(name: "Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
            #expect(response.headers.first(name: "Cross-Origin-Resource-Policy") == "same-origin")
            let picture = try await preview.client.execute(HTTPClientRequest(url: preview.base + "/picture"), timeout: .seconds(20))
            #expect(picture.headers.first(name: "Content-Security-Policy")?.hasPrefix("default-src 'none'") == true)
        }
    }

    /// An advance longer than the limit is refused before it runs, and a request whose events
    /// outrun the limit stops there, with the state it left published.
    @Test func oneRequestsWorkIsBounded() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let files = [
            "Info.json": #"{"identifier": "dev.example.Ticker", "name": "Ticker", "version": "1.0", "entryScreen": "S", "formatVersion": 1}"#,
            "StubService.json": #"{"actions": {"ping": {"response": {}}}}"#,
            "S.json": #"{"S": {"objects": {"timer": {"type": "TimerActionController", "attrs": {"actionName": "ping", "interval": 0}}}, "views": {"type": "UIView"}}}"#,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: directory.file(name))) }
        var limits = PreviewLimits()
        limits.maxAdvance = 600
        limits.maxEvents = 300
        try await PreviewHarness.with(bundle: directory.path, limits: limits) { preview in
            let tooLong = try await preview.send("/interact", method: "POST", body: #"{"advance": 86400}"#)
            #expect(tooLong.status == 422)
            #expect(try preview.json(tooLong.text)["code"]?.stringValue == "preview.advance-limit")
            #expect(try preview.json(tooLong.text)["error"]?.stringValue?.contains("at most 600 s") == true)
            let slowTyping = try await preview.send("/interact", method: "POST", body: #"{"type": "abc", "into": "field", "interval": 300}"#)
            #expect(slowTyping.status == 422, "three characters 300 s apart take 900 s: \(slowTyping.text)")
            #expect(try preview.json(slowTyping.text)["code"]?.stringValue == "preview.advance-limit")

            let busy = try await preview.send("/interact", method: "POST", body: #"{"advance": 600}"#)
            #expect(busy.status == 422, "\(busy.text)")
            #expect(try preview.json(busy.text)["code"]?.stringValue == "interaction.event-limit")
            #expect(try preview.json(busy.text)["error"]?.stringValue?.contains("after 300 events") == true)
            let state = try preview.json(try await preview.send("/state").text)
            let snapshot = state["snapshot"]?.stringValue ?? ""
            #expect(!snapshot.hasPrefix("screen S at t=600"), "the run stopped before the whole advance: \(snapshot.prefix(60))")
            #expect(!snapshot.hasPrefix("screen S at t=0.000"), "the state shows where the run stopped: \(snapshot.prefix(60))")
        }
    }

    /// A connection that says nothing, or stops halfway through its headers, is closed after the
    /// idle timeout, so silent sockets cannot use up the process's descriptors.
    @Test(arguments: ["", "GET /state HTTP/1.1\r\nHost: 127"])
    func silentConnectionsAreClosed(sent: String) async throws {
        var limits = PreviewLimits()
        limits.idleTimeout = 1
        try await PreviewHarness.with(limits: limits) { preview in
            let connection = try RawConnection(port: preview.port)
            defer { connection.close() }
            if !sent.isEmpty { try connection.send(sent) }
            #expect(await connection.receive(waitingAtMost: 20).closed, "the server closed the connection")
        }
    }

    /// A body that stops arriving is refused with a 408 once its time is up.
    @Test func aBodyThatStopsArrivingIsRefused() async throws {
        var limits = PreviewLimits()
        limits.bodyTimeout = 1
        try await PreviewHarness.with(limits: limits) { preview in
            let connection = try RawConnection(port: preview.port)
            defer { connection.close() }
            try connection.send("POST /interact HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\nContent-Type: application/json\r\n"
                                + "\(PreviewGate.tokenHeader): \(preview.server.token)\r\nContent-Length: 100\r\n\r\n{\"tap\"")
            let answer = await connection.receive(until: "preview.body-timeout", waitingAtMost: 20)
            #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer.prefix(200))")
            #expect(answer.contains("preview.body-timeout"))
        }
    }

    /// Past the connection cap, the connection idle longest is closed to make room: a new one is
    /// served at once.
    @Test func pastTheCapTheLongestIdleConnectionMakesRoom() async throws {
        var limits = PreviewLimits()
        limits.maxConnections = 3
        try await PreviewHarness.with(limits: limits) { preview in
            let held = try (0..<3).map { _ in try RawConnection(port: preview.port) }
            defer { for connection in held { connection.close() } }
            // Each held connection is served, then falls idle, the first one first.
            for connection in held {
                try connection.send("GET /state HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\n\r\n")
                #expect(await connection.receive(until: "\"version\"", waitingAtMost: 20).hasPrefix("HTTP/1.1 200"))
            }
            let newcomer = try RawConnection(port: preview.port)
            defer { newcomer.close() }
            try newcomer.send("GET /state HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\nConnection: close\r\n\r\n")
            #expect(await newcomer.receive(until: "\"version\"", waitingAtMost: 20).hasPrefix("HTTP/1.1 200"), "served at once")
            #expect(await held[0].receive(waitingAtMost: 20).closed, "the connection idle longest was closed for it")
        }
    }

    /// Hundreds of silent sockets neither use up descriptors nor keep the page out: the page's
    /// request is answered while they are open, and at most the cap of them stays open.
    @Test func hundredsOfSilentSocketsDoNotKeepThePageOut() async throws {
        var limits = PreviewLimits()
        limits.maxConnections = 16
        try await PreviewHarness.with(limits: limits) { preview in
            let silent = try (0..<300).map { _ in try RawConnection(port: preview.port) }
            defer { for connection in silent { connection.close() } }
            let answer = try await preview.send("/state")
            #expect(answer.status == 200)
            var closed = 0
            for connection in silent where await connection.receive(waitingAtMost: 0).closed { closed += 1 }
            #expect(closed >= 300 - limits.maxConnections, "\(closed) of 300 closed")
        }
    }
}
