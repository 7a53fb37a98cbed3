import Foundation
import Testing
@testable import WidgetryAssets
import WidgetryTestSupport

@Suite struct LZFSEDecoderTests {
    static let end: [UInt8] = Array("bvx$".utf8)

    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    static func code(_ input: [UInt8], limits: LZFSELimits = LZFSELimits()) -> String? {
        do {
            _ = try LZFSEDecoder.decompress(input, limits: limits)
            return nil
        } catch {
            return error.code.rawValue
        }
    }

    /// An LZVN block: the literal "abc", a match of 3 bytes 3 back, then end of stream.
    static let lzvnPayload: [UInt8] = [0xE3, 0x61, 0x62, 0x63, 0x00, 0x03, 0x06, 0, 0, 0, 0, 0, 0, 0]

    @Test func rawAndLZVNBlocksDecode() throws {
        let raw = Array("bvx-".utf8) + Self.le32(5) + Array("hello".utf8)
        #expect(try LZFSEDecoder.decompress(raw + Self.end) == Array("hello".utf8))
        let lzvn = Array("bvxn".utf8) + Self.le32(6) + Self.le32(Self.lzvnPayload.count) + Self.lzvnPayload
        #expect(try LZFSEDecoder.decompress(lzvn + Self.end) == Array("abcabc".utf8))
        #expect(try LZFSEDecoder.decompress(raw + lzvn + Self.end) == Array("helloabcabc".utf8))
        #expect(try LZFSEDecoder.decompress(Self.end).isEmpty)
    }

    @Test func lzvnOpcodesDecode() throws {
        // lrg_l (16 + 2 literals), sml_m repeating distance 1, pre_d, med_d, lrg_d, lrg_m, nop.
        var payload: [UInt8] = [0xE0, 0x02] + Array(repeating: 0x41, count: 18)
        payload += [0x00, 0x01] // sml_d: L0 M3 D1
        payload += [0xF2] // sml_m: M2, D1
        payload += [0x0E] // nop
        payload += [0x46, 0x42] // pre_d: L1 ("B") M3 D1
        payload += [0xA0, 0x08, 0x00] // med_d: L0, M=3, D=2
        payload += [0x07, 0x05, 0x00] // lrg_d: L0 M3 D5
        payload += [0xF0, 0x00] // lrg_m: M16, D5
        payload += [0x06, 0, 0, 0, 0, 0, 0, 0]
        let expectedCount = 18 + 3 + 2 + 1 + 3 + 3 + 3 + 16
        let block = Array("bvxn".utf8) + Self.le32(expectedCount) + Self.le32(payload.count) + payload + Self.end
        let output = try LZFSEDecoder.decompress(block)
        #expect(output.count == expectedCount)
        #expect(Array(output.prefix(23)) == Array(repeating: 0x41, count: 23))
        #expect(Array(output[23..<27]) == Array("BBBB".utf8))
    }

    @Test func streamsWithoutTheirEndAreTruncated() {
        #expect(Self.code([]) == "lzfse.truncated")
        #expect(Self.code(Array("bvx-".utf8) + Self.le32(5) + Array("hel".utf8)) == "lzfse.truncated")
        #expect(Self.code(Array("bvx-".utf8) + Self.le32(2) + Array("hi".utf8)) == "lzfse.truncated")
        let lzvn = Array("bvxn".utf8) + Self.le32(6) + Self.le32(Self.lzvnPayload.count) + Self.lzvnPayload + Self.end
        for length in 0..<lzvn.count {
            #expect(Self.code(Array(lzvn.prefix(length))) != nil, "\(length)")
        }
    }

    @Test func unknownBlocksAreRefused() {
        #expect(Self.code(Array("bvx9".utf8) + Self.end) == "lzfse.bad-block-magic")
        #expect(Self.code(Array("PK\u{3}\u{4}".utf8)) == "lzfse.bad-block-magic")
    }

