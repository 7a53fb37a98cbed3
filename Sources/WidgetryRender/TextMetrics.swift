public import WidgetryScreen

/// How wide text is and where its lines break, for the one font family pictures are drawn in:
/// Liberation Sans (Debian's `fonts-liberation2`), whose advance widths are Arial's and
/// Helvetica's. The device's San Francisco runs about 5% wider, so a line may hold a word more
/// than on the device (docs/RENDERING.md).
///
/// Widths are the fonts' published advance widths for printable ASCII, in thousandths of the
/// point size; other letters count as an average lower-case letter, East Asian wide characters
/// and emoji as a full em, combining marks as nothing. No kerning. The same text and width give
/// the same lines on every machine, and the HTML draws exactly these lines.
package enum TextMetrics {
    /// The advance widths of ASCII 32…126 in the regular weight.
    private static let regular: [UInt16] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    ]

    /// The advance widths of ASCII 32…126 in the bold weight (also used from semibold up).
    private static let bold: [UInt16] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
    ]

    /// Whether `font` is drawn from the bold widths.
    static func isBold(_ font: DesignFont) -> Bool {
        font.weight.cssWeight >= 600
    }

    /// The advance of `scalar` in thousandths of an em.
    static func advance(of scalar: Unicode.Scalar, bold: Bool) -> Int {
        let value = scalar.value
        if (32...126).contains(value) { return Int((bold ? Self.bold : regular)[Int(value) - 32]) }
        if (0x300...0x36F).contains(value) || value == 0x200D || (0xFE00...0xFE0F).contains(value) { return 0 }
        if isWide(value) { return 1000 }
        return 556
    }

    private static func isWide(_ value: UInt32) -> Bool {
        (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value) || value >= 0x20000
    }

    /// The width of `text` in points.
    public static func width(of text: some StringProtocol, font: DesignFont) -> Double {
        let bold = isBold(font)
        var total = 0
        for scalar in text.unicodeScalars { total += advance(of: scalar, bold: bold) }
        return Double(total) * font.size / 1000
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
