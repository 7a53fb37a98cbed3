import Foundation
import Hummingbird
import HummingbirdCore
import HTTPTypes
import Logging
import NIOCore
import Synchronization
import WidgetryJSON
import WidgetryRuntime
import WidgetryServiceConfiguration

/// `widgetry preview`'s HTTP side, on 127.0.0.1 only: the page (`/`), the current picture
/// (`/picture`, and as a PNG `/picture.png`, drawn by ``PreviewPictures``), the state as JSON (`/state`), server-sent events naming each new state
/// (`/events`) and the interactions (`POST /interact`, `POST /service`). Every request passes
/// the ``PreviewGate`` first and stays within the ``PreviewLimits``; anything else is a 4xx with
/// a message and, for the preview's own rules, a code.
final class PreviewServer: Sendable {
    let session: PreviewSession
    let limits: PreviewLimits
    /// The secret the page carries, for clients that send no `Origin`.
    let token: String
    /// The PNGs of the pictures, through one Chromium for the server's life.
    let pictures: PreviewPictures
    /// Set once the server listens and its port is known.
    private let gate = Mutex<PreviewGate?>(nil)

    init(session: PreviewSession, limits: PreviewLimits = PreviewLimits(), token: String = PreviewGate(port: 0).token,
         pictures: PreviewPictures = PreviewPictures()) {
        self.session = session
        self.limits = limits
        self.token = token
        self.pictures = pictures
    }

