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

    /// The source line of `location` followed by a caret line, as compilers print it:
    ///
    ///     12 |     "type": "Foo",
    ///        |             ^~~~~
    ///
    /// `length` is how many scalars to underline (at least one). Tabs in the source line are kept
    /// in the caret line so the caret lines up in any tab width.
    public func snippet(at location: SourceLocation, length: Int = 1) -> String {
        let text = lineText(containing: location.offset)
        let gutter = String(location.line)
        let pad = String(repeating: " ", count: gutter.count)
        var marker = ""
        for (column, scalar) in text.unicodeScalars.enumerated() where column < location.column - 1 {
            marker.append(scalar == "\t" ? "\t" : " ")
        }
        let available = text.unicodeScalars.count - (location.column - 1)
        let underline = max(1, min(length, max(1, available)))
        marker += "^" + String(repeating: "~", count: underline - 1)
        return "\(gutter) | \(text)\n\(pad) | \(marker)"
    }
}
