/// A request method of the protocol: its name, the type of its `params` and of its `result`.
///
/// The connection decodes `params` into ``Params`` before a handler sees them (a mismatch is
/// answered `InvalidParams`) and encodes the handler's ``Result``.
public protocol LSPRequest: Sendable {
    associatedtype Params: Codable & Sendable
    associatedtype Result: Codable & Sendable
    /// The method name, such as `textDocument/hover`.
    static var method: String { get }
}

/// A notification method of the protocol: its name and the type of its `params`.
public protocol LSPNotification: Sendable {
    associatedtype Params: Codable & Sendable
    /// The method name, such as `textDocument/didOpen`.
    static var method: String { get }
}

/// The `params` of a method that has none (`shutdown`, `exit`, `initialized`): absent, `null`
/// or an empty object are all accepted, and it is sent as nothing.
public struct NoParams: Codable, Hashable, Sendable {
    public init() {}
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws {}
}

/// The `result` of a request that answers only that it is done (`shutdown`): `null`.
public struct NullResult: Codable, Hashable, Sendable {
    public init() {}
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}
