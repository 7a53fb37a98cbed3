/// What a request handler knows of the request besides its params: its id and method, and the
/// connection, to send notifications, progress or requests of its own while it works.
///
/// The handler runs in a task of its own, which `$/cancelRequest` cancels: a handler that works
/// long checks `Task.isCancelled` (or calls `Task.checkCancellation()`), and the client is then
/// answered `RequestCancelled` whatever the handler returns.
public struct RequestContext: Sendable {
    public let id: RequestID
    public let method: String
    public let connection: Connection
}
