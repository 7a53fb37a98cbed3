import Foundation

/// One JSON-RPC connection of the Language Server Protocol, from the server's side: it reads
/// framed messages from an input, calls the handlers registered for their methods, and writes
/// responses, notifications and requests of its own, one whole message at a time.
///
/// - Requests run each in a task of its own, started in the order they arrive, so that
///   `$/cancelRequest` can cancel one (answered `RequestCancelled`, -32800). `initialize` and
///   `shutdown` run before the next message is read.
/// - Notifications run one after another, each finished before the next message is read, so a
///   document's changes apply in order and before any request that came after them.
/// - The lifecycle is the specification's: a request before `initialize` is answered
///   `ServerNotInitialized` (-32002) and a notification then is dropped; a request after
///   `shutdown` is answered `InvalidRequest`; `exit` ends ``run(input:)``.
/// - A message it cannot read (a bad frame, invalid JSON, JSON that is no JSON-RPC message, a
///   request for an unknown method or with params of the wrong shape) is answered with an
///   error naming it, and the connection goes on. A notification with bad params cannot be
///   answered, so the client is told with `window/logMessage`; an unknown notification is
///   ignored.
public actor Connection {
    /// Where the connection is in the protocol's lifecycle.
    public enum State: Sendable, Hashable {
        /// Waiting for `initialize`.
        case uninitialized
        /// `initialize` was answered.
        case initialized
        /// `shutdown` came: only `exit` remains.
        case shutDown
    }

    /// A registered request handler: decodes the params from a message's body (throwing when
    /// they have the wrong shape), giving the work that answers it as a framed response.
    private typealias RequestHandler = @Sendable (Data) throws -> @Sendable (RequestContext) async -> Reply
    /// A framed response, and whether it answers with a result rather than an error.
    private struct Reply: Sendable {
        var frame: [UInt8]
        var succeeded: Bool
    }
    /// A registered notification handler: decodes the params, giving the work that handles them.
    private typealias NotificationHandler = @Sendable (Data) throws -> @Sendable () async throws -> Void

    private let output: any MessageOutput
    private let limits: MessageLimits
    private var requestHandlers: [String: RequestHandler] = [:]
    private var notificationHandlers: [String: NotificationHandler] = [:]
    /// The requests being handled, by id.
    private var inFlight: [RequestID: Task<Void, Never>] = [:]
    /// The server's own requests waiting for the client's answer, by id.
    private var awaitingReplies: [RequestID: CheckedContinuation<Data, any Error>] = [:]
    private var nextRequestNumber = 1
    private var nextProgressNumber = 1
    /// Whether the loop ended: nothing more is written.
    private var ended = false

    /// Where the connection is in the lifecycle.
    public private(set) var state = State.uninitialized

    /// A connection that writes to `output`, refusing messages beyond `limits`.
    public init(output: any MessageOutput, limits: MessageLimits = MessageLimits()) {
        self.output = output
        self.limits = limits
    }

    // MARK: Handlers

    /// Answers requests of method `R` with `handler`. A handler that throws a ``ResponseError``
    /// answers with it; any other error is answered `InternalError`.
    public func onRequest<R: LSPRequest>(_ request: R.Type, _ handler: @escaping @Sendable (R.Params, RequestContext) async throws -> R.Result) {
        requestHandlers[R.method] = { body in
            let params = try MessageCoding.decoder().decode(ParamsEnvelope<R.Params>.self, from: body).params
            return { context in
                let outcome: Result<R.Result, ResponseError>
                do {
                    let result = try await handler(params, context)
                    outcome = Task.isCancelled ? .failure(Connection.cancelled(context)) : .success(result)
                } catch let error as ResponseError {
                    outcome = .failure(error)
                } catch {
                    outcome = .failure(Task.isCancelled || error is CancellationError
                        ? Connection.cancelled(context)
                        : ResponseError(code: ErrorCodes.internalError, message: "\(context.method) failed: \(error)",
                                        problem: .handlerFailed, hint: "this is a fault of the server; the request may be sent again"))
                }
                do {
                    let succeeded = if case .success = outcome { true } else { false }
                    return Reply(frame: try MessageCoding.encodeFrame(ResponseMessage(id: context.id, outcome: outcome)), succeeded: succeeded)
                } catch {
                    let failure = ResponseError(code: ErrorCodes.internalError, message: "\(context.method)'s result could not be written as JSON: \(error)",
                                                problem: .handlerFailed, hint: "this is a fault of the server")
                    return Reply(frame: (try? MessageCoding.encodeFrame(ResponseMessage<NullResult>(id: context.id, outcome: .failure(failure)))) ?? [],
                                 succeeded: false)
                }
            }
        }
    }

    /// Handles notifications of method `N` with `handler`, one at a time in the order they came.
    public func onNotification<N: LSPNotification>(_ notification: N.Type, _ handler: @escaping @Sendable (N.Params) async throws -> Void) {
        notificationHandlers[N.method] = { body in
            let params = try MessageCoding.decoder().decode(ParamsEnvelope<N.Params>.self, from: body).params
            return { try await handler(params) }
        }
    }

    private static func cancelled(_ context: RequestContext) -> ResponseError {
        ResponseError(code: ErrorCodes.requestCancelled, message: "\(context.method) (id \(context.id)) was cancelled",
                      problem: .requestCancelled, hint: "the client cancelled it with $/cancelRequest")
    }

    // MARK: Sending

    /// Sends a notification to the client.
    public func send<N: LSPNotification>(_ notification: N.Type, _ params: N.Params) throws {
        try write(MessageCoding.encodeFrame(NotificationMessage(method: N.method, params: params)))
    }

    /// Sends a request to the client and waits for its answer; an error answer is thrown as a
    /// ``ResponseError``. Cancelling the waiting task sends `$/cancelRequest` and throws
    /// `CancellationError`; the connection's end throws `RequestFailed`.
    public func sendRequest<R: LSPRequest>(_ request: R.Type, _ params: R.Params) async throws -> R.Result {
        let id = RequestID.integer(nextRequestNumber)
        nextRequestNumber += 1
        let frame = try MessageCoding.encodeFrame(RequestMessage(id: id, method: R.method, params: params))
        let body = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
                if Task.isCancelled || ended {
                    continuation.resume(throwing: Task.isCancelled ? CancellationError() : Self.connectionEnded)
                    return
                }
                awaitingReplies[id] = continuation
                do {
                    try write(frame)
                } catch {
                    awaitingReplies[id] = nil
                    continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            Task { await self.abandon(id) }
        }
        return try MessageCoding.decoder().decode(ResultEnvelope<R.Result>.self, from: body).result
    }

    /// Stops waiting for the answer to request `id`, telling the client.
    private func abandon(_ id: RequestID) {
        guard let continuation = awaitingReplies.removeValue(forKey: id) else { return }
        continuation.resume(throwing: CancellationError())
        try? send(CancelNotification.self, CancelParams(id: id))
    }

    private static let connectionEnded = ResponseError(code: ErrorCodes.requestFailed, message: "the connection ended before the client answered")

    /// A fresh token for work-done progress the server starts itself: `widgetry-1`, `widgetry-2`…
    func makeProgressToken() -> ProgressToken {
        defer { nextProgressNumber += 1 }
        return .string("widgetry-\(nextProgressNumber)")
    }

    /// Writes a framed message, unless the connection ended.
    private func write(_ frame: [UInt8]) throws {
        guard !ended, !frame.isEmpty else { return }
        try output.write(frame)
    }

    private func reply(_ id: RequestID?, _ error: ResponseError) {
        try? write(MessageCoding.encodeFrame(ResponseMessage<NullResult>(id: id, outcome: .failure(error))))
    }

    // MARK: Reading

    /// Reads and handles messages from `input` until `exit` or the input's end, and gives the
    /// exit code the specification asks for: 0 when `shutdown` came before, 1 otherwise.
    /// Requests still running are cancelled, and the server's requests waiting for an answer
    /// fail.
    public func run<Input: AsyncSequence>(input: Input) async -> Int32 where Input.Element == [UInt8] {
        var frames = FrameDecoder(limits: limits)
        var iterator = input.makeAsyncIterator()
        reading: while let chunk = try? await iterator.next(isolation: self) {
            frames.append(chunk)
            while let event = frames.next() {
                switch event {
                case .message(let body):
                    if await handle(Data(body)) { break reading }
                case .error(let error):
                    reply(nil, error.responseError)
                }
            }
        }
        ended = true
        for task in inFlight.values { task.cancel() }
        inFlight = [:]
        for continuation in awaitingReplies.values { continuation.resume(throwing: Self.connectionEnded) }
        awaitingReplies = [:]
        return state == .shutDown ? 0 : 1
    }

    /// Handles one message body; true when it was `exit`.
    private func handle(_ body: Data) async -> Bool {
        let message: IncomingMessage
        do {
            message = try MessageCoding.decoder().decode(IncomingMessage.self, from: body)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            reply(nil, ResponseError(code: ErrorCodes.parseError, message: "the message is not JSON: \(context.debugDescription)",
                                     problem: .invalidJSON, hint: "a message's body is one JSON object, in UTF-8"))
            return false
        } catch {
            reply(nil, ResponseError(code: ErrorCodes.invalidRequest, message: "the message is not a JSON object",
                                     problem: .notJSONRPC, hint: "a message is a JSON-RPC 2.0 object with \"jsonrpc\": \"2.0\" (batches are not part of the protocol)"))
            return false
        }
        switch message.kind {
        case .invalid(let id, let reason):
            reply(id, ResponseError(code: ErrorCodes.invalidRequest, message: reason, problem: .notJSONRPC,
                                    hint: "a request has \"jsonrpc\": \"2.0\", an integer or string id, a method and object or array params"))
        case .request(let id, let method):
            await handleRequest(id: id, method: method, body: body)
        case .notification(let method):
            return await handleNotification(method: method, body: body)
        case .response(let id, let error):
            guard let continuation = awaitingReplies.removeValue(forKey: id) else { break }
            if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: body) }
        }
        return false
    }

    private func handleRequest(id: RequestID, method: String, body: Data) async {
        switch (state, method) {
        case (.uninitialized, InitializeRequest.method), (.initialized, _):
            break
        case (.uninitialized, _):
            return reply(id, ResponseError(code: ErrorCodes.serverNotInitialized, message: "\(method) came before initialize",
                                           problem: .notInitialized, hint: "send initialize first, and wait for its answer"))
        case (.shutDown, _):
            return reply(id, ResponseError(code: ErrorCodes.invalidRequest, message: "\(method) came after shutdown",
                                           problem: .shutDown, hint: "after shutdown, only the exit notification is taken"))
        }
        if method == InitializeRequest.method, state != .uninitialized {
            return reply(id, ResponseError(code: ErrorCodes.invalidRequest, message: "initialize came a second time",
                                           problem: .alreadyInitialized, hint: "send initialize once per connection"))
        }
        let work: @Sendable (RequestContext) async -> Reply
        if let handler = requestHandlers[method] {
            do {
                work = try handler(body)
            } catch {
                return reply(id, ResponseError(code: ErrorCodes.invalidParams, message: "\(method): the params do not fit: \(Self.describe(error))",
                                               problem: .invalidParams, hint: "see the method's params in the Language Server Protocol 3.17"))
            }
        } else if method == ShutdownRequest.method {
            work = { context in
                Reply(frame: (try? MessageCoding.encodeFrame(ResponseMessage(id: context.id, outcome: .success(NullResult())))) ?? [], succeeded: true)
            }
        } else {
            return reply(id, ResponseError(code: ErrorCodes.methodNotFound, message: "the server has no method \(method)",
                                           problem: .unknownMethod, hint: "the server's capabilities, in its answer to initialize, say what it offers"))
        }
        let context = RequestContext(id: id, method: method, connection: self)
        switch method {
        case InitializeRequest.method:
            let reply = await work(context)
            try? write(reply.frame)
            if reply.succeeded { state = .initialized }
        case ShutdownRequest.method:
            state = .shutDown
            try? write(await work(context).frame)
        default:
            inFlight[id] = Task {
                let reply = await work(context)
                self.finish(id, reply.frame)
            }
        }
    }

    /// Sends the answer of request `id` and forgets it.
    private func finish(_ id: RequestID, _ frame: [UInt8]) {
        inFlight[id] = nil
        try? write(frame)
    }

    /// Handles a notification; true when it was `exit`.
    private func handleNotification(method: String, body: Data) async -> Bool {
        switch method {
        case ExitNotification.method:
            return true
        case CancelNotification.method:
            if let params = try? MessageCoding.decoder().decode(ParamsEnvelope<CancelParams>.self, from: body).params {
                inFlight[params.id]?.cancel()
            }
            return false
        default:
            break
        }
        guard state == .initialized, let handler = notificationHandlers[method] else { return false }
        do {
            let work = try handler(body)
            do {
                try await work()
            } catch {
                log("\(method) failed: \(error) [\(LSPProtocolCode.handlerFailed.rawValue)]")
            }
        } catch {
            log("\(method): the params do not fit: \(Self.describe(error)) [\(LSPProtocolCode.invalidParams.rawValue)]")
        }
        return false
    }

    /// Tells the client of a problem it cannot be answered about, as an error log message.
    private func log(_ message: String) {
        try? send(LogMessageNotification.self, LogMessageParams(type: .error, message: message))
    }

    /// A decoding error in words: where in the message, and what was wrong there
    /// (`params.position.line is not Int`).
    private static func describe(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "the message" : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context): return "\(path(context.codingPath)) is not \(type)"
        case .valueNotFound(let type, let context): return "\(path(context.codingPath)) is null where \(type) was expected"
        case .dataCorrupted(let context): return "\(path(context.codingPath)): \(context.debugDescription)"
        default: return "\(error)"
        }
    }
}
