import Foundation
import Testing
import WidgetryRender

/// The advance widths `scripts/embed-font-metrics` wrote are the installed Open Sans faces' own:
/// line breaking and Chromium's drawing measure text alike. Fails when Debian's
/// `fonts-open-sans` changes until the script is run again.
@Suite("Render: font metrics table")
struct FontMetricsTableTests {
    static let folder = "/usr/share/fonts/truetype/open-sans/"

    @Test(.enabled(if: FileManager.default.fileExists(atPath: folder + "OpenSans-Regular.ttf"), "needs Debian's fonts-open-sans"))
    func theTableIsTheInstalledFaces() throws {
        for face in TextMetrics.faces {
            let font = try TrueTypeAdvances(contentsOf: URL(fileURLWithPath: Self.folder + face.file))
            #expect(font.unitsPerEm == face.unitsPerEm, "\(face.file)")
            let first = Int(TextMetrics.Face.first)
            let advances = (first..<first + face.advances.count).map { UInt16(font.advance(of: UInt32($0))) }
            #expect(advances == face.advances, "run scripts/embed-font-metrics: \(face.file) has other widths")
            for (scalar, width) in face.punctuation {
                #expect(font.advance(of: scalar) == Int(width), "\(face.file) U+\(String(scalar, radix: 16))")
            }
            let letters = (UInt32(97)...122).reduce(0) { $0 + font.advance(of: $1) }
            #expect((letters + 13) / 26 == face.averageLetter, "\(face.file)")
        }
    }
}

/// A TrueType font's advance widths through its Windows Unicode BMP `cmap` (format 4) and
/// `hmtx`: just enough of the format to check the embedded table.
private struct TrueTypeAdvances {
    struct Malformed: Error {}

    let unitsPerEm: Int
    private let bytes: [UInt8]
    private let advances: [Int]
    private let segments: Int
    private let subtable: Int

    init(contentsOf url: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: url))
        self.bytes = bytes
        var tables: [String: Int] = [:]
        let count = Self.u16(bytes, 4)
        for index in 0..<count {
            let record = 12 + 16 * index
            tables[String(decoding: bytes[record..<record + 4], as: UTF8.self)] = Self.u32(bytes, record + 8)
        }
        guard let head = tables["head"], let hhea = tables["hhea"], let hmtx = tables["hmtx"], let cmap = tables["cmap"] else { throw Malformed() }
        unitsPerEm = Self.u16(bytes, head + 18)
        advances = (0..<Self.u16(bytes, hhea + 34)).map { Self.u16(bytes, hmtx + 4 * $0) }
        var found: Int?
        for index in 0..<Self.u16(bytes, cmap + 2) {
            let record = cmap + 4 + 8 * index
            let start = cmap + Self.u32(bytes, record + 4)
            if Self.u16(bytes, record) == 3, Self.u16(bytes, record + 2) == 1, Self.u16(bytes, start) == 4 { found = start }
        }
        guard let found else { throw Malformed() }
        subtable = found
        segments = Self.u16(bytes, found + 6) / 2
    }

    /// The advance of `scalar`'s glyph in font units, 0 when the font has none.
    func advance(of scalar: UInt32) -> Int {
        let glyph = self.glyph(of: scalar)
        guard glyph > 0 else { return 0 }
        return advances[min(glyph, advances.count - 1)]
    }

    private func glyph(of scalar: UInt32) -> Int {
        let ends = subtable + 14
        let starts = ends + 2 * segments + 2
        let deltas = starts + 2 * segments
        let offsets = deltas + 2 * segments
        let code = Int(scalar)
        for segment in 0..<segments where Self.u16(bytes, ends + 2 * segment) >= code {
            let start = Self.u16(bytes, starts + 2 * segment)
            guard start <= code else { return 0 }
            let delta = Self.u16(bytes, deltas + 2 * segment)
            let offset = Self.u16(bytes, offsets + 2 * segment)
            if offset == 0 { return (code + delta) & 0xFFFF }
            let glyph = Self.u16(bytes, offsets + 2 * segment + offset + 2 * (code - start))
            return glyph == 0 ? 0 : (glyph + delta) & 0xFFFF
        }
        return 0
    }

    private static func u16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    private static func u32(_ bytes: [UInt8], _ at: Int) -> Int { u16(bytes, at) << 16 | u16(bytes, at + 2) }
}
