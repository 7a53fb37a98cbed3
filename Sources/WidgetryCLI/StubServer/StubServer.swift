import Foundation
import Hummingbird
import Logging
import NIOCore
import WidgetryExpressions
import WidgetryJSON
import WidgetryService
import WidgetryServiceConfiguration

/// Serves a stub file over HTTP on 127.0.0.1 (`widgetry serve-stub`), so a real app can be
/// pointed at canned responses: each request is matched to an action (``StubRoutes``), answered
/// with its response after `debugDelay` seconds of real latency, and logged. Query parameters,
/// form-encoded or JSON body fields and path placeholders form the argument `$keyPath`s in a response
/// read from, under the names they travelled by and the key paths the action's parameters read
/// (``StubArgument``); an action without a response answers 404 as the stub transport does.
struct StubServer: Sendable {
    let routes: StubRoutes
    let responder: StubResponder
    let log: @Sendable (String) -> Void

    init(configuration: ServiceConfiguration, log: @escaping @Sendable (String) -> Void) {
        routes = StubRoutes(configuration: configuration)
        responder = StubResponder(configuration: configuration)
        self.log = log
    }

    /// Serves until the task is cancelled; `onRunning` gets the port the server listens on.
    func run(port: Int, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let application = Application(
            responder: CallbackResponder { (request: Request, context: BasicRequestContext) in
                try await respond(to: request, context: context)
            },
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "widgetry serve-stub"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: StubServer.quietLogger)
        try await application.run()
    }

    /// `body`, which binds 127.0.0.1 at `port`; a port in use or not allowed to this user is
    /// `usage.port-unavailable`, with the way out as the hint.
    static func binding(port: Int, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as IOError where [EADDRINUSE, EACCES].contains(error.errnoCode) {
            let reason = error.errnoCode == EADDRINUSE ? "is in use" : "may not be bound by this user"
            throw CommandFailure(.portUnavailable, "port \(port) of 127.0.0.1 \(reason)",
                                 hint: "pick another with --port, or --port 0 for a free one")
        }
    }

    /// The server's own log: warnings and errors only (requests are logged through `log`).
    private static let quietLogger: Logger = {
        var logger = Logger(label: "widgetry.serve-stub")
        logger.logLevel = .warning
        return logger
    }()

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        var request = request
        let method = request.method.rawValue, target = request.uri.string
        guard let match = routes.match(method: method, path: request.uri.path) else {
            log("\(method) \(target) → 404 (no action)")
            return Self.json(status: .notFound, #"{"error": {"message": "no stub action answers \#(method) \#(request.uri.path)"}}"#)
        }
        let body = try await request.collectBody(upTo: 1 << 20)
        var argument = StubArgument(action: match.action)
        for (name, value) in StubServer.formFields(request.uri.query ?? "") { argument.add(name, .string(value)) }
        let contentType = request.headers[.contentType] ?? ""
        if contentType.hasPrefix("application/x-www-form-urlencoded") {
            for (name, value) in StubServer.formFields(String(buffer: body)) { argument.add(name, .string(value)) }
        } else if contentType.hasPrefix("application/json"), let object = try? JSONParser.parse(Array(body.readableBytesView)).root.objectValue {
            for member in object { argument.add(member.key, Value(json: member.value)) }
        }
        for (name, value) in match.placeholders { argument.add(name, .string(value)) }
        if responder.delay > 0 { try await Task.sleep(nanoseconds: UInt64(responder.delay * 1e9)) }
        switch responder.response(for: match.action, argument: argument.value) {
        case .success(let response):
            log("\(method) \(target) → 200 \(match.action.name) (\(response.body.count) bytes)")
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: response.body)))
        case .failure(let error):
            let status = error.status ?? 500
            log("\(method) \(target) → \(status) \(match.action.name): \(error.message)")
            let message = JSONValue(.string(error.message)).serialized()
            return Self.json(status: .init(code: status), #"{"error": {"message": \#(message)}}"#)
        }
    }

    private static func json(status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// `a=1&b=x%20y` → pairs, `+` read as a space.
    static func formFields(_ text: String) -> [(String, String)] {
        text.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String { (part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding) ?? String(part) }
            guard let name = parts.first, !name.isEmpty else { return nil }
            return (decode(name), parts.count > 1 ? decode(parts[1]) : "")
        }
    }
}
