import Foundation

extension Connection {
    /// Handles a queued message in its turn; true when it was `exit`.
    func take(_ message: QueuedMessage) async -> Bool {
        switch message {
        case .refusal(let id, let error):
            reply(id, error)
        case .request(let id, let method, let body):
            waitingRequests.remove(id)
            if cancelledBeforeStart.remove(id) != nil {
                reply(id, Self.cancelled(RequestContext(id: id, method: method, connection: self)))
            } else {
                await handleRequest(id: id, method: method, body: body)
            }
        case .notification(ExitNotification.method, _):
            return true
        case .notification(let method, let body):
            await handleNotification(method: method, body: body)
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
            write(reply.frame)
            if reply.succeeded { state = .initialized }
        case ShutdownRequest.method:
            state = .shutDown
            write(await work(context).frame)
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
        write(frame)
    }

    /// Runs a notification's handler, when the lifecycle lets it run and there is one; a
    /// notification that cannot be handled is told to the client's log.
    private func handleNotification(method: String, body: Data) async {
        guard state == .initialized, let handler = notificationHandlers[method] else { return }
        let work: @Sendable () async throws -> Void
        do {
            work = try handler(body)
        } catch {
            return log("\(method): the params do not fit: \(Self.describe(error)) [\(LSPProtocolCode.invalidParams.rawValue)]")
        }
        do {
            try await work()
        } catch {
            log("\(method) failed: \(error) [\(LSPProtocolCode.handlerFailed.rawValue)]")
        }
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
