/// The bytes of a source file with its name, able to print a line with a caret under a column.
public struct SourceText: Sendable {
    /// The name diagnostics print (usually a path relative to the bundle).
    public let fileName: String?
    /// The UTF-8 source.
    public let bytes: [UInt8]

    public init(fileName: String?, bytes: [UInt8]) {
        self.fileName = fileName
        self.bytes = bytes
    }

    /// The text of the line holding byte `offset`, without its line break.
    public func lineText(containing offset: Int) -> String {
        let clamped = max(0, min(offset, bytes.count))
        var start = clamped
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = clamped
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Widest part of a line a snippet shows; longer lines (minified JSON) are cut around the caret.
    public static let snippetWidth = 120

    /// The source line of `location` followed by a caret line, as compilers print it:
    ///
    ///     12 |     "type": "Foo",
    ///        |             ^~~~~
    ///
    /// `length` is how many scalars to underline (at least one). Tabs in the source line are kept
    /// in the caret line so the caret lines up in any tab width. Lines wider than
    /// ``snippetWidth`` are cut around the caret and marked with `…`; only the bytes near the
    /// caret are read, so a minified file of any size costs no more than a short line.
    public func snippet(at location: SourceLocation, length: Int = 1) -> String {
        let offset = max(0, min(location.offset, bytes.count))
        // A scalar is at most four bytes: this reach holds a full snippet on either side.
        let reach = 4 * SourceText.snippetWidth
        var lower = offset
        while lower > 0, offset - lower < reach, bytes[lower - 1] != 0x0A { lower -= 1 }
        while lower < offset, bytes[lower] & 0xC0 == 0x80 { lower += 1 }
        var upper = offset
        while upper < bytes.count, upper - offset < reach, bytes[upper] != 0x0A, bytes[upper] != 0x0D { upper += 1 }
        while upper > offset, upper < bytes.count, bytes[upper] & 0xC0 == 0x80 { upper -= 1 }
        let cutBefore = lower > 0 && bytes[lower - 1] != 0x0A
        let cutAfter = upper < bytes.count && bytes[upper] != 0x0A && bytes[upper] != 0x0D
        var scalars = Array(String(decoding: bytes[lower..<upper], as: UTF8.self).unicodeScalars)
        var caretIndex = cutBefore
            ? String(decoding: bytes[lower..<offset], as: UTF8.self).unicodeScalars.count
            : max(0, location.column - 1)
        var prefix = ""
        if scalars.count > SourceText.snippetWidth || cutBefore || cutAfter {
            let start = max(0, min(caretIndex - SourceText.snippetWidth / 2, scalars.count - SourceText.snippetWidth))
            let end = min(scalars.count, start + SourceText.snippetWidth)
            let total = scalars.count
            scalars = Array(scalars[start..<end])
            if start > 0 || cutBefore { prefix = "…" }
            if end < total || cutAfter { scalars.append("…") }
            caretIndex -= start
        }
        var line = prefix
        line.unicodeScalars.append(contentsOf: scalars)
        let gutter = String(location.line)
        let pad = String(repeating: " ", count: gutter.count)
        var marker = prefix.isEmpty ? "" : " "
        for scalar in scalars.prefix(caretIndex) {
            marker.append(scalar == "\t" ? "\t" : " ")
        }
        let available = max(1, scalars.count - caretIndex)
        let underline = max(1, min(length, available))
        marker += "^" + String(repeating: "~", count: underline - 1)
        return "\(gutter) | \(line)\n\(pad) | \(marker)"
    }
}
