/// How much of its input the connection accepts in one message.
public struct MessageLimits: Sendable, Hashable {
    /// The largest body a `Content-Length` may announce (64 MiB): a larger one is refused with
    /// `lsp.message-too-large` and its bytes skipped as they arrive, never held.
    public var maximumContentLength: Int
    /// The longest header block (8 KiB), blank line included.
    public var maximumHeaderBytes: Int

    public init(maximumContentLength: Int = 64 << 20, maximumHeaderBytes: Int = 8 << 10) {
        self.maximumContentLength = maximumContentLength
        self.maximumHeaderBytes = maximumHeaderBytes
    }
}
