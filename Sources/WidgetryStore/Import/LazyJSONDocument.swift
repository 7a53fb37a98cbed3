#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import WidgetryExpressions
import WidgetryJSON

/// A JSON document read for import straight from its bytes
/// (``JSONImporter/importJSON(_:fileName:into:options:in:)``): one pass of ``JSONStreamReader``
/// validates all of it (the reader accepts exactly what the parser accepts) and writes a flat
/// list of entries, one per value in document order, each with its key and byte ranges and the
/// index past its descendants. Nothing is decoded until the import asks (strings with escapes or
/// non-ASCII text are decoded once, during the pass), and there is no allocation per value.
final class LazyJSONDocument {
    enum Kind: UInt8 {
        case null, bool, integer, double, string, array, object
    }

    struct Entry {
        var kind: Kind
        /// The string is ASCII without escapes (its text is its bytes); otherwise `payload`
        /// indexes ``strings``.
        var isPlainString = false
        /// The key is ASCII without escapes (`keyStart..<keyEnd` are its bytes); otherwise, when
        /// `keyEnd` < 0, `keyStart` indexes ``strings``. -1 ..< -1 for array elements and the root.
        var keyStart: Int32 = -1
        var keyEnd: Int32 = -1
        /// The value's bytes in the document.
        var start: Int32
        var end: Int32 = 0
        /// The entry after this one's descendants.
        var next: Int32 = 0
        /// An integer, a double's bits, a boolean (0/1), a plain string's range (start << 32 | end)
        /// or an index into ``strings``.
        var payload: UInt64 = 0
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// The entries, in memory the document owns: the import reads them millions of times, and
    /// plain pointer reads keep reference counting out of that loop.
    let entries: UnsafeMutableBufferPointer<Entry>
    /// Decoded strings and keys that are not plain.
    let strings: [String]

    /// Reads and validates the whole document; throws where the reader stopped.
    init(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONStreamError) {
        self.bytes = bytes
        let (entries, strings) = try LazyJSONDocument.read(bytes)
        self.entries = .allocate(capacity: entries.count)
        _ = self.entries.initialize(from: entries)
        self.strings = strings
    }

    deinit {
        entries.deallocate()
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONStreamError) -> ([Entry], [String]) {
        var entries: [Entry] = [], strings: [String] = []
        entries.reserveCapacity(bytes.count / 12)
        var reader = JSONStreamReader(bytes)
        var open: [Int] = []
        var keyStart: Int32 = -1, keyEnd: Int32 = -1
        while true {
            let token = try reader.next()
            var entry = Entry(kind: .null, keyStart: keyStart, keyEnd: keyEnd, start: Int32(reader.tokenOffset))
            keyStart = -1
            keyEnd = -1
            switch token {
            case .key:
                if reader.lastStringIsPlain {
                    keyStart = Int32(reader.lastStringRange.lowerBound)
                    keyEnd = Int32(reader.lastStringRange.upperBound)
                } else {
                    keyStart = Int32(strings.count)
                    keyEnd = -2
                    strings.append(reader.stringValue)
                }
                continue
            case .beginObject, .beginArray:
                entry.kind = token == .beginObject ? .object : .array
                open.append(entries.count)
                entries.append(entry)
                continue
            case .endObject, .endArray:
                let index = open.removeLast()
                entries[index].end = Int32(reader.endOffset)
                entries[index].next = Int32(entries.count)
                continue
            case .endOfDocument:
                return (entries, strings)
            case .null:
                entry.kind = .null
            case .bool(let flag):
                entry.kind = .bool
                entry.payload = flag ? 1 : 0
            case .number:
                switch reader.numberValue {
                case .integer(let number):
                    entry.kind = .integer
                    entry.payload = UInt64(bitPattern: number)
                case .double(let number):
                    entry.kind = .double
                    entry.payload = number.bitPattern
                default:
                    break
                }
            case .string:
                entry.kind = .string
                if reader.lastStringIsPlain {
                    entry.isPlainString = true
                    entry.payload = UInt64(reader.lastStringRange.lowerBound) << 32 | UInt64(reader.lastStringRange.upperBound)
                } else {
                    entry.payload = UInt64(strings.count)
                    strings.append(reader.stringValue)
                }
            }
            entry.end = Int32(reader.endOffset)
            entry.next = Int32(entries.count + 1)
            entries.append(entry)
        }
    }

