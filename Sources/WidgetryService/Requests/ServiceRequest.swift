public import WidgetryServiceConfiguration
/// A request as it goes out: what transports send and what the request log shows.
public struct ServiceRequest: Sendable, Equatable {
    public var action: String
    public var method: HTTPMethod
    /// Absolute and percent-encoded.
    public var url: String
    public var headers: [HeaderField]
    public var body: [UInt8]

    public init(action: String, method: HTTPMethod, url: String, headers: [HeaderField] = [], body: [UInt8] = []) {
        self.action = action
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A response as a transport received it.
public struct ServiceResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [HeaderField]
    public var body: [UInt8]

    public init(status: Int, headers: [HeaderField] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// What the host gives for `needAuth` actions: a bearer token, extra headers, or both.
public struct Credentials: Sendable, Equatable {
    public var bearerToken: String?
    public var headers: [HeaderField]

    public init(bearerToken: String? = nil, headers: [HeaderField] = []) {
        self.bearerToken = bearerToken
        self.headers = headers
    }

    public var isEmpty: Bool { bearerToken == nil && headers.isEmpty }
}
