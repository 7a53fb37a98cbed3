import Foundation
import Hummingbird
import Logging
import NIOCore
import WidgetryJSON
import WidgetryRuntime
import WidgetryServiceConfiguration

/// `widgetry preview`'s HTTP side, on 127.0.0.1 only: the page (`/`), the current picture
/// (`/picture`), the state as JSON (`/state`), server-sent events naming each new state
/// (`/events`) and the interactions (`POST /interact`, at most 16 KiB of JSON). Anything else is
/// a 4xx with a message.
struct PreviewServer: Sendable {
    let worker: PreviewWorker

    /// Serves until the task is cancelled; `onRunning` gets the port the server listens on.
    func run(port: Int, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        var logger = Logger(label: "widgetry.preview")
        logger.logLevel = .warning
        let application = Application(
            responder: CallbackResponder { (request: Request, context: BasicRequestContext) in
                await respond(to: request)
            },
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "widgetry preview"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
        try await application.run()
    }

    func respond(to request: Request) async -> Response {
        switch (request.method, request.uri.path) {
        case (.get, "/"):
            return Self.text(.ok, PreviewPage.html, type: "text/html; charset=utf-8")
        case (.get, "/picture"):
            let state = await worker.state()
            return Self.text(.ok, state.picture.isEmpty ? PreviewPage.nothingYet : state.picture, type: "text/html; charset=utf-8")
        case (.get, "/state"):
            return Self.text(.ok, Self.json(await worker.state()), type: "application/json")
        case (.get, "/events"):
            let changes = worker.changes()
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
                for await version in changes {
                    try await writer.write(ByteBuffer(string: "event: changed\ndata: \(version)\n\n"))
                }
                try await writer.finish(nil)
            })
        case (.post, "/interact"):
            var request = request
            let body: ByteBuffer
            do {
                body = try await request.collectBody(upTo: PreviewRequest.largestBody)
            } catch {
                return Self.refusal(PreviewRefusal(status: 413, message: "a request may hold at most \(PreviewRequest.largestBody) bytes"))
            }
            let parsed = Result { () throws(PreviewRefusal) in try PreviewRequest.interaction(from: Array(body.readableBytesView)) }
            guard case .success(let interaction) = parsed else {
                if case .failure(let refusal) = parsed { return Self.refusal(refusal) }
                return Self.refusal(PreviewRefusal(status: 400, message: "the request could not be read"))
            }
            switch await worker.perform(interaction) {
            case .success(let state): return Self.text(.ok, Self.json(state), type: "application/json")
            case .failure(let refusal): return Self.refusal(refusal)
            }
        case (.post, "/service"):
            var request = request
            guard let body = try? await request.collectBody(upTo: PreviewRequest.largestBody),
                  let json = try? JSONParser.parse(Array(body.readableBytesView), fileName: "request").root,
                  let name = json["service"]?.stringValue, let selection = ServiceSelection(rawValue: name) else {
                return Self.refusal(PreviewRefusal(status: 400, message: #"the request must be {"service": "stub"}, "dev" or "prod""#))
            }
            return Self.text(.ok, Self.json(await worker.use(selection)), type: "application/json")
        case (_, "/"), (_, "/picture"), (_, "/state"), (_, "/events"), (_, "/interact"), (_, "/service"):
            return Self.refusal(PreviewRefusal(status: 405, message: "\(request.method.rawValue) is not allowed on \(request.uri.path)"))
        default:
            return Self.refusal(PreviewRefusal(status: 404, message: "nothing at \(request.uri.path): the preview serves /, /picture, /state, /events, POST /interact and POST /service"))
        }
    }

    /// The state as the page reads it.
    static func json(_ state: PreviewState) -> String {
        var object = JSONObject()
        object["version"] = JSONValue(.integer(Int64(state.version)))
        object["screen"] = JSONValue(.string(state.screen))
        object["service"] = JSONValue(.string(state.service))
        object["snapshot"] = JSONValue(.string(state.snapshot))
        object["error"] = state.error.map { JSONValue(.string($0)) } ?? JSONValue(.null)
        return JSONValue(.object(object)).serialized()
    }

    private static func refusal(_ refusal: PreviewRefusal) -> Response {
        var object = JSONObject()
        object["error"] = JSONValue(.string(refusal.message))
        return text(HTTPResponse.Status(code: refusal.status), JSONValue(.object(object)).serialized(), type: "application/json")
    }

    private static func text(_ status: HTTPResponse.Status, _ text: String, type: String) -> Response {
        Response(status: status, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
