/// Sends requests over a network. The action engine uses one for every non-stub run.
public protocol ServiceTransport: Sendable {
    /// The response, or why there is none. A response with an error status is a response.
    func send(_ request: ServiceRequest) async -> Result<ServiceResponse, ActionError>

    /// The same, calling `progress` with the part of the body received so far (0 to 1) as it
    /// arrives, when the response says how long it is.
    func send(_ request: ServiceRequest, progress: @escaping @Sendable (Double) -> Void) async -> Result<ServiceResponse, ActionError>
}

extension ServiceTransport {
    /// Transports that cannot tell report no progress.
    public func send(_ request: ServiceRequest, progress: @escaping @Sendable (Double) -> Void) async -> Result<ServiceResponse, ActionError> {
        await send(request)
    }
}
