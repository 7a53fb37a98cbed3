import Synchronization

/// How many bytes of decoded pixels a run may produce, shared by every catalogue it reads.
///
/// A catalogue of a few megabytes can declare canvases of compressed zeros that decode to
/// gigabytes; each ``AssetCatalog`` has a budget of its own (``AssetLimits/maxDecodedBytes``),
/// and a caller that reads several catalogues, or the same one again, passes one
/// `DecodeBudget` in ``AssetLimits/runBudget`` so that their sum is bounded too. An image's
/// cost is its straight RGBA size (`width × height × 4`), charged from its declared size
/// before anything is decompressed or allocated. Safe to share between threads.
public final class DecodeBudget: Sendable, Equatable {
    /// The default budget of a run: 256 MiB of RGBA, 64 images of 1024 × 1024.
    public static let defaultMaxBytes = 256 << 20

    /// The most decoded bytes the run may produce.
    public let maxBytes: Int
    private let used = Mutex(0)

    public init(maxBytes: Int = DecodeBudget.defaultMaxBytes) {
        self.maxBytes = maxBytes
    }

    /// The decoded bytes charged so far.
    public var usedBytes: Int { used.withLock { $0 } }

    /// Charges `bytes` when they fit; otherwise charges nothing and returns what was used.
    func charge(_ bytes: Int) -> (fits: Bool, used: Int) {
        used.withLock { used in
            let (total, overflow) = used.addingReportingOverflow(bytes)
            guard !overflow, total <= maxBytes else { return (false, used) }
            used = total
            return (true, total - bytes)
        }
    }

    /// Budgets are the same when they are the same object: they are shared, not copied.
    public static func == (lhs: DecodeBudget, rhs: DecodeBudget) -> Bool { lhs === rhs }
}
