public import WidgetryJSON

/// A problem found while decompressing an LZFSE or LZVN stream, with a stable code (`lzfse.*`),
/// the byte offset in the compressed input where it was found, and a hint.
public struct LZFSEError: LocatedError, Equatable {
    /// Stable identifiers, printed in brackets after each message.
    public enum Code: String, Sendable, CaseIterable {
        /// The input ends inside a block header, a payload or an LZVN instruction.
        case truncated = "lzfse.truncated"
        /// A block starts with four bytes that are not `bvx$`, `bvx-`, `bvx1`, `bvx2` or `bvxn`.
        case badBlockMagic = "lzfse.bad-block-magic"
        /// A compressed block's header is out of range (counts, states, header size).
        case badHeader = "lzfse.bad-header"
        /// A block's frequency tables are malformed or over-full.
        case badTable = "lzfse.bad-table"
        /// A bit stream does not start, refill or end as the encoder writes it.
        case badBitstream = "lzfse.bad-bitstream"
        /// A match reaches before the start of the output, or literals run past their block.
        case badMatch = "lzfse.bad-match"
        /// An LZVN instruction is undefined, or an LZVN block does not end where its header says.
        case badLZVN = "lzfse.bad-lzvn"
        /// The output would be larger than ``LZFSELimits/maxOutputBytes``.
        case outputLimit = "lzfse.output-limit"
    }

    public var code: Code
    public var message: String
    /// Offset in the compressed input where the problem was found.
    public var offset: Int
    public var hint: String?

    public init(_ code: Code, _ message: String, offset: Int, hint: String? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
        self.hint = hint ?? Self.defaultHint(code)
    }

    /// A stream has no file of its own; the offset is the place.
    public var file: String { "" }
    public var location: SourceLocation? { nil }
    public var pointer: JSONPointer? { nil }
    public var notes: [String] { ["at byte \(offset)"] }

    private static func defaultHint(_ code: Code) -> String {
        switch code {
        case .truncated: "the compressed data is cut short"
        case .outputLimit: "raise LZFSELimits.maxOutputBytes if the data is genuine"
        default: "the compressed data is damaged or not LZFSE"
        }
    }
}

/// Bounds on one decompression.
public struct LZFSELimits: Sendable, Equatable {
    /// The most bytes the output may have.
    public var maxOutputBytes: Int

    public init(maxOutputBytes: Int = 256 << 20) {
        self.maxOutputBytes = maxOutputBytes
    }
}
