/// The header of a compressed LZFSE block (`bvx1`, tables written out, or `bvx2`, fields
/// packed into three 64-bit words and tables coded with variable-length codes), read into one
/// shape and checked against the format's bounds.
struct LZFSEBlockHeader {
    static let literalSymbols = 256, lSymbols = 20, mSymbols = 20, dSymbols = 64
    static let literalStates = 1024, lStates = 64, mStates = 64, dStates = 256
    static let maxMatches = 10_000
    static let maxLiterals = 4 * maxMatches
    static let v1Size = 772

    var rawBytes = 0
    var literalCount = 0
    var matchCount = 0
    var literalPayloadBytes = 0
    var lmdPayloadBytes = 0
    var literalBits = 0
    var literalStates = [0, 0, 0, 0]
    var lmdBits = 0
    var lState = 0, mState = 0, dState = 0
    /// l, m, d, then literal frequencies: 360 numbers.
    var frequencies = [UInt16](repeating: 0, count: lSymbols + mSymbols + dSymbols + literalSymbols)
    /// Bytes from the block's magic to its literal payload.
    var size = 0

    /// Reads the header of the block at `start` (its magic already recognised).
    init(_ input: [UInt8], at start: Int, version: Int) throws(LZFSEError) {
        var reader = LittleEndianReader(input, offset: start)
        if version == 1 {
            try readV1(&reader)
        } else {
            try readV2(&reader, start: start)
        }
        try check(start)
    }

    private mutating func readV1(_ reader: inout LittleEndianReader) throws(LZFSEError) {
        _ = try reader.u32()
        rawBytes = Int(try reader.u32())
        _ = try reader.u32()
        literalCount = Int(try reader.u32())
        matchCount = Int(try reader.u32())
        literalPayloadBytes = Int(try reader.u32())
        lmdPayloadBytes = Int(try reader.u32())
        literalBits = Int(Int32(bitPattern: try reader.u32()))
        for index in 0..<4 { literalStates[index] = Int(try reader.u16()) }
        lmdBits = Int(Int32(bitPattern: try reader.u32()))
        lState = Int(try reader.u16())
        mState = Int(try reader.u16())
        dState = Int(try reader.u16())
        for index in frequencies.indices { frequencies[index] = try reader.u16() }
        size = Self.v1Size
    }

    private mutating func readV2(_ reader: inout LittleEndianReader, start: Int) throws(LZFSEError) {
        _ = try reader.u32()
        rawBytes = Int(try reader.u32())
        let v0 = try reader.u64(), v1 = try reader.u64(), v2 = try reader.u64()
        func field(_ value: UInt64, _ offset: Int, _ bits: Int) -> Int {
            Int((value >> UInt64(offset)) & ((UInt64(1) << UInt64(bits)) - 1))
        }
        literalCount = field(v0, 0, 20)
        literalPayloadBytes = field(v0, 20, 20)
        matchCount = field(v0, 40, 20)
        literalBits = field(v0, 60, 3) - 7
        for index in 0..<4 { literalStates[index] = field(v1, 10 * index, 10) }
        lmdPayloadBytes = field(v1, 40, 20)
        lmdBits = field(v1, 60, 3) - 7
        size = field(v2, 0, 32)
        lState = field(v2, 32, 10)
        mState = field(v2, 42, 10)
        dState = field(v2, 52, 10)
        let tablesStart = reader.offset
        guard size >= tablesStart - start else {
            throw LZFSEError(.badHeader, "a bvx2 header says it is \(size) bytes, shorter than its fixed part", offset: start)
        }
        let (end, overflow) = start.addingReportingOverflow(size)
        guard !overflow, end <= reader.bytes.count else {
            throw LZFSEError(.truncated, "the input ends inside a bvx2 header of \(size) bytes", offset: start)
        }
        if end == tablesStart { return }
        var position = tablesStart
        var accumulator: UInt32 = 0
        var bitCount = 0
        for index in frequencies.indices {
            while position < end, bitCount + 8 <= 32 {
                accumulator |= UInt32(reader.bytes[position]) << UInt32(bitCount)
                bitCount += 8
                position += 1
            }
            let (value, bits) = Self.frequencyCode(accumulator)
            guard bits <= bitCount else {
                throw LZFSEError(.badTable, "the frequency tables end inside a code", offset: position)
            }
            frequencies[index] = value
            accumulator >>= UInt32(bits)
            bitCount -= bits
        }
        guard bitCount < 8, position == end else {
            throw LZFSEError(.badTable, "the frequency tables do not end where the header does", offset: position)
        }
    }

    /// One frequency of a bvx2 header: 2 to 14 bits, the low five selecting the code length.
    static func frequencyCode(_ bits: UInt32) -> (value: UInt16, bits: Int) {
        let low = Int(bits & 31)
        let lengths: [Int] = [2, 3, 2, 5, 2, 3, 2, 8, 2, 3, 2, 5, 2, 3, 2, 14, 2, 3, 2, 5, 2, 3, 2, 8, 2, 3, 2, 5, 2, 3, 2, 14]
        let values: [UInt16] = [0, 2, 1, 4, 0, 3, 1, 0, 0, 2, 1, 5, 0, 3, 1, 0, 0, 2, 1, 6, 0, 3, 1, 0, 0, 2, 1, 7, 0, 3, 1, 0]
        let length = lengths[low]
        switch length {
        case 8: return (8 + UInt16((bits >> 4) & 0xF), 8)
        case 14: return (24 + UInt16((bits >> 4) & 0x3FF), 14)
        default: return (values[low], length)
        }
    }

    private func check(_ start: Int) throws(LZFSEError) {
        guard literalCount <= Self.maxLiterals, matchCount <= Self.maxMatches,
              literalStates.allSatisfy({ $0 < Self.literalStates }),
              lState < Self.lStates, mState < Self.mStates, dState < Self.dStates else {
            throw LZFSEError(.badHeader, "a compressed block's counts or initial states are out of range", offset: start)
        }
    }

    var lFrequencies: ArraySlice<UInt16> { frequencies[0..<20] }
    var mFrequencies: ArraySlice<UInt16> { frequencies[20..<40] }
    var dFrequencies: ArraySlice<UInt16> { frequencies[40..<104] }
    var literalFrequencies: ArraySlice<UInt16> { frequencies[104..<360] }
}

/// Little-endian fields, each read checked against the input's end.
struct LittleEndianReader {
    let bytes: [UInt8]
    private(set) var offset: Int

    init(_ bytes: [UInt8], offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    mutating func read(_ width: Int) throws(LZFSEError) -> UInt64 {
        guard offset >= 0, width <= bytes.count - offset else {
            throw LZFSEError(.truncated, "the input ends inside a block header", offset: offset)
        }
        var value: UInt64 = 0
        for index in 0..<width { value |= UInt64(bytes[offset + index]) << UInt64(8 * index) }
        offset += width
        return value
    }

    mutating func u16() throws(LZFSEError) -> UInt16 { UInt16(try read(2)) }
    mutating func u32() throws(LZFSEError) -> UInt32 { UInt32(try read(4)) }
    mutating func u64() throws(LZFSEError) -> UInt64 { try read(8) }
}
