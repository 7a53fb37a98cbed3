import Foundation

/// One JSON-RPC connection of the Language Server Protocol, from the server's side: it reads
/// framed messages from an input, calls the handlers registered for their methods, and writes
/// responses, notifications and requests of its own, one whole message at a time.
///
/// - Messages are taken in the order they arrive. A notification's handler finishes before the
///   next message is taken, so a document's changes apply in order and before any request that
///   came after them; `initialize` and `shutdown` too. Any other request runs in a task of its
///   own, so that `$/cancelRequest` can cancel it (answered `RequestCancelled`, -32800).
/// - Answers to the server's own requests and `$/cancelRequest` are taken as soon as they are
///   read, ahead of the messages waiting: a handler may await the client's answer to a request
///   it sent (``sendRequest(_:_:)``) without holding up the connection.
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
    typealias RequestHandler = @Sendable (Data) throws -> @Sendable (RequestContext) async -> Reply
    /// A framed response, and whether it answers with a result rather than an error.
    struct Reply: Sendable {
        var frame: [UInt8]
        var succeeded: Bool
    }
    /// A registered notification handler: decodes the params, giving the work that handles them.
    typealias NotificationHandler = @Sendable (Data) throws -> @Sendable () async throws -> Void

    private let output: any MessageOutput
    /// The queue the output is written on, in order.
    private let writing = DispatchQueue(label: "lsp-output")
    let limits: MessageLimits
    var requestHandlers: [String: RequestHandler] = [:]
    var notificationHandlers: [String: NotificationHandler] = [:]
    /// The requests read and waiting for their turn to start, with those the client cancelled
    /// before they started.
    var waitingRequests: Set<RequestID> = []
    var cancelledBeforeStart: Set<RequestID> = []
    /// The requests being handled, by id.
    var inFlight: [RequestID: Task<Void, Never>] = [:]
    /// The server's own requests waiting for the client's answer, by id.
    var awaitingReplies: [RequestID: CheckedContinuation<Data, any Error>] = [:]
    private var nextRequestNumber = 1
    private var nextProgressNumber = 1
    /// Whether ``run(input:)`` began, and whether it ended: after the end nothing is written.
    var started = false
    var ended = false

    /// Where the connection is in the lifecycle.
    public internal(set) var state = State.uninitialized

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

    static func cancelled(_ context: RequestContext) -> ResponseError {
        ResponseError(code: ErrorCodes.requestCancelled, message: "\(context.method) (id \(context.id)) was cancelled",
                      problem: .requestCancelled, hint: "the client cancelled it with $/cancelRequest")
    }

    // MARK: Sending

    /// Sends a notification to the client; throws only when its params cannot be written as JSON.
    public func send<N: LSPNotification>(_ notification: N.Type, _ params: N.Params) throws {
        write(try MessageCoding.encodeFrame(NotificationMessage(method: N.method, params: params)))
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
                write(frame)
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

    static let connectionEnded = ResponseError(code: ErrorCodes.requestFailed, message: "the connection ended before the client answered")

    /// A fresh token for work-done progress the server starts itself: `widgetry-1`, `widgetry-2`…
    func makeProgressToken() -> ProgressToken {
        defer { nextProgressNumber += 1 }
        return .string("widgetry-\(nextProgressNumber)")
    }

    /// Writes a framed message on the output's queue, unless the connection ended. A client
    /// slow to read then holds up that queue's thread, never one of the concurrency pool's; a
    /// client gone makes the writes fail, and its input ends too.
    func write(_ frame: [UInt8]) {
        guard !ended, !frame.isEmpty else { return }
        let output = output
        writing.async { try? output.write(frame) }
    }

    /// Waits until every message written so far is out.
    func flush() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in writing.async { done.resume() } }
    }

    func reply(_ id: RequestID?, _ error: ResponseError) {
        (try? MessageCoding.encodeFrame(ResponseMessage<NullResult>(id: id, outcome: .failure(error)))).map(write)
    }
}
