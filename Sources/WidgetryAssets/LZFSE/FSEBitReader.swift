/// The backward bit stream of an LZFSE block: bits are read from the end of a payload towards
/// its start, refilled a byte at a time into a 64-bit accumulator. Every refill is checked
/// against the payload's start and every pull against the bits held.
struct FSEBitReader {
    private let bytes: [UInt8]
    private let start: Int
    private var position: Int
    private var accumulator: UInt64
    private var count: Int

    /// Starts a stream that ends at `end`; `extraBits` (-7...0) is how many bits of the last
    /// byte are padding, as the block header says.
    init(_ bytes: [UInt8], start: Int, end: Int, extraBits: Int) throws(LZFSEError) {
        self.bytes = bytes
        self.start = start
        let width = extraBits != 0 ? 8 : 7
        guard (-7...0).contains(extraBits), end <= bytes.count, end - width >= start else {
            throw LZFSEError(.badBitstream, "a bit stream is too short to start", offset: end)
        }
        position = end - width
        var value: UInt64 = 0
        for index in 0..<width { value |= UInt64(bytes[position + index]) << (8 * index) }
        accumulator = value
        count = extraBits + (width == 8 ? 64 : 56)
        guard count >= 56, count < 64, accumulator >> UInt64(count) == 0 else {
            throw LZFSEError(.badBitstream, "a bit stream starts with bits the encoder leaves clear", offset: end)
        }
    }

    /// Brings the accumulator back to at least 56 bits.
    mutating func refill() throws(LZFSEError) {
        let bits = (63 - count) & ~7
        let byteCount = bits >> 3
        let next = position - byteCount
        guard next >= start else {
            throw LZFSEError(.badBitstream, "a bit stream runs past the start of its payload", offset: position)
        }
        var incoming: UInt64 = 0
        for index in 0..<byteCount { incoming |= UInt64(bytes[next + index]) << (8 * index) }
        position = next
        accumulator = (accumulator << UInt64(bits)) | incoming
        count += bits
    }

    /// The next `n` bits (most significant first).
    mutating func pull(_ n: Int) throws(LZFSEError) -> UInt64 {
        guard n >= 0, n <= count else {
            throw LZFSEError(.badBitstream, "a bit stream is read past the bits it holds", offset: position)
        }
        count -= n
        let result = accumulator >> UInt64(count)
        accumulator &= count >= 64 ? ~0 : (UInt64(1) << UInt64(count)) - 1
        return result
    }
}
