import Foundation
import WidgetryLint

/// The documentation of a JSON key, from the rows of `docs/FORMAT.md`'s tables that document it
/// (embedded as ``FormatKeyRows``): its type, default and meaning, with a link to its anchor.
struct KeyDocumentation: Equatable {
    /// The row's anchor in FORMAT.md (`objects.provider.predicate-format`).
    var anchor: String
    var key: String
    /// The row's cells after the key's: the type, then any others (a default), then what it means.
    var cells: [String]

    /// Every documented key's rows, in FORMAT.md's order.
    static let all: [KeyDocumentation] = FormatKeyRows.text.split(separator: "\n").compactMap { KeyDocumentation(row: String($0)) }

    /// The sections of FORMAT.md that document each kind of file (by the first part of their
    /// anchors); a screen's sections for a file of no other kind.
    static func sections(for kind: BundleFileKind?) -> Set<String> {
        switch kind {
        case .manifest: ["manifest"]
        case .model: ["model"]
        case .service, .developmentService, .stubService: ["service", "transformers"]
        case .scenario: ["scenario"]
        case .lintConfiguration: ["lint-config"]
        case .screen, nil: ["screen", "objects", "elements", "binding", "transformers"]
        }
    }

    /// The rows documenting `key` in a file of `kind`, in FORMAT.md's order.
    static func rows(for key: String, in kind: BundleFileKind?) -> [KeyDocumentation] {
        let sections = sections(for: kind)
        return all.filter { $0.key == key && sections.contains(String($0.anchor.prefix { $0 != "." })) }
    }

    /// A row `| <a id="anchor"></a>`key` | cell | … |`; nil for any other line.
    init?(row: String) {
        let prefix = "| <a id=\""
        guard row.hasPrefix(prefix), let anchorEnd = row.range(of: "\"></a>`") else { return nil }
        anchor = String(row[row.index(row.startIndex, offsetBy: prefix.count)..<anchorEnd.lowerBound])
        let afterKey = row[anchorEnd.upperBound...]
        guard let keyEnd = afterKey.firstIndex(of: "`") else { return nil }
        key = String(afterKey[..<keyEnd])
        cells = Self.cells(of: String(afterKey[afterKey.index(after: keyEnd)...]))
    }

    /// The cells of the rest of a row, split at the bars that are not escaped (`\|`), trimmed.
    private static func cells(of rest: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        for character in rest {
            if character == "|", !escaped {
                cells.append(current)
                current = ""
            } else {
                current.append(character)
            }
            escaped = character == "\\"
        }
        cells.append(current)
        return Array(cells.map { $0.trimmingCharacters(in: .whitespaces) }.dropFirst().dropLast(current.trimmingCharacters(in: .whitespaces).isEmpty ? 1 : 0))
    }

    /// Markdown: the key, its type and what it means, other cells between; links to FORMAT.md's
    /// anchors made absolute.
    var markdown: String {
        let type = cells.first.map { $0.isEmpty ? "" : " (\(Self.absolute($0)))" } ?? ""
        var text = "**`\(key)`**\(type)"
        if cells.count > 1 {
            let others = cells.dropFirst().dropLast().filter { !$0.isEmpty }.map(Self.absolute)
            if !others.isEmpty { text += " · " + others.joined(separator: " · ") }
            if let meaning = cells.last, !meaning.isEmpty { text += ": " + Self.absolute(meaning) }
        }
        let link = CodeExplanation.documentationBase + "FORMAT.md#" + anchor
        return text + "\n\n[FORMAT.md#\(anchor)](\(link))"
    }

    /// `text` with FORMAT.md's links within the page (`(#anchor)`) pointing at the published page.
    private static func absolute(_ text: String) -> String {
        text.replacingOccurrences(of: "](#", with: "](" + CodeExplanation.documentationBase + "FORMAT.md#")
    }

    /// The key of an object member written at byte `offset` of `bytes`: the string holding the
    /// offset, followed by a colon, with the bytes of its name; nil elsewhere.
    static func key(at offset: Int, in bytes: [UInt8]) -> (name: String, range: Range<Int>)? {
        guard offset >= 0, offset < bytes.count else { return nil }
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != 0x0A, bytes[lineStart - 1] != 0x0D { lineStart -= 1 }
        var open: Int?
        var index = lineStart
        while index <= offset {
            switch bytes[index] {
            case UInt8(ascii: "\\") where open != nil: index += 1
            case UInt8(ascii: "\""):
                if let quote = open {
                    if index >= offset { return member(quote: quote, close: index, in: bytes) }
                    open = nil
                } else {
                    open = index
                }
            case 0x0A, 0x0D: return nil
            default: break
            }
            index += 1
        }
        guard let quote = open else { return nil }
        var close = index
        while close < bytes.count, bytes[close] != UInt8(ascii: "\"") {
            guard bytes[close] != 0x0A, bytes[close] != 0x0D else { return nil }
            close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1
        }
        return close < bytes.count ? member(quote: quote, close: close, in: bytes) : nil
    }

    /// The string from `quote` to `close` as a key: when a colon follows it.
    private static func member(quote: Int, close: Int, in bytes: [UInt8]) -> (name: String, range: Range<Int>)? {
        var after = close + 1
        while after < bytes.count, [0x20, 0x09].contains(bytes[after]) { after += 1 }
        guard after < bytes.count, bytes[after] == UInt8(ascii: ":") else { return nil }
        return (String(decoding: bytes[(quote + 1)..<close], as: UTF8.self), (quote + 1)..<close)
    }
}