    @Test func lzvnMistakesAreTypedErrors() {
        func block(_ payload: [UInt8], raw: Int) -> [UInt8] {
            Array("bvxn".utf8) + Self.le32(raw) + Self.le32(payload.count) + payload + Self.end
        }
        let eos: [UInt8] = [0x06, 0, 0, 0, 0, 0, 0, 0]
        #expect(Self.code(block([0x00, 0x05] + eos, raw: 3)) == "lzfse.bad-match") // match before the start
        #expect(Self.code(block([0xF3] + eos, raw: 3)) == "lzfse.bad-match") // no previous distance
        #expect(Self.code(block([0x70] + eos, raw: 0)) == "lzfse.bad-lzvn") // undefined opcode
        #expect(Self.code(block([0xE2, 0x61, 0x62] + eos, raw: 1)) == "lzfse.bad-lzvn") // more than the header says
        #expect(Self.code(block([0xE1, 0x61] + eos, raw: 5)) == "lzfse.bad-lzvn") // fewer than the header says
        #expect(Self.code(block([0xE1, 0x61] + eos + [0], raw: 1)) == "lzfse.bad-lzvn") // bytes after the end
    }

    @Test func theOutputIsCapped() {
        let raw = Array("bvx-".utf8) + Self.le32(100) + [UInt8](repeating: 7, count: 100) + Self.end
        #expect(Self.code(raw, limits: LZFSELimits(maxOutputBytes: 10)) == "lzfse.output-limit")
        let lzvn = Array("bvxn".utf8) + Self.le32(Int(UInt32.max)) + Self.le32(Self.lzvnPayload.count) + Self.lzvnPayload + Self.end
        #expect(Self.code(lzvn, limits: LZFSELimits(maxOutputBytes: 1 << 20)) == "lzfse.output-limit")
    }

    /// A `bvx2` header whose first literal-length frequency is 1047, more than the 64 states.
    @Test func overfullFrequencyTablesAreRefused() {
        var tables: [UInt8] = [0xFF, 0xFF] + [UInt8](repeating: 0, count: 90)
        let headerSize = 32 + tables.count
        var block = Array("bvx2".utf8) + Self.le32(0)
        block += [UInt8](repeating: 0, count: 16) // v0, v1: no literals, no matches, no payload
        block += Self.le32(headerSize) + Self.le32(0) // v2: header size, states 0
        block += tables
        #expect(Self.code(block + Self.end) == "lzfse.bad-table")
        tables = [0xFF]
        var short = Array("bvx2".utf8) + Self.le32(0) + [UInt8](repeating: 0, count: 16) + Self.le32(33) + Self.le32(0)
        short += tables
        #expect(Self.code(short + Self.end) == "lzfse.bad-table")
        var cut = Array("bvx2".utf8) + Self.le32(0) + [UInt8](repeating: 0, count: 16) + Self.le32(4_000) + Self.le32(0)
        cut += tables
        #expect(Self.code(cut) == "lzfse.truncated")
        #expect(Self.code(Array("bvx2".utf8) + Self.le32(0) + Self.le32(16) + Self.end) == "lzfse.truncated")
    }

    @Test(.enabled(if: AssetsSample.isAvailable, "needs ../shared/upstream"))
    func damagedRealStreamsNeverTrap() throws {
        let bytes = try #require(AssetsSample.car)
        let catalog = try AssetCatalog(bytes: bytes, file: "Assets.car")
        let rendition = try #require(catalog.renditions.first { $0.fileName == "delete_button@2x.png" })
        let data = Array(bytes[rendition.dataRange])
        let start = try #require(AssetCatalogTests.find(Array("bvx2".utf8), in: data))
        let stream = Array(data[start...])
        let decoded = try LZFSEDecoder.decompress(stream)
        #expect(decoded.count == 32 * 32 * 4)
        for length in 0..<stream.count {
            #expect(Self.code(Array(stream.prefix(length))) != nil, "\(length)")
        }
        var generator = SeededGenerator(seed: 20)
        for _ in 0..<3_000 {
            var damaged = stream
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = Self.code(damaged)
        }
    }
}

