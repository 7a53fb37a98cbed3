import WidgetryBundle
import WidgetryLanguageServerProtocol
import WidgetryLint

/// One thing completion may offer: a name, what kind of thing it is, where it comes from or
/// what type it has, and its documentation in `docs/FORMAT.md` when a row documents it.
struct CompletionCandidate: Equatable {
    var label: String
    var kind: CompletionItemKind
    var detail: String
    var documentation: KeyDocumentation?

    /// The item replacing `range` with the label, its documentation written as `format`.
    func item(replacing range: LSPRange, documentation format: MarkupKind) -> CompletionItem {
        let text = documentation.map { row in
            MarkupContent(kind: format, value: format == .markdown ? row.markdown : Self.plainText(of: row))
        }
        return CompletionItem(label: label, kind: kind, detail: detail, documentation: text, textEdit: TextEdit(range: range, newText: label))
    }

    /// The candidate in `dialect`'s names: its label and detail as a bundle of that dialect
    /// writes them (the documentation stays FORMAT.md's, in WidgetKit's names).
    func spelled(in dialect: Dialect) -> CompletionCandidate {
        var spelled = self
        spelled.label = dialect.spelled(label)
        spelled.detail = dialect.spelled(detail)
        return spelled
    }

    /// A row of FORMAT.md as plain text: the key, its cells, and where FORMAT.md has it.
    static func plainText(of row: KeyDocumentation) -> String {
        "\(row.key): " + row.cells.map(plain).filter { !$0.isEmpty }.joined(separator: " · ") + "\n\nFORMAT.md#\(row.anchor)"
    }

    /// Candidates for keys: `keys` with the type each has in `docs/FORMAT.md`'s row under
    /// `anchorPrefix` (in a file of `file`'s kind), or `fallback` where no row documents it.
    static func keys(_ keys: some Sequence<String>, in file: BundleFileKind?, documentedUnder anchorPrefix: String,
                     fallback: (String) -> String = { _ in "key" }) -> [CompletionCandidate] {
        keys.map { key in
            let row = documentation(of: key, in: file, under: anchorPrefix)
            let type = row?.cells.first.map(Self.plain) ?? ""
            return CompletionCandidate(label: key, kind: .property, detail: type.isEmpty ? fallback(key) : type, documentation: row)
        }
    }

    /// The row of FORMAT.md documenting `key` whose anchor starts with `anchorPrefix`.
    static func documentation(of key: String, in file: BundleFileKind?, under anchorPrefix: String) -> KeyDocumentation? {
        KeyDocumentation.rows(for: key, in: file).first { $0.anchor.hasPrefix(anchorPrefix) }
    }

    /// A table cell's Markdown as plain text: links and code marks taken out.
    static func plain(_ cell: String) -> String {
        var text = ""
        var skipping = false
        var index = cell.startIndex
        while index < cell.endIndex {
            let character = cell[index]
            if character == "]", cell[cell.index(after: index)...].hasPrefix("(") {
                skipping = true
            } else if skipping {
                if character == ")" { skipping = false }
            } else if character != "[", character != "`" {
                text.append(character)
            }
            index = cell.index(after: index)
        }
        return text
    }
}
