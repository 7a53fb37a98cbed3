/// A small PNG reader for the tests only: 8-bit RGB/RGBA/gray/gray-alpha, not interlaced, with
/// its own inflate (stored, fixed and dynamic Huffman blocks). It lets the tests compare the
/// catalogue's pixels with the source PNGs without a system zlib.
struct TestPNGReader {
    struct Failure: Error { var message: String }

    var width = 0
    var height = 0
    /// Straight RGBA, row after row.
    var rgba: [UInt8] = []

    init(_ bytes: [UInt8]) throws {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { throw Failure(message: "not a PNG") }
        var offset = 8
        var colorType = 0
        var idat: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard offset + 12 + length <= bytes.count else { throw Failure(message: "chunk past the end") }
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            switch type {
            case "IHDR":
                width = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
                height = Int(data[4]) << 24 | Int(data[5]) << 16 | Int(data[6]) << 8 | Int(data[7])
                guard data[8] == 8, data[12] == 0 else { throw Failure(message: "unsupported depth or interlace") }
                colorType = Int(data[9])
            case "IDAT": idat += data
            default: break
            }
            offset += 12 + length
        }
        let channels: Int
        switch colorType {
        case 0: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: throw Failure(message: "unsupported colour type \(colorType)")
        }
        let raw = try Self.inflate(Array(idat.dropFirst(2)))
        let stride = width * channels
        guard raw.count >= (stride + 1) * height else { throw Failure(message: "short image data") }
        var previous = [UInt8](repeating: 0, count: stride)
        rgba.reserveCapacity(width * height * 4)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            var line = Array(raw[(row * (stride + 1) + 1)..<((row + 1) * (stride + 1))])
            for index in 0..<stride {
                let left = index >= channels ? Int(line[index - channels]) : 0
                let up = Int(previous[index])
                let upLeft = index >= channels ? Int(previous[index - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let pa = abs(p - left), pb = abs(p - up), pc = abs(p - upLeft)
                    predictor = pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft)
                default: throw Failure(message: "bad filter \(filter)")
                }
                line[index] = UInt8((Int(line[index]) + predictor) & 0xFF)
            }
            for pixel in 0..<width {
                let p = pixel * channels
                switch channels {
                case 1: rgba += [line[p], line[p], line[p], 255]
                case 2: rgba += [line[p], line[p], line[p], line[p + 1]]
                case 3: rgba += [line[p], line[p + 1], line[p + 2], 255]
                default: rgba += line[p..<(p + 4)]
                }
            }
            previous = line
        }
    }

    private struct Bits {
        let data: [UInt8]
        var position = 0
        var bit = 0
        mutating func read(_ count: Int) throws -> Int {
            var value = 0
            for index in 0..<count {
                guard position < data.count else { throw Failure(message: "deflate data ends early") }
                value |= Int((data[position] >> UInt8(bit)) & 1) << index
                bit += 1
                if bit == 8 { bit = 0; position += 1 }
            }
            return value
        }
    }

    /// Canonical Huffman decoding table: (length, code) → symbol.
    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []
        init(_ lengths: [Int]) {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length > 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
        func decode(_ bits: inout Bits) throws -> Int {
            var code = 0, first = 0, index = 0
            for length in 1..<16 {
                code |= try bits.read(1)
                let count = counts[length]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first += count
                first <<= 1
                code <<= 1
            }
            throw Failure(message: "bad Huffman code")
        }
    }

    static func inflate(_ data: [UInt8]) throws -> [UInt8] {
        let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                            4097, 6145, 8193, 12289, 16385, 24577]
        let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
        var bits = Bits(data: data)
        var output: [UInt8] = []
        var last = 0
        repeat {
            last = try bits.read(1)
            let type = try bits.read(2)
            if type == 0 {
                if bits.bit != 0 { bits.bit = 0; bits.position += 1 }
                let length = Int(data[bits.position]) | Int(data[bits.position + 1]) << 8
                bits.position += 4
                output += data[bits.position..<(bits.position + length)]
                bits.position += length
                continue
            }
            var literal: Huffman, distance: Huffman
            if type == 1 {
                literal = Huffman(Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112) + Array(repeating: 7, count: 24) + Array(repeating: 8, count: 8))
                distance = Huffman(Array(repeating: 5, count: 30))
            } else {
                let literalCount = try bits.read(5) + 257, distanceCount = try bits.read(5) + 1, codeCount = try bits.read(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var codeLengths = [Int](repeating: 0, count: 19)
                for index in 0..<codeCount { codeLengths[order[index]] = try bits.read(3) }
                let codes = Huffman(codeLengths)
                var lengths: [Int] = []
                while lengths.count < literalCount + distanceCount {
                    let symbol = try codes.decode(&bits)
                    switch symbol {
                    case 16: lengths += Array(repeating: lengths.last ?? 0, count: try bits.read(2) + 3)
                    case 17: lengths += Array(repeating: 0, count: try bits.read(3) + 3)
                    case 18: lengths += Array(repeating: 0, count: try bits.read(7) + 11)
                    default: lengths.append(symbol)
                    }
                }
                literal = Huffman(Array(lengths[0..<literalCount]))
                distance = Huffman(Array(lengths[literalCount...]))
            }
            while true {
                let symbol = try literal.decode(&bits)
                if symbol < 256 { output.append(UInt8(symbol)); continue }
                if symbol == 256 { break }
                let length = lengthBase[symbol - 257] + (try bits.read(lengthExtra[symbol - 257]))
                let distanceSymbol = try distance.decode(&bits)
                let back = distanceBase[distanceSymbol] + (try bits.read(distanceExtra[distanceSymbol]))
                for _ in 0..<length { output.append(output[output.count - back]) }
            }
        } while last == 0
        return output
    }
}
