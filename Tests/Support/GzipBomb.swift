/// A valid gzip stream of zeros made without compressing anything, so a gigabyte bomb costs a
/// few milliseconds and about a megabyte: one dynamic-Huffman deflate block whose codes make a
/// 258-byte copy take two bits (deflate's best ratio, 1032:1).
///
/// The block's literal/length code gives 1 bit to length 258 (symbol 285) and 2 bits each to the
/// literal 0 and end-of-block; its distance code gives 1 bit to distance 1. After one literal 0
/// every copy is two zero bits, so the body is zero bytes between a short head and tail.
public enum GzipBomb {
    /// A gzip member that inflates to at least `inflatedSize` zero bytes; the exact size with it.
    public static func make(inflatedSize: Int) -> (body: [UInt8], inflatedSize: Int) {
        let copies = max(0, (inflatedSize - 1 + 257) / 258)
        let size = 1 + 258 * copies
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(2, count: 2)  // dynamic Huffman
        bits.write(286 - 257, count: 5)  // HLIT: literal/length codes up to 285
        bits.write(0, count: 5)  // HDIST: one distance code
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1]
        bits.write(UInt32(order.count - 4), count: 4)  // HCLEN
        // Code-length code: 18 (a run of zeros) → "0", length 1 → "10", length 2 → "11".
        let codeLengthLengths: [Int: UInt32] = [18: 1, 1: 2, 2: 2]
        for symbol in order { bits.write(codeLengthLengths[symbol] ?? 0, count: 3) }
        bits.code(0b11, length: 2)  // literal 0 has length 2
        bits.code(0, length: 1); bits.write(138 - 11, count: 7)  // literals 1…138 unused
        bits.code(0, length: 1); bits.write(117 - 11, count: 7)  // literals 139…255 unused
        bits.code(0b11, length: 2)  // end-of-block (256) has length 2
        bits.code(0, length: 1); bits.write(28 - 11, count: 7)  // lengths 257…284 unused
        bits.code(0b10, length: 2)  // length 258 (285) has length 1
        bits.code(0b10, length: 2)  // distance 1 has length 1
        // Canonical codes: 285 → "0", literal 0 → "10", end-of-block → "11"; distance 1 → "0".
        bits.code(0b10, length: 2)
        bits.zeros(2 * copies)
        bits.code(0b11, length: 2)
        let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
        let crc = crc32OfZeros(size)
        let trailer = (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) } + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
        return (header + bits.bytes + trailer, size)
    }

    /// CRC-32 of `count` zero bytes: the register, all ones, times x^(8·count) modulo the CRC
    /// polynomial (as zlib's `crc32_combine` computes it), inverted.
    static func crc32OfZeros(_ count: Int) -> UInt32 {
        var power: UInt32 = 1 << 30  // x^1, x^2, x^4, … in turn
        for _ in 0..<3 { power = multiply(power, power) }  // x^8: one byte
        var product: UInt32 = 1 << 31  // x^0
        var remaining = count
        while remaining > 0 {
            if remaining & 1 == 1 { product = multiply(power, product) }
            power = multiply(power, power)
            remaining >>= 1
        }
        return ~multiply(product, 0xFFFF_FFFF)
    }

    /// a·b modulo the reflected CRC-32 polynomial; `a` must not be zero.
    private static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var mask: UInt32 = 1 << 31
        var product: UInt32 = 0
        var b = b
        while true {
            if a & mask != 0 {
                product ^= b
                if a & (mask - 1) == 0 { return product }
            }
            mask >>= 1
            b = b & 1 != 0 ? (b >> 1) ^ 0xEDB8_8320 : b >> 1
        }
    }
}

/// Bits packed the way deflate packs them: from each byte's least significant bit up.
private struct BitWriter {
    var bytes: [UInt8] = []
    private var count = 0

    /// `value`'s low `count` bits, least significant first (header fields, extra bits).
    mutating func write(_ value: UInt32, count: Int) {
        for index in 0..<count { bit(value >> index & 1) }
    }

    /// A Huffman code, most significant bit first.
    mutating func code(_ code: UInt32, length: Int) {
        for index in (0..<length).reversed() { bit(code >> index & 1) }
    }

    mutating func zeros(_ count: Int) {
        self.count += count
        bytes.append(contentsOf: repeatElement(0, count: (self.count + 7) / 8 - bytes.count))
    }

    private mutating func bit(_ value: UInt32) {
        if count % 8 == 0 { bytes.append(0) }
        if value != 0 { bytes[bytes.count - 1] |= 1 << (count % 8) }
        count += 1
    }
}
