public import WidgetryScreen

/// How wide text is and where its lines break, for the one font family pictures are drawn in:
/// Open Sans (Debian's `fonts-open-sans`), the free font whose line breaks agree best with the
/// device's San Francisco (docs/RENDERING.md#fonts).
///
/// Widths are the installed faces' own advance widths (``faces``, written by
/// `scripts/embed-font-metrics`) for U+0020…U+017F and common punctuation, in the face Chromium
/// picks for the weight; other letters count as the face's average lower-case letter, East Asian
/// wide characters and emoji as a full em, combining marks as nothing. No kerning. The same text
/// and width give the same lines on every machine, and the HTML draws exactly these lines.
package enum TextMetrics {
    /// One face of the family: its advance widths in font units.
    package struct Face: Sendable {
        /// The face's file under `/usr/share/fonts/truetype/open-sans`.
        package let file: String
        /// The CSS `font-weight` the face is.
        package let cssWeight: Int
        /// Font units to the em.
        package let unitsPerEm: Int
        /// The mean advance of a…z, for letters the table does not hold.
        package let averageLetter: Int
        /// The advances of U+0020…U+017F, 0 where the face has no glyph.
        package let advances: [UInt16]
        /// The advances of the punctuation outside that range the face has.
        package let punctuation: [UInt32: UInt16]

        /// The first scalar `advances` holds.
        package static let first: UInt32 = 0x20
    }

    /// The face Chromium draws `font` in: the weight itself when the family has it, else the
    /// face CSS's weight matching picks (below 400 the nearest lighter, then the nearest heavier;
    /// 400–500 a heavier one up to 500, then the nearest lighter; above 500 the nearest heavier,
    /// then the nearest lighter).
    package static func face(for font: DesignFont) -> Face {
        let wanted = font.weight.cssWeight
        let lighter = faces.last { $0.cssWeight <= wanted }
        let heavier = faces.first { $0.cssWeight >= wanted }
        let chosen: Face? = switch wanted {
        case ..<400: lighter ?? heavier
        case 400...500: heavier.flatMap { $0.cssWeight <= 500 ? $0 : nil } ?? lighter ?? heavier
        default: heavier ?? lighter
        }
        return chosen ?? faces[0]
    }

    /// The advance of `scalar` in `face`'s font units.
    static func advance(of scalar: Unicode.Scalar, in face: Face) -> Int {
        let value = scalar.value
        if (0x300...0x36F).contains(value) || value == 0x200D || (0xFE00...0xFE0F).contains(value) { return 0 }
        let index = Int(value) - Int(Face.first)
        if index >= 0, index < face.advances.count, face.advances[index] > 0 { return Int(face.advances[index]) }
        if let width = face.punctuation[value] { return Int(width) }
        if isWide(value) { return face.unitsPerEm }
        return face.averageLetter
    }

    private static func isWide(_ value: UInt32) -> Bool {
        (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value) || value >= 0x20000
    }

    /// The width of `text` in points.
    public static func width(of text: some StringProtocol, font: DesignFont) -> Double {
        let face = face(for: font)
        var total = 0
        for scalar in text.unicodeScalars { total += advance(of: scalar, in: face) }
        return Double(total) * font.size / Double(face.unitsPerEm)
    }

    /// The height of one line: UIKit's system font leads about 1.2 times its size.
    public static func lineHeight(of font: DesignFont) -> Double {
        (font.size * 1.2).rounded(.up)
    }

    /// `text` broken into lines no wider than `width`: at the text's own line breaks, then
    /// between words, and inside a word only when it is wider than a line alone. With
    /// `maximumLines` above 0 the lines stop there, and the last one kept ends with "…" when
    /// text was cut (UIKit's truncating tail).
    public static func lines(of text: String, font: DesignFont, width: Double, maximumLines: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += wrap(paragraph, font: font, width: max(width, 1))
        }
        guard maximumLines > 0, lines.count > maximumLines else { return lines }
        var kept = Array(lines.prefix(maximumLines))
        var last = kept[maximumLines - 1]
        while !last.isEmpty, self.width(of: last + "…", font: font) > width { last.removeLast() }
        kept[maximumLines - 1] = last.trimmingTrailingSpaces + "…"
        return kept
    }

    private static func wrap(_ paragraph: Substring, font: DesignFont, width: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if self.width(of: candidate, font: font) <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            var piece = ""
            for character in word {
                if !piece.isEmpty, self.width(of: piece + String(character), font: font) > width {
                    lines.append(piece)
                    piece = ""
                }
                piece.append(character)
            }
            line = piece
        }
        lines.append(line)
        return lines
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
