public import WidgetryJSON

/// A problem found while reading an asset catalogue (`Assets.car`), with a stable code
/// (`assets.*`), the file, the block or image concerned, and a hint.
public struct AssetError: LocatedError, Equatable {
    /// Stable identifiers, printed in brackets after each message.
    public enum Code: String, Sendable, CaseIterable {
        /// The file does not start with `BOMStore`, or a block lacks its tag (`tree`, `RATC`…).
        case badMagic = "assets.bad-magic"
        /// A header, table or record runs past the end of the file or of its block.
        case truncated = "assets.truncated"
        /// A block index or offset points outside the file or the block table.
        case badOffset = "assets.bad-offset"
        /// A block the catalogue needs (`CARHEADER`, `KEYFORMAT`, `FACETKEYS`, `RENDITIONS`) is missing.
        case missingBlock = "assets.missing-block"
        /// A count, size or number of tree nodes is over ``AssetLimits``.
        case limit = "assets.limit"
        /// The catalogue has no image of the name asked for.
        case unknownImage = "assets.unknown-image"
        /// A rendition in a form this reader does not decode (JPEG, PDF, multi-size sets…).
        case unsupportedRendition = "assets.unsupported-rendition"
        /// A rendition's pixel data does not match its header (sizes, rows, chunks).
        case badRendition = "assets.bad-rendition"
        /// Compressed pixel data failed to decompress; ``cause`` holds the `lzfse.*` error.
        case decompression = "assets.decompression"
        /// An image is larger than ``AssetLimits/maxPixels``, or decoding it would pass the
        /// catalogue's ``AssetLimits/maxDecodedBytes`` or the run's ``DecodeBudget``.
        case decodeBudget = "assets.decode-budget"
        /// An image name cannot be a file name: it holds `/`, `\`, NUL or a control character,
        /// starts with `.`, is empty or too long (see ``AssetImage/fileName(for:scale:file:)``).
        case unsafeName = "assets.unsafe-name"
        /// A PNG file that does not decode: not a PNG, a damaged chunk or pixel stream, or a form
        /// ``PNGImage`` does not read (interlaced, fewer than 8 bits a sample but for palettes).
        case badPNG = "assets.bad-png"
    }

    public var code: Code
    public var message: String
    public var file: String
    /// The image (or rendition file name) the problem concerns, when known.
    public var image: String?
    public var hint: String?
    /// The decompression error underneath, for ``Code/decompression``.
    public var cause: LZFSEError?

    public init(_ code: Code, _ message: String, file: String, image: String? = nil, hint: String? = nil, cause: LZFSEError? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.image = image
        self.hint = hint
        self.cause = cause
    }

    /// Catalogues are binary: there are no lines and columns.
    public var location: SourceLocation? { nil }
    public var pointer: JSONPointer? { nil }

    /// The image, and the decompression error underneath.
    public var notes: [String] {
        [image.map { "image \($0)" }, cause.map { "\($0.message) at byte \($0.offset) [\($0.code.rawValue)]" }].compactMap { $0 }
    }
}

/// Bounds on what an asset catalogue may contain, checked before anything is allocated.
///
/// The defaults hold every real app's catalogue with room to spare (an iPhone's full-screen
/// image at 3x is about 3.5 million pixels, an iPad Pro's at 2x 5.6 million, an app icon 1
/// million) and keep one hostile catalogue from taking more than a few hundred megabytes.
public struct AssetLimits: Sendable, Equatable {
    /// The default of ``maxPixels``: 16 Mi pixels (4096 × 4096), 64 MiB of RGBA.
    public static let defaultMaxPixels = 16 << 20
    /// The default of ``maxDecodedBytes``: 256 MiB.
    public static let defaultMaxDecodedBytes = 256 << 20

    /// The largest catalogue, in bytes.
    public var maxBytes: Int
    /// The most entries of the block table.
    public var maxBlocks: Int
    /// The most nodes one tree may have (walks stop there, and never visit a node twice).
    public var maxTreeNodes: Int
    /// The most pixels (`width × height`) one image may have, checked on its declared size
    /// before its pixels are decompressed.
    public var maxPixels: Int
    /// The most bytes of straight RGBA (`width × height × 4` per image) one catalogue may
    /// decode in all, however often its images are decoded.
    public var maxDecodedBytes: Int
    /// A budget shared by every catalogue of a run, or nil for none beyond each catalogue's own.
    public var runBudget: DecodeBudget?
    /// Limits of the LZFSE decoder (its output cap; each stream is capped further by the size
    /// of the rows it must hold).
    public var decompression: LZFSELimits

    public init(maxBytes: Int = 512 << 20, maxBlocks: Int = 1_000_000, maxTreeNodes: Int = 100_000,
                maxPixels: Int = AssetLimits.defaultMaxPixels, maxDecodedBytes: Int = AssetLimits.defaultMaxDecodedBytes,
                runBudget: DecodeBudget? = nil, decompression: LZFSELimits = LZFSELimits()) {
        self.maxBytes = maxBytes
        self.maxBlocks = maxBlocks
        self.maxTreeNodes = maxTreeNodes
        self.maxPixels = maxPixels
        self.maxDecodedBytes = maxDecodedBytes
        self.runBudget = runBudget
        self.decompression = decompression
    }
}