    /// Serves until the task is cancelled; `onRunning` gets the port the server listens on.
    /// The Chromium of the PNGs, if one was started, has ended when it returns.
    func run(port: Int, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        var logger = Logger(label: "widgetry.preview")
        // Failures reach the caller as errors; what the server logs on its way down is noise.
        logger.logLevel = .critical
        let room = ConnectionRoom(limit: limits.maxConnections)
        let decoder = HTTP1Channel.Configuration.DecoderConfiguration(
            maxHeaderFieldSize: limits.largestHeaders, maxHeaderListSize: limits.largestHeaders, maxHeaderFieldCount: 100)
        let application = Application(
            responder: CallbackResponder { (request: Request, context: PreviewRequestContext) in
                await self.respond(to: request, channel: context.channel)
            },
            server: .http1(configuration: HTTP1Channel.Configuration(additionalChannelHandlers: [ConnectionRoomHandler(room: room)],
                                                                     idleTimeout: .seconds(Int64(limits.idleTimeout)),
                                                                     httpDecoderConfiguration: decoder)),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "widgetry preview"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                self.gate.withLock { $0 = PreviewGate(port: bound, token: self.token) }
                await onRunning(bound)
            },
            logger: logger)
        do {
            try await application.run()
        } catch {
            await pictures.close()
            throw error
        }
        await pictures.close()
    }

    func respond(to request: Request, channel: (any Channel)? = nil) async -> Response {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        let host = request.head.authority ?? headers["host"]
        guard let gate = gate.withLock({ $0 }) else {
            return Self.refusal(PreviewRefusal(status: 503, message: "the preview is starting"))
        }
        if let refusal = gate.refusal(method: request.method.rawValue, host: host, headers: headers) {
            return Self.refusal(refusal)
        }
        switch (request.method, request.uri.path) {
        case (.get, "/"):
            return Self.text(.ok, PreviewPage.html(token: token), type: "text/html; charset=utf-8", policy: PreviewPage.pagePolicy)
        case (.get, "/picture"):
            let state = await session.state()
            return Self.text(.ok, state.picture.isEmpty ? PreviewPage.nothingYet : state.picture, type: "text/html; charset=utf-8",
                             policy: PreviewPage.picturePolicy)
        case (.get, "/picture.png"):
            switch await pictures.png(of: await session.state()) {
            case .success(let png):
                return Response(status: .ok, headers: Self.securityHeaders([.contentType: "image/png"]), body: .init(byteBuffer: ByteBuffer(bytes: png)))
            case .failure(let refusal):
                return Self.refusal(refusal)
            }
        case (.get, "/state"):
            return Self.text(.ok, Self.json(await session.state()), type: "application/json")
        case (.get, "/events"):
            let changes = session.changes()
            return Response(status: .ok, headers: Self.securityHeaders([.contentType: "text/event-stream"]), body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
                for await version in changes {
                    try await writer.write(ByteBuffer(string: "event: changed\ndata: \(version)\n\n"))
                }
                try await writer.finish(nil)
            })
        case (.post, "/interact"):
            let body: [UInt8]
            switch await collectBody(of: request, channel: channel) {
            case .success(let bytes): body = bytes
            case .failure(let refusal): return Self.refusal(refusal)
            }
            let parsed = Result { () throws(PreviewRefusal) in try PreviewRequest.interaction(from: body, maxAdvance: limits.maxAdvance) }
            guard case .success(let interaction) = parsed else {
                if case .failure(let refusal) = parsed { return Self.refusal(refusal) }
                return Self.refusal(PreviewRefusal(status: 400, message: "the request could not be read"))
            }
            switch await session.perform(interaction) {
            case .success(let state): return Self.text(.ok, Self.json(state), type: "application/json")
            case .failure(let refusal): return Self.refusal(refusal)
            }
        case (.post, "/service"):
            let body: [UInt8]
            switch await collectBody(of: request, channel: channel) {
            case .success(let bytes): body = bytes
            case .failure(let refusal): return Self.refusal(refusal)
            }
            guard let json = try? JSONParser.parse(body, fileName: "request").root,
                  let name = json["service"]?.stringValue, let selection = ServiceSelection(rawValue: name) else {
                return Self.refusal(PreviewRefusal(status: 400, message: #"the request must be {"service": "stub"}, "dev" or "prod""#))
            }
            return Self.text(.ok, Self.json(await session.use(selection)), type: "application/json")
        case (_, "/"), (_, "/picture"), (_, "/picture.png"), (_, "/state"), (_, "/events"), (_, "/interact"), (_, "/service"):
            return Self.refusal(PreviewRefusal(status: 405, message: "\(request.method.rawValue) is not allowed on \(request.uri.path)"))
        default:
            return Self.refusal(PreviewRefusal(status: 404, message: "nothing at \(request.uri.path): the preview serves /, /picture, /picture.png, /state, /events, POST /interact and POST /service"))
        }
    }

    /// The request's body, at most ``PreviewLimits/largestBody`` bytes arriving within
    /// ``PreviewLimits/bodyTimeout`` seconds. A body that takes longer is refused with a 408,
    /// and the connection stops being read, so a client that drips its body holds nothing.
    private func collectBody(of request: Request, channel: (any Channel)?) async -> Result<[UInt8], PreviewRefusal> {
        let limits = limits
        let outcome = await withTaskGroup(of: Result<[UInt8], PreviewRefusal>?.self) { group in
            group.addTask {
                var request = request
                do {
                    return .success(Array(try await request.collectBody(upTo: limits.largestBody).readableBytesView))
                } catch {
                    return .failure(PreviewRefusal(status: 413, code: "preview.body-too-large",
                                                   message: "a request may hold at most \(limits.largestBody) bytes"))
                }
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(limits.bodyTimeout))
                if Task.isCancelled { return nil }
                return .failure(PreviewRefusal(status: 408, code: "preview.body-timeout",
                                               message: "the request's body did not arrive within \(limits.bodyTimeout) s"))
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .failure(PreviewRefusal(status: 400, message: "the request could not be read"))
        }
        if case .failure(let refusal) = outcome, refusal.code == "preview.body-timeout" {
            channel?.close(mode: .input, promise: nil)
        }
        return outcome
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
        if let code = refusal.code { object["code"] = JSONValue(.string(code)) }
        return text(HTTPResponse.Status(code: refusal.status), JSONValue(.object(object)).serialized(), type: "application/json")
    }

    private static func text(_ status: HTTPResponse.Status, _ text: String, type: String, policy: String? = nil) -> Response {
        var fields: HTTPFields = [.contentType: type]
        if let policy { fields[.contentSecurityPolicy] = policy }
        return Response(status: status, headers: securityHeaders(fields), body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// What every answer carries: nothing cached, no type guessed, nothing for other sites
    /// (`Cross-Origin-Resource-Policy` keeps pages elsewhere from embedding the state or the
    /// picture), no referrer.
    private static func securityHeaders(_ fields: HTTPFields) -> HTTPFields {
        var fields = fields
        fields[.cacheControl] = "no-store"
        fields[.xContentTypeOptions] = "nosniff"
        fields[HTTPField.Name("Cross-Origin-Resource-Policy")!] = "same-origin"
        fields[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        return fields
    }
}

/// The request context of the preview: Hummingbird's basic context and the connection, which a
/// request whose body stops arriving closes.
struct PreviewRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
