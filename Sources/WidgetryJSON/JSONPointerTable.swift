/// The pointers of one parsed document, one entry per node: its parent entry, its depth and its
/// last token.
///
/// A parse appends an entry for each value it reads and hands the value a ``JSONPointer`` that is
/// just this table and the entry's number, so the pointers of a whole document live in one
/// growing array instead of one object per node. The table is only appended to while its parse
/// runs, before any pointer into it leaves the parser; afterwards it is read-only, which is what
/// makes sharing it across threads safe.
final class JSONPointerTable: @unchecked Sendable {
    private struct Entry {
        /// The parent's entry, or -1 when the parent is the document's root.
        let parent: Int32
        let depth: Int32
        let token: JSONPointer.Token
    }

    /// Appended to only by the parse that owns the table, so the per-access exclusivity check
    /// (a measurable share of parsing) is left out.
    @exclusivity(unchecked) private var entries: [Entry] = []

    /// The pointer to the child of entry `parentEntry` (-1 for the root; see
    /// ``JSONPointer/entry(in:)``) named by `token`.
    func pointer(appending token: JSONPointer.Token, toEntry parentEntry: Int32) -> JSONPointer {
        // The parser refuses documents of more than Int32.max bytes, and a document has fewer
        // nodes than bytes, so the entry number fits.
        let depth = parentEntry < 0 ? 1 : entries[Int(parentEntry)].depth + 1
        entries.append(Entry(parent: parentEntry, depth: depth, token: token))
        return JSONPointer(table: self, entry: Int32(entries.count - 1))
    }

    func parent(of entry: Int32) -> Int32 { entries[Int(entry)].parent }
    func depth(of entry: Int32) -> Int { Int(entries[Int(entry)].depth) }
    func token(of entry: Int32) -> JSONPointer.Token { entries[Int(entry)].token }
}
