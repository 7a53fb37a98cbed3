import Foundation

/// How messages become JSON and back: `Codable`, with Foundation's `JSONEncoder` (keys sorted,
/// slashes unescaped) and `JSONDecoder`.
///
/// Not the project's WidgetryJSON: that parser keeps locations and JSON Pointers for files a
/// person wrote, which protocol messages do not need, and it has no `Codable` bridge. With
/// `Codable`, every protocol type is a plain struct whose keys are the specification's, as a
/// Swift LSP package would declare it, so such a package can replace this module without the
/// server's code changing shape. Sorted keys make the bytes of a message the same on every run.
/// Bodies reach the decoder only within ``MessageLimits``.
enum MessageCoding {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static func decoder() -> JSONDecoder {
        JSONDecoder()
    }

    /// `body` framed for the wire: `Content-Length: N\r\n\r\n` then the body.
    static func frame(_ body: Data) -> [UInt8] {
        var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        bytes.append(contentsOf: body)
        return bytes
    }

    /// The framed bytes of `message`.
    static func encodeFrame(_ message: some Encodable) throws -> [UInt8] {
        frame(try encoder().encode(message))
    }
}

private enum MessageKeys: String, CodingKey {
    case jsonrpc, id, method, params, result, error
}

/// An outgoing request: `{"id", "jsonrpc": "2.0", "method", "params"}`.
struct RequestMessage<Params: Encodable>: Encodable {
    var id: RequestID
    var method: String
    var params: Params

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MessageKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        try container.encode(id, forKey: .id)
        try container.encode(method, forKey: .method)
        if !(params is NoParams) { try container.encode(params, forKey: .params) }
    }
}

/// An outgoing notification: `{"jsonrpc": "2.0", "method", "params"}`.
struct NotificationMessage<Params: Encodable>: Encodable {
    var method: String
    var params: Params

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MessageKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        try container.encode(method, forKey: .method)
        if !(params is NoParams) { try container.encode(params, forKey: .params) }
    }
}

/// A response: `result` always present (`null` for a nil optional), or `error`; `id` is `null`
/// when the request's id could not be read.
struct ResponseMessage<Result: Encodable>: Encodable {
    var id: RequestID?
    var outcome: Swift.Result<Result, ResponseError>

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MessageKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        if let id { try container.encode(id, forKey: .id) } else { try container.encodeNil(forKey: .id) }
        switch outcome {
        case .success(let result): try container.encode(result, forKey: .result)
        case .failure(let error): try container.encode(error, forKey: .error)
        }
    }
}

/// What an incoming message says of itself, read without its `params` or `result`, and leniently,
/// so that an invalid message can still be answered at its id.
struct IncomingMessage: Decodable {
    /// What kind of message it is, or why it is no JSON-RPC message.
    enum Kind {
        case request(id: RequestID, method: String)
        case notification(method: String)
        case response(id: RequestID, error: ResponseError?)
        /// A response without a usable id, which nothing can be waiting for.
        case strayResponse
        case invalid(id: RequestID?, reason: String)
    }

    var kind: Kind

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MessageKeys.self)
        let id = try? container.decodeIfPresent(RequestID.self, forKey: .id)
        let isVersion2 = (try? container.decode(String.self, forKey: .jsonrpc)) == "2.0"
        if !container.contains(.method), container.contains(.result) || container.contains(.error) {
            // An answer is never answered, even when it is wrong: two peers that answered each
            // other's errors would never stop.
            guard isVersion2, let id else {
                kind = .strayResponse
                return
            }
            kind = .response(id: id, error: try? container.decodeIfPresent(ResponseError.self, forKey: .error))
            return
        }
        let hasBadID = container.contains(.id) && id == nil && !((try? container.decodeNil(forKey: .id)) ?? false)
        if !isVersion2 {
            kind = .invalid(id: id, reason: "the message has no \"jsonrpc\": \"2.0\"")
        } else if hasBadID {
            kind = .invalid(id: nil, reason: "the message's id is neither an integer nor a string")
        } else if !container.contains(.method) {
            kind = .invalid(id: id, reason: "the message is neither a request, a notification nor a response")
        } else if let method = try? container.decode(String.self, forKey: .method) {
            if container.contains(.params), (try? container.decodeNil(forKey: .params)) != true,
               (try? container.decode(LSPAnyShape.self, forKey: .params)) == nil {
                kind = .invalid(id: id, reason: "the message's params are neither an object nor an array")
            } else if let id {
                kind = .request(id: id, method: method)
            } else if container.contains(.id) {
                kind = .invalid(id: nil, reason: "a request's id is null")
            } else {
                kind = .notification(method: method)
            }
        } else {
            kind = .invalid(id: id, reason: "the message's method is not a string")
        }
    }
}

/// Decodes from an object or an array of anything, without keeping it: the shape JSON-RPC
/// requires of `params`.
private struct LSPAnyShape: Decodable {
    init(from decoder: any Decoder) throws {
        if (try? decoder.container(keyedBy: MessageKeys.self)) == nil {
            _ = try decoder.unkeyedContainer()
        }
    }
}

/// The `params` of an incoming message, decoded as its method's type.
struct ParamsEnvelope<Params: Decodable>: Decodable {
    var params: Params

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MessageKeys.self)
        if let params = try container.decodeIfPresent(Params.self, forKey: .params) {
            self.params = params
        } else if let none = NoParams() as? Params {
            self.params = none
        } else {
            throw DecodingError.keyNotFound(MessageKeys.params, .init(codingPath: [], debugDescription: "the method takes params, and the message has none"))
        }
    }
}

/// The `result` of an incoming response, decoded as its request's type.
struct ResultEnvelope<Result: Decodable>: Decodable {
    var result: Result

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MessageKeys.self)
        result = try container.decode(Result.self, forKey: .result)
    }
}
