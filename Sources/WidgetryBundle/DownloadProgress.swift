/// How far a download has come.
public struct DownloadProgress: Sendable, Equatable {
    public var receivedBytes: Int64
    /// The size the server announced, when it did.
    public var totalBytes: Int64?

    public init(receivedBytes: Int64, totalBytes: Int64?) {
        self.receivedBytes = receivedBytes
        self.totalBytes = totalBytes
    }
}