    var root: LazyJSONNode { LazyJSONNode(document: self, index: 0) }

    /// Whether entry `index`'s key is `key`, compared as the parsed tree compares keys (as Swift
    /// strings, so up to canonical equivalence).
    func key(of index: Int, is key: ImportPath.Key) -> Bool {
        let entry = entries[index]
        if entry.keyEnd == -2 { return strings[Int(entry.keyStart)] == key.text }
        let count = Int(entry.keyEnd - entry.keyStart)
        guard key.isASCII else {
            // An ASCII key can still equal a non-ASCII one up to canonical equivalence.
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.keyStart)..<Int(entry.keyEnd)]), as: UTF8.self) == key.text
        }
        guard count == key.utf8.count else { return false }
        guard count > 0 else { return true }
        return key.utf8.withUnsafeBufferPointer { utf8 in memcmp(bytes.baseAddress! + Int(entry.keyStart), utf8.baseAddress!, count) == 0 }
    }
}

/// A value of a ``LazyJSONDocument``: the document and the value's entry. Valid while the
/// document is; it never outlives the import that made it.
struct LazyJSONNode {
    unowned(unsafe) let document: LazyJSONDocument
    let index: Int

    private var entry: LazyJSONDocument.Entry { document.entries[index] }
}

extension LazyJSONNode: ImportNode {
    var isNull: Bool { entry.kind == .null }

    var isObject: Bool { entry.kind == .object }

    var prepared: LazyJSONNode { self }

    func member(at path: ImportPath) -> LazyJSONNode? {
        var current = index
        for key in path.keys {
            let container = document.entries[current]
            guard container.kind == .object else { return nil }
            var child = current + 1
            while child < Int(container.next), !document.key(of: child, is: key) {
                child = Int(document.entries[child].next)
            }
            guard child < Int(container.next) else { return nil }
            current = child
        }
        return LazyJSONNode(document: document, index: current)
    }

    var elements: [LazyJSONNode]? {
        let container = entry
        guard container.kind == .array else { return nil }
        var elements: [LazyJSONNode] = []
        var child = index + 1
        while child < Int(container.next) {
            elements.append(LazyJSONNode(document: document, index: child))
            child = Int(document.entries[child].next)
        }
        return elements
    }

    var expressionValue: Value {
        let entry = entry
        switch entry.kind {
        case .null: return .null
        case .bool: return .bool(entry.payload != 0)
        case .integer: return .int(Int64(bitPattern: entry.payload))
        case .double: return .double(Double(bitPattern: entry.payload))
        case .string:
            guard entry.isPlainString else { return .string(document.strings[Int(entry.payload)]) }
            let text = UnsafeBufferPointer(rebasing: document.bytes[Int(entry.payload >> 32)..<Int(entry.payload & 0xFFFF_FFFF)])
            return .string(String(decoding: text, as: UTF8.self))
        case .array, .object:
            // A container as a value (for a transformer): the value the parsed tree gives.
            let root = try? JSONParser.parse(Array(document.bytes[Int(entry.start)..<Int(entry.end)])).root
            return root.map { Value(json: $0) } ?? .null
        }
    }

    var typeName: String {
        switch entry.kind {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    var jsonText: String {
        String(decoding: UnsafeBufferPointer(rebasing: document.bytes[Int(entry.start)..<Int(entry.end)]), as: UTF8.self)
    }

    func importError(_ code: ImportError.Code, _ message: String, hint: String?) -> ImportError {
        ImportError(code, message, at: JSONValue(.null), hint: hint)
    }
}
