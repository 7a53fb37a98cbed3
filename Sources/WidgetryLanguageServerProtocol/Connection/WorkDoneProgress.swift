/// Progress of some work, shown by the client under a token: begun once, reported on, ended
/// once, each a `$/progress` notification.
public struct WorkDoneProgress: Sendable {
    public let token: ProgressToken
    public let connection: Connection

    /// Progress under a token the client gave (a request's `workDoneToken`).
    public init(token: ProgressToken, connection: Connection) {
        self.token = token
        self.connection = connection
    }

    /// Shows the work's title.
    public func begin(title: String, message: String? = nil, percentage: Int? = nil, cancellable: Bool? = nil) async throws {
        try await send(.begin(WorkDoneProgressBegin(title: title, cancellable: cancellable, message: message, percentage: percentage)))
    }

    /// Shows how far the work is.
    public func report(message: String? = nil, percentage: Int? = nil) async throws {
        try await send(.report(WorkDoneProgressReport(message: message, percentage: percentage)))
    }

    /// Ends the work.
    public func end(message: String? = nil) async throws {
        try await send(.end(WorkDoneProgressEnd(message: message)))
    }

    private func send(_ value: WorkDoneProgressValue) async throws {
        try await connection.send(ProgressNotification.self, ProgressParams(token: token, value: value))
    }
}

extension Connection {
    /// Asks the client to show progress under a new token (`window/workDoneProgress/create`,
    /// when the client's `window.workDoneProgress` capability allows it), and gives that
    /// progress once the client accepted it.
    public func createWorkDoneProgress() async throws -> WorkDoneProgress {
        let token = makeProgressToken()
        _ = try await sendRequest(WorkDoneProgressCreateRequest.self, WorkDoneProgressCreateParams(token: token))
        return WorkDoneProgress(token: token, connection: self)
    }
}
