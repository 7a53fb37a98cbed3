import Foundation

/// A message read and waiting for its turn: a request, a notification, or the error answer to
/// one that could not be read.
enum QueuedMessage: Sendable {
    case request(RequestID, method: String, body: Data)
    case notification(method: String, body: Data)
    case refusal(RequestID?, ResponseError)
}

extension Connection {
    /// Reads and handles messages from `input` until `exit` or the input's end, and gives the
    /// exit code the specification asks for: 0 when `shutdown` came before, 1 otherwise.
    /// Requests still running are then cancelled, and the server's requests waiting for an
    /// answer fail. A connection runs once; running it again ends at once with 1.
    public func run<Input: AsyncSequence & Sendable>(input: Input) async -> Int32 where Input.Element == [UInt8] {
        guard !started else { return 1 }
        started = true
        let (queue, enqueue) = AsyncStream<QueuedMessage>.makeStream()
        let reader = Task { await self.read(input, into: enqueue) }
        for await message in queue {
            if await take(message) { break }
        }
        reader.cancel()
        ended = true
        await flush()
        for task in inFlight.values { task.cancel() }
        inFlight = [:]
        for continuation in awaitingReplies.values { continuation.resume(throwing: Self.connectionEnded) }
        awaitingReplies = [:]
        return state == .shutDown ? 0 : 1
    }

    /// Splits `input` into messages: answers to the server's requests and cancellations are
    /// taken at once, the rest queued in order. The queue ends with the input.
    private func read<Input: AsyncSequence>(_ input: Input, into queue: AsyncStream<QueuedMessage>.Continuation) async where Input.Element == [UInt8] {
        var frames = FrameDecoder(limits: limits)
        var iterator = input.makeAsyncIterator()
        while !Task.isCancelled, let chunk = try? await iterator.next(isolation: self) {
            frames.append(chunk)
            while let event = frames.next() {
                switch event {
                case .message(let body):
                    if let message = sort(Data(body)) { queue.yield(message) }
                case .error(let error):
                    queue.yield(.refusal(nil, error.responseError))
                }
            }
        }
        queue.finish()
    }

    /// Takes an answer or a cancellation at once; gives any other message to queue.
    private func sort(_ body: Data) -> QueuedMessage? {
        let message: IncomingMessage
        do {
            message = try MessageCoding.decoder().decode(IncomingMessage.self, from: body)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            return .refusal(nil, ResponseError(code: ErrorCodes.parseError, message: "the message is not JSON: \(context.debugDescription)",
                                               problem: .invalidJSON, hint: "a message's body is one JSON object, in UTF-8"))
        } catch {
            return .refusal(nil, ResponseError(code: ErrorCodes.invalidRequest, message: "the message is not a JSON object",
                                               problem: .notJSONRPC,
                                               hint: "a message is a JSON-RPC 2.0 object with \"jsonrpc\": \"2.0\" (batches are not part of the protocol)"))
        }
        switch message.kind {
        case .invalid(let id, let reason):
            return .refusal(id, ResponseError(code: ErrorCodes.invalidRequest, message: reason, problem: .notJSONRPC,
                                              hint: "a request has \"jsonrpc\": \"2.0\", an integer or string id, a method and object or array params"))
        case .strayResponse:
            // An answer no request waits for is dropped, never answered: two peers that
            // answered each other's errors would never stop.
            return nil
        case .response(let id, let error):
            guard let continuation = awaitingReplies.removeValue(forKey: id) else { return nil }
            if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: body) }
            return nil
        case .notification(CancelNotification.method):
            if let id = try? MessageCoding.decoder().decode(ParamsEnvelope<CancelParams>.self, from: body).params.id {
                if let task = inFlight[id] {
                    task.cancel()
                } else if waitingRequests.contains(id) {
                    cancelledBeforeStart.insert(id)
                }
            }
            return nil
        case .notification(let method):
            return .notification(method: method, body: body)
        case .request(let id, let method):
            guard inFlight[id] == nil, !waitingRequests.contains(id) else {
                return .refusal(id, ResponseError(code: ErrorCodes.invalidRequest, message: "request id \(id) is already in use",
                                                  problem: .duplicateRequestID, hint: "give each request an id no request still open has"))
            }
            waitingRequests.insert(id)
            return .request(id, method: method, body: body)
        }
    }
}
