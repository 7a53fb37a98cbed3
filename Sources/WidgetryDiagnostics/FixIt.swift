/// The change that answers a diagnostic: edits of the diagnostic's file, and whether a tool may
/// make them without a person looking (`widgetry lint --fix` applies only those).
public struct FixIt: Sendable, Hashable {
    /// One edit: the UTF-8 bytes `range` of the file replaced by `replacement` (an insertion
    /// when the range is empty, a removal when the replacement is).
    public struct Edit: Sendable, Hashable {
        /// The bytes replaced, as offsets into the file's UTF-8 text.
        public var range: Range<Int>
        public var replacement: String

        public init(range: Range<Int>, replacement: String) {
            self.range = range
            self.replacement = replacement
        }
    }

    /// The edits, which do not overlap.
    public var edits: [Edit]
    /// Whether the change is certain, so that a tool may apply it automatically; a fix-it that
    /// is only likely (one of several near names) is shown and left for a person.
    public var isSafe: Bool

    public init(edits: [Edit], isSafe: Bool = true) {
        self.edits = edits
        self.isSafe = isSafe
    }

    /// The one edit replacing the bytes `range` by `replacement`.
    public init(range: Range<Int>, replacement: String, isSafe: Bool = true) {
        self.init(edits: [Edit(range: range, replacement: replacement)], isSafe: isSafe)
    }

    /// `text` inserted before the byte at `offset`.
    public static func insert(_ text: String, at offset: Int) -> FixIt {
        FixIt(range: offset..<offset, replacement: text)
    }

    /// The bytes `range` removed.
    public static func remove(_ range: Range<Int>) -> FixIt {
        FixIt(range: range, replacement: "")
    }
}
