/// Where a diagnostic is: the file, the range it covers (its start, and how many Unicode scalars
/// of the start's line from there), and the JSON Pointer of the value it is about.
public struct DiagnosticLocation: Sendable, Hashable {
    /// The file, as reports print it (relative to where the command runs when possible).
    public var file: String
    /// Where the range starts; nil for a finding about a whole file.
    public var start: SourceLocation?
    /// How many Unicode scalars from `start` the range covers on its line (a caret run); at least 1.
    public var length: Int
    /// The JSON Pointer (RFC 6901, as text) of the value the finding is about.
    public var pointer: String?

    public init(file: String, start: SourceLocation?, length: Int = 1, pointer: String? = nil) {
        self.file = file
        self.start = start
        self.length = max(1, length)
        self.pointer = pointer
    }

    /// The line and column just past the range, when it has a start.
    public var end: (line: Int, column: Int)? {
        start.map { ($0.line, $0.column + length) }
    }
}
