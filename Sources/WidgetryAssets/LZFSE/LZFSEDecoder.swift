/// Decompresses LZFSE streams, Apple's compression format (the one in asset catalogues): a
/// series of blocks, each raw (`bvx-`), LZVN-compressed (`bvxn`) or LZFSE-compressed (`bvx1`,
/// `bvx2`), ended by `bvx$`. Written from the format as Apple's reference decoder defines it;
/// every length, table, state and bit read is checked, and the output is capped.
package enum LZFSEDecoder {
    static let endOfStream: UInt32 = 0x2478_7662 // bvx$
    static let uncompressed: UInt32 = 0x2D78_7662 // bvx-
    static let compressedV1: UInt32 = 0x3178_7662 // bvx1
    static let compressedV2: UInt32 = 0x3278_7662 // bvx2
    static let compressedLZVN: UInt32 = 0x6E78_7662 // bvxn

    /// The decompressed bytes of a whole stream, which must end with `bvx$`.
    public static func decompress(_ input: [UInt8], limits: LZFSELimits = LZFSELimits()) throws(LZFSEError) -> [UInt8] {
        var output: [UInt8] = []
        var position = 0
        while true {
            var reader = LittleEndianReader(input, offset: position)
            guard input.count - position >= 4 else {
                throw LZFSEError(.truncated, "the stream ends without an end-of-stream block (bvx$)", offset: position)
            }
            let magic = try reader.u32()
            switch magic {
            case endOfStream:
                return output
            case uncompressed:
                let count = Int(try reader.u32())
                let start = reader.offset
                guard count <= input.count - start else {
                    throw LZFSEError(.truncated, "a raw block of \(count) bytes runs past the input", offset: position)
                }
                try reserve(count, in: output, limits: limits, at: position)
                output.append(contentsOf: input[start..<(start + count)])
                position = start + count
            case compressedLZVN:
                let rawCount = Int(try reader.u32())
                let payloadCount = Int(try reader.u32())
                let start = reader.offset
                guard payloadCount <= input.count - start else {
                    throw LZFSEError(.truncated, "an LZVN block of \(payloadCount) bytes runs past the input", offset: position)
                }
                try reserve(rawCount, in: output, limits: limits, at: position)
                try LZVNDecoder.decode(input, from: start, to: start + payloadCount, producing: rawCount, into: &output)
                position = start + payloadCount
            case compressedV1, compressedV2:
                position = try decodeCompressedBlock(input, at: position, version: magic == compressedV1 ? 1 : 2,
                                                     into: &output, limits: limits)
            default:
                throw LZFSEError(.badBlockMagic, "a block starts with 0x\(String(magic, radix: 16)), not bvx$, bvx-, bvx1, bvx2 or bvxn",
                                 offset: position)
            }
        }
    }

    static func reserve(_ count: Int, in output: [UInt8], limits: LZFSELimits, at offset: Int) throws(LZFSEError) {
        let (total, overflow) = output.count.addingReportingOverflow(count)
        guard !overflow, total <= limits.maxOutputBytes else {
            throw LZFSEError(.outputLimit, "the output would exceed \(limits.maxOutputBytes) bytes", offset: offset)
        }
    }

    /// Decodes one `bvx1`/`bvx2` block; returns the offset of the next block.
    private static func decodeCompressedBlock(_ input: [UInt8], at start: Int, version: Int, into output: inout [UInt8],
                                              limits: LZFSELimits) throws(LZFSEError) -> Int {
        let header = try LZFSEBlockHeader(input, at: start, version: version)
        let literalStart = start + header.size
        let (literalEnd, overflowA) = literalStart.addingReportingOverflow(header.literalPayloadBytes)
        let (lmdEnd, overflowB) = literalEnd.addingReportingOverflow(header.lmdPayloadBytes)
        guard !overflowA, !overflowB, lmdEnd <= input.count else {
            throw LZFSEError(.truncated, "a compressed block's payload runs past the input", offset: start)
        }
        typealias H = LZFSEBlockHeader
        let literalTable = try FSELiteralTable(states: H.literalStates, frequencies: header.literalFrequencies, offset: start)
        let lTable = try FSEValueTable(states: H.lStates, frequencies: header.lFrequencies, extraBits: LZFSEConstants.lExtraBits,
                                       baseValues: LZFSEConstants.lBaseValues, offset: start)
        let mTable = try FSEValueTable(states: H.mStates, frequencies: header.mFrequencies, extraBits: LZFSEConstants.mExtraBits,
                                       baseValues: LZFSEConstants.mBaseValues, offset: start)
        let dTable = try FSEValueTable(states: H.dStates, frequencies: header.dFrequencies, extraBits: LZFSEConstants.dExtraBits,
                                       baseValues: LZFSEConstants.dBaseValues, offset: start)

        // Literals: four interleaved states, read backwards from the end of their payload.
        var literals = [UInt8](repeating: 0, count: (header.literalCount + 3) & ~3)
        var bits = try FSEBitReader(input, start: 0, end: literalEnd, extraBits: header.literalBits)
        var states = header.literalStates
        var index = 0
        while index < header.literalCount {
            try bits.refill()
            for lane in 0..<4 {
                literals[index + lane] = try literalTable.decode(&states[lane], &bits)
            }
            index += 4
        }

        // L, M, D triples: copy L literals, then M bytes from D back.
        var stream = try FSEBitReader(input, start: literalEnd, end: lmdEnd, extraBits: header.lmdBits)
        var lState = header.lState, mState = header.mState, dState = header.dState
        var distance = -1
        var literalPosition = 0
        try reserve(header.rawBytes, in: output, limits: limits, at: start)
        for _ in 0..<header.matchCount {
            try stream.refill()
            let literalLength = try lTable.decode(&lState, &stream)
            let matchLength = try mTable.decode(&mState, &stream)
            let newDistance = try dTable.decode(&dState, &stream)
            if newDistance != 0 { distance = newDistance }
            guard literalLength <= literals.count - literalPosition else {
                throw LZFSEError(.badMatch, "a match asks for literals past the \(header.literalCount) of its block", offset: start)
            }
            try reserve(literalLength + matchLength, in: output, limits: limits, at: start)
            output.append(contentsOf: literals[literalPosition..<(literalPosition + literalLength)])
            literalPosition += literalLength
            guard distance > 0, distance <= output.count || matchLength == 0 else {
                throw LZFSEError(.badMatch, "a match reaches \(distance) bytes back, before the start of the output", offset: start)
            }
            for _ in 0..<matchLength { output.append(output[output.count - distance]) }
        }
        return lmdEnd
    }
}
