extension Diagnostic {
    /// An edit that answers a finding with certainty, which `widgetry lint --fix` may apply: the
    /// UTF-8 bytes `range` of the finding's file replaced by `replacement` (an insertion when the
    /// range is empty, a removal when the replacement is).
    public struct FixIt: Sendable, Hashable {
        /// The bytes of the file replaced, as offsets into its UTF-8 text.
        public var range: Range<Int>
        public var replacement: String

        public init(range: Range<Int>, replacement: String) {
            self.range = range
            self.replacement = replacement
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
}
