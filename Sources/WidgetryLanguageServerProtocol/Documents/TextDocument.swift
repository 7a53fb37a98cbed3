public import WidgetryDiagnostics

/// The text of a document the client has open, as UTF-8 bytes, kept in step with the client's
/// changes, and the conversions between the protocol's positions (0-based lines, UTF-16 code
/// units) and the project's ``SourceLocation`` (byte offsets; 1-based lines and columns of
/// Unicode scalars).
///
/// Lines end at `\n`, `\r\n` or `\r`, as the specification has them. No position traps: a line
/// past the end means the end of the text, a character past the end of its line means the end
/// of the line, and one inside a surrogate pair means the start of its character (use
/// ``contains(_:)`` to refuse such positions instead).
public struct TextDocument: Sendable {
    public let uri: DocumentUri
    public var languageId: String
    /// The version of the client's last change.
    public private(set) var version: Int
    /// The text, in UTF-8.
    public private(set) var bytes: [UInt8]
    /// The byte offset at which each line starts; the first is 0.
    private var lineStarts: [Int] = [0]

    public init(uri: DocumentUri, languageId: String, version: Int, text: String) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.bytes = Array(text.utf8)
        indexLines()
    }

    /// The document the client opened.
    public init(_ item: TextDocumentItem) {
        self.init(uri: item.uri, languageId: item.languageId, version: item.version, text: item.text)
    }

    /// The whole text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// How many lines the text has (one more than its line breaks).
    public var lineCount: Int { lineStarts.count }

    /// Applies the client's changes in order (each range read in the text the change before
    /// left) and takes their version.
    public mutating func apply(_ changes: [TextDocumentContentChangeEvent], version: Int) {
        for change in changes {
            if let range = change.range {
                let start = offset(of: range.start), end = offset(of: range.end)
                bytes.replaceSubrange(min(start, end)..<max(start, end), with: change.text.utf8)
            } else {
                bytes = Array(change.text.utf8)
            }
            indexLines()
        }
        self.version = version
    }

    /// Whether `position` names a place in the text: an existing line, and a character no
    /// further than its end and not inside a surrogate pair.
    public func contains(_ position: Position) -> Bool {
        guard position.line >= 0, position.line < lineCount, position.character >= 0 else { return false }
        let (start, end) = lineBounds(position.line)
        var units = 0, index = start
        while index < end, units < position.character {
            units += Self.utf16Count(lead: bytes[index])
            index += Self.scalarLength(lead: bytes[index])
        }
        return units == position.character
    }

    /// The byte offset of `position`, clamped into the text.
    public func offset(of position: Position) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineCount else { return bytes.count }
        let (start, end) = lineBounds(position.line)
        var units = 0, index = start
        while index < end {
            let width = Self.utf16Count(lead: bytes[index])
            if units + width > position.character { break }
            units += width
            index = min(end, index + Self.scalarLength(lead: bytes[index]))
        }
        return index
    }

    /// The position of byte `offset`, clamped into the text and back to the start of its
    /// character; an offset inside a line break is the end of its line.
    public func position(atOffset offset: Int) -> Position {
        var offset = max(0, min(offset, bytes.count))
        while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
        let line = lineIndex(containing: offset)
        let (start, end) = lineBounds(line)
        var units = 0, index = start
        let stop = min(offset, end)
        while index < stop {
            units += Self.utf16Count(lead: bytes[index])
            index += Self.scalarLength(lead: bytes[index])
        }
        return Position(line: line, character: units)
    }

    /// The position of a location in this text, found by its byte offset.
    public func position(of location: SourceLocation) -> Position {
        position(atOffset: location.offset)
    }

    /// The project's location of `position`: its byte offset, and the line and column the
    /// project counts (lines ending at `\n`, columns in Unicode scalars, both 1-based).
    public func sourceLocation(of position: Position) -> SourceLocation {
        let offset = offset(of: position)
        return bytes.withUnsafeBufferPointer { SourceLocation(offset: offset, in: $0) }
    }

    /// The range a diagnostic's place covers in this text: from its start, its length in
    /// Unicode scalars, no further than the end of the line. A place without a start is the
    /// start of the text.
    public func range(of place: DiagnosticLocation) -> LSPRange {
        guard let start = place.start else {
            return LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
        }
        let from = position(of: start)
        let (_, lineEnd) = lineBounds(from.line)
        var index = offset(of: from), scalars = 0
        while index < lineEnd, scalars < place.length {
            index += Self.scalarLength(lead: bytes[index])
            scalars += 1
        }
        return LSPRange(start: from, end: position(atOffset: min(index, lineEnd)))
    }

    /// The range of the whole text.
    public var wholeRange: LSPRange {
        LSPRange(start: Position(line: 0, character: 0), end: position(atOffset: bytes.count))
    }

    // MARK: Lines

    private mutating func indexLines() {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A:
                starts.append(index + 1)
            case 0x0D:
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            default:
                break
            }
            index += 1
        }
        lineStarts = starts
    }

    /// Where line `line` (a valid index) starts, and where its text ends, before its line break.
    private func lineBounds(_ line: Int) -> (start: Int, end: Int) {
        let start = lineStarts[line]
        guard line + 1 < lineStarts.count else { return (start, bytes.count) }
        var end = lineStarts[line + 1]
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return (start, end)
    }

    /// The line holding byte `offset` (0...bytes.count).
    private func lineIndex(containing offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// How many bytes the UTF-8 sequence led by `lead` takes (1 for a stray continuation byte).
    private static func scalarLength(lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    /// How many UTF-16 code units the scalar led by `lead` takes.
    private static func utf16Count(lead: UInt8) -> Int {
        lead >= 0xF0 ? 2 : 1
    }
}
