// The four predicates written by hand in Swift: what a host would write instead of a predicate.
// They read the same records (`Value.dictionary`) through the same public accessors a host uses
// (keys prepared once as `DictionaryKey`, the dictionary's subscript), and test with the same
// semantics: numbers compared as numbers, `[cd]` folding case and diacritics (ASCII lowered in
// place, anything else folded by Foundation as the language does), BEGINSWITH by canonical
// equivalence (`String.hasPrefix`), MATCHES with WidgetryRegex compiled once.
import Foundation
import WidgetryExpressions
import WidgetryRegex

struct HandWritten {
    private let favoritesCount = DictionaryKey("favoritesCount")
    private let text = DictionaryKey("text")
    private let author = DictionaryKey("author")
    private let name = DictionaryKey("name")
    private let swift = Array("swift".utf8)
    private let regex: RegularExpression

    init() throws {
        regex = try RegularExpression(".*number [0-9]+ about.*")
    }

    /// How many of `records` the case named `name` matches.
    func count(_ name: String, in records: [Value]) throws -> Int {
        var count = 0
        switch name {
        case "count-gt":
            for record in records where integer(record, favoritesCount).map({ $0 > 50 }) ?? false { count += 1 }
        case "contains-cd-and":
            for record in records {
                guard let text = string(record, text), containsFolded(text, swift) else { continue }
                if integer(record, favoritesCount).map({ $0 >= 10 }) ?? false { count += 1 }
            }
        case "keypath-beginswith":
            for record in records {
                guard case .dictionary(let fields) = record, case .dictionary(let author)? = fields[author],
                      case .string(let name)? = author[self.name] else { continue }
                if name.hasPrefix("user 1") { count += 1 }
            }
        case "matches":
            for record in records {
                guard let text = string(record, text) else { continue }
                if try regex.matchesWhole(text) { count += 1 }
            }
        default:
            throw Failure("no hand-written version of \(name)")
        }
        return count
    }

    @inline(__always)
    private func integer(_ record: Value, _ key: DictionaryKey) -> Int64? {
        guard case .dictionary(let fields) = record, case .int(let value)? = fields[key] else { return nil }
        return value
    }

    @inline(__always)
    private func string(_ record: Value, _ key: DictionaryKey) -> String? {
        guard case .dictionary(let fields) = record, case .string(let value)? = fields[key] else { return nil }
        return value
    }

    /// Whether `text` contains `needle` (lowercase ASCII) ignoring case and diacritics.
    private func containsFolded(_ text: String, _ needle: [UInt8]) -> Bool {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            bytes.contains { $0 >= 0x80 } ? nil : contains(bytes, needle, lowering: true)
        }
        if let ascii = ascii ?? nil { return ascii }
        let folded = Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).precomposedStringWithCanonicalMapping.utf8)
        return folded.withUnsafeBufferPointer { contains($0, needle, lowering: false) }
    }

    /// Byte substring search, lowering ASCII capitals of `bytes` when `lowering`.
    @inline(__always)
    private func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], lowering: Bool) -> Bool {
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) {
            var matched = 0
            while matched < needle.count, (lowering ? lowered(bytes[start + matched]) : bytes[start + matched]) == needle[matched] {
                matched += 1
            }
            if matched == needle.count { return true }
        }
        return false
    }

    @inline(__always)
    private func lowered(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
