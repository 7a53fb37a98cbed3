/// Bounds on what an archive may unpack to. Archives come from places the host does not
/// control, so each bound stops extraction with its own ``BundleError`` before it can fill a disk.
public struct ExtractionLimits: Sendable, Hashable {
    /// Most entries (files and folders) an archive may hold.
    public var maxEntries: Int
    /// Most bytes all files together may unpack to.
    public var maxUnpackedBytes: Int64
    /// Largest ratio of unpacked bytes to archive size.
    public var maxCompressionRatio: Double
    /// The ratio is only checked once this many bytes are unpacked, so tiny archives of
    /// repetitive text are not refused.
    public var ratioFloorBytes: Int64

    public init(
        maxEntries: Int = 10_000,
        maxUnpackedBytes: Int64 = 512 << 20,
        maxCompressionRatio: Double = 200,
        ratioFloorBytes: Int64 = 4 << 20
    ) {
        self.maxEntries = maxEntries
        self.maxUnpackedBytes = maxUnpackedBytes
        self.maxCompressionRatio = maxCompressionRatio
        self.ratioFloorBytes = ratioFloorBytes
    }
}
