/// Sends requests over a network. The action engine uses one for every non-stub run.
public protocol ServiceTransport: Sendable {
    /// The response, or why there is none. A response with an error status is a response.
    func send(_ request: ServiceRequest) async -> Result<ServiceResponse, ActionError>
}
