/// A position in a source file.
///
/// `line` and `column` are 1-based, as editors and compilers print them. `column` counts
/// Unicode scalars from the start of the line, so a caret printed under it lines up with what a
/// person sees; `offset` is the 0-based byte offset into the UTF-8 source.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 0-based byte offset into the source.
    public var offset: Int
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int

    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The location of byte `offset` of the UTF-8 text `bytes`, found by counting from the start
    /// (for errors placed after the fact; a parser tracks lines as it goes). Lines end at LF.
    public init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1, column = 1
        for byte in bytes[..<end] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(offset: end, line: line, column: column)
    }

    /// `line:column`, the form diagnostics print after a file name.
    public var description: String { "\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.offset < rhs.offset
    }
}
