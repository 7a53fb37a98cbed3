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

    /// `line:column`, the form diagnostics print after a file name.
    public var description: String { "\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.offset < rhs.offset
    }
}
