/// Decodes LZVN, the byte-oriented LZ77 format inside `bvxn` blocks: each instruction is one
/// to three bytes giving a literal length (0–271), a match length and a match distance (or
/// reusing the previous distance), ended by an 8-byte end-of-stream instruction.
enum LZVNDecoder {
    private enum Instruction {
        /// Literal then match; `distance` nil reuses the previous one.
        case literalAndMatch(opcodeLength: Int, literal: Int, match: Int, distance: Int?)
        case literal(opcodeLength: Int, length: Int)
        case match(opcodeLength: Int, length: Int)
        case nop
        case endOfStream
        case undefined
    }

    /// Decodes `input[start..<end]`, appending exactly `rawCount` bytes to `output`. Matches may
    /// reach back into what earlier blocks wrote, never before the start of `output`.
    static func decode(_ input: [UInt8], from start: Int, to end: Int, producing rawCount: Int,
                       into output: inout [UInt8]) throws(LZFSEError) {
        let target = output.count + rawCount
        var position = start
        var distance = 0
        while true {
            guard position < end else {
                throw LZFSEError(.truncated, "an LZVN block ends without its end-of-stream instruction", offset: position)
            }
            let opcode = input[position]
            func byte(_ offset: Int) throws(LZFSEError) -> Int {
                guard position + offset < end else {
                    throw LZFSEError(.truncated, "an LZVN instruction runs past its block", offset: position)
                }
                return Int(input[position + offset])
            }
            switch try instruction(opcode, byte) {
            case .endOfStream:
                guard end - position == 8 else {
                    throw LZFSEError(.badLZVN, "an LZVN block does not end at its end-of-stream instruction", offset: position)
                }
                guard output.count == target else {
                    throw LZFSEError(.badLZVN, "an LZVN block produced \(output.count - (target - rawCount)) bytes, not \(rawCount)",
                                     offset: position)
                }
                return
            case .nop:
                position += 1
            case .undefined:
                throw LZFSEError(.badLZVN, "0x\(String(opcode, radix: 16)) is not an LZVN instruction", offset: position)
            case .literal(let opcodeLength, let length):
                try copyLiteral(input, at: position + opcodeLength, length: length, end: end, into: &output, target: target)
                position += opcodeLength + length
            case .match(let opcodeLength, let length):
                guard position + opcodeLength < end else {
                    throw LZFSEError(.truncated, "an LZVN instruction runs past its block", offset: position)
                }
                position += opcodeLength
                try copyMatch(distance: distance, length: length, into: &output, target: target, at: position)
            case .literalAndMatch(let opcodeLength, let literal, let match, let newDistance):
                try copyLiteral(input, at: position + opcodeLength, length: literal, end: end, into: &output, target: target)
                position += opcodeLength + literal
                if let newDistance { distance = newDistance }
                try copyMatch(distance: distance, length: match, into: &output, target: target, at: position)
            }
        }
    }

    private static func instruction(_ opcode: UInt8, _ byte: (Int) throws(LZFSEError) -> Int) throws(LZFSEError) -> Instruction {
        let op = Int(opcode)
        switch op {
        case 0x06: return .endOfStream
        case 0x0E, 0x16: return .nop
        case 0x1E, 0x26, 0x2E, 0x36, 0x3E, 0x70...0x7F, 0xD0...0xDF: return .undefined
        case 0xE0: return .literal(opcodeLength: 2, length: try byte(1) + 16)
        case 0xE1...0xEF: return .literal(opcodeLength: 1, length: op & 0xF)
        case 0xF0: return .match(opcodeLength: 2, length: try byte(1) + 16)
        case 0xF1...0xFF: return .match(opcodeLength: 1, length: op & 0xF)
        case 0xA0...0xBF:
            let low = try byte(1) | (try byte(2) << 8)
            return .literalAndMatch(opcodeLength: 3, literal: (op >> 3) & 3, match: ((op & 7) << 2 | (low & 3)) + 3, distance: low >> 2)
        default:
            let literal = op >> 6
            let match = ((op >> 3) & 7) + 3
            switch op & 7 {
            case 7: return .literalAndMatch(opcodeLength: 3, literal: literal, match: match, distance: try byte(1) | (try byte(2) << 8))
            case 6: return .literalAndMatch(opcodeLength: 1, literal: literal, match: match, distance: nil)
            default: return .literalAndMatch(opcodeLength: 2, literal: literal, match: match, distance: (op & 7) << 8 | (try byte(1)))
            }
        }
    }

    /// Copies a literal; the stream must hold at least one byte after it (the next instruction).
    private static func copyLiteral(_ input: [UInt8], at start: Int, length: Int, end: Int, into output: inout [UInt8],
                                    target: Int) throws(LZFSEError) {
        guard length < end - start else {
            throw LZFSEError(.truncated, "an LZVN literal runs past its block", offset: start)
        }
        guard length <= target - output.count else {
            throw LZFSEError(.badLZVN, "an LZVN block writes more bytes than its header says", offset: start)
        }
        output.append(contentsOf: input[start..<(start + length)])
    }

    private static func copyMatch(distance: Int, length: Int, into output: inout [UInt8], target: Int, at offset: Int) throws(LZFSEError) {
        guard length <= target - output.count else {
            throw LZFSEError(.badLZVN, "an LZVN block writes more bytes than its header says", offset: offset)
        }
        guard length == 0 || (distance > 0 && distance <= output.count) else {
            throw LZFSEError(.badMatch, "an LZVN match reaches \(distance) bytes back, before the start of the output", offset: offset)
        }
        for _ in 0..<length { output.append(output[output.count - distance]) }
    }
}
