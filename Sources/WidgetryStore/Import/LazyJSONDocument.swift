#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import WidgetryExpressions
@_spi(WidgetryInternals) import WidgetryJSON

/// A JSON document read for import straight from its bytes
/// (``JSONImporter/importJSON(_:fileName:into:options:in:)``): one pass of ``JSONStreamReader``
/// (``DocumentReading``, on a second thread for a large document) validates all of it (the
/// reader accepts exactly what the parser accepts) and writes a flat list of entries, one per
/// value in document order, each with its key and byte ranges and the index past its
/// descendants. Nothing is decoded until the import asks (strings with escapes or
/// non-ASCII text are decoded once, during the pass), and there is no allocation per value.
final class LazyJSONDocument {
    enum Kind: UInt8 {
        case null, bool, integer, double, string, array, object
    }

    /// 24 bytes: a large response's index costs less than its bytes' doubling would.
    struct Entry {
        /// The kind (bits 0–2), whether a string is plain (bit 3), and the key (bits 4–31): 0 for
        /// none (array elements and the root), 1 for a decoded key, n + 2 for a plain key of n bytes.
        private var tags: UInt32
        /// A plain key's first byte, or a decoded key's index in ``strings``.
        var keyStart: Int32
        /// The value's first byte in the document.
        var start: Int32
        /// The entry after this one's descendants.
        var next: Int32 = 0
        /// An integer, a double's bits, a boolean (0/1), a plain string's range (start << 32 | end)
        /// or an index into ``strings``.
        var payload: UInt64 = 0

        /// The longest plain key the tags hold; a longer one is kept decoded.
        static let maxPlainKeyBytes = Int(UInt32.max >> 4) - 2

        /// `keyStart ..< keyEnd` are a plain key's bytes; `keyEnd` is -2 for a decoded key, -1 for none.
        init(kind: Kind, keyStart: Int32, keyEnd: Int32, start: Int32) {
            let key: UInt32 = keyEnd == -1 ? 0 : keyEnd == -2 ? 1 : UInt32(keyEnd - keyStart) + 2
            tags = UInt32(kind.rawValue) | key << 4
            self.keyStart = keyStart
            self.start = start
        }

        var kind: Kind {
            // Only `init` and this setter write the bits, always from a `Kind`.
            @inline(__always) get { unsafeBitCast(UInt8(truncatingIfNeeded: tags & 0x7), to: Kind.self) }
            set { tags = tags & ~0x7 | UInt32(newValue.rawValue) }
        }

        /// The string is ASCII without escapes (its text is its bytes); otherwise `payload`
        /// indexes ``strings``.
        var isPlainString: Bool {
            get { tags & 0x8 != 0 }
            set { tags = newValue ? tags | 0x8 : tags & ~0x8 }
        }

        /// Past a plain key's last byte; -2 for a decoded key, -1 for none.
        var keyEnd: Int32 {
            let key = tags >> 4
            return key == 0 ? -1 : key == 1 ? -2 : keyStart + Int32(key - 2)
        }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// The entries, in memory the document owns: the import reads them millions of times, and
    /// plain pointer reads keep reference counting out of that loop.
    let entries: UnsafeMutablePointer<Entry>
    /// Decoded strings and keys that are not plain.
    let strings: DecodedStrings
    /// The pass that writes the entries, perhaps still running (see ``DocumentReading``).
    let reading: DocumentReading

    /// Starts reading `bytes`: on a thread of its own when `concurrently`, otherwise before
    /// returning. Nil when memory for the entries cannot be reserved. Until ``DocumentReading/finish()``
    /// says the document is JSON, only the root's elements may be read, each through
    /// ``LazyJSONNode/forEachElement(_:)`` (after ``rootIsReady()``).
    init?(startReading bytes: UnsafeBufferPointer<UInt8>, concurrently: Bool) {
        guard let reading = DocumentReading(bytes) else { return nil }
        self.bytes = bytes
        entries = reading.entries
        strings = reading.strings
        self.reading = reading
        reading.start(concurrently: concurrently)
    }

    /// Reads and validates the whole document; throws where the reader stopped (at 0 when
    /// memory for the entries cannot be reserved).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONStreamError) -> LazyJSONDocument {
        guard let document = LazyJSONDocument(startReading: bytes, concurrently: false) else { throw JSONStreamError(offset: 0) }
        if let error = document.reading.finish() { throw error }
        return document
    }

    /// Waits until the root can be imported: a root array at once (its elements are waited for
    /// one by one), anything else once the whole document is read. False when the document is
    /// not JSON.
    func rootIsReady() -> Bool {
        guard reading.waitForEntry(0) else { return false }
        return entries[0].kind == .array || reading.finish() == nil
    }

    var root: LazyJSONNode { LazyJSONNode(document: self, index: 0) }

    /// The JSON Pointer of entry `target`: from the root, into the child whose entries hold it.
    func pointer(to target: Int) -> JSONPointer {
        var pointer = JSONPointer.root
        var current = 0
        while current != target {
            let isObject = entries[current].kind == .object
            var child = current + 1, position = 0
            while Int(entries[child].next) <= target {
                child = Int(entries[child].next)
                position += 1
            }
            pointer = isObject ? pointer.appending(key: key(of: child)) : pointer.appending(index: position)
            current = child
        }
        return pointer
    }

    /// Past the last byte of entry `index`'s value, read again from its start (only messages and
    /// containers handed to transformers need it, so the index does not keep it).
    func end(of index: Int) -> Int {
        let start = Int(entries[index].start)
        var reader = JSONStreamReader(UnsafeBufferPointer(rebasing: bytes[start...]))
        var depth = 0
        repeat {
            guard let token = try? reader.next() else { return bytes.count }
            switch token {
            case .beginObject, .beginArray: depth += 1
            case .endObject, .endArray: depth -= 1
            default: break
            }
        } while depth > 0
        return start + reader.endOffset
    }

    /// The key of object member `index`.
    private func key(of index: Int) -> String {
        let entry = entries[index]
        if entry.keyEnd < 0 { return strings[Int(entry.keyStart)] }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.keyStart)..<Int(entry.keyEnd)]), as: UTF8.self)
    }

    /// Whether entry `index`'s key is `text` (see ``LazyJSONNode/keyMatches(_:_:in:)``).
    func keyMatches(_ index: Int, _ text: String) -> Bool {
        let entry = entries[index]
        if entry.keyEnd == -2 { return strings[Int(entry.keyStart)] == text }
        if entry.keyEnd < 0 { return false }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.keyStart)..<Int(entry.keyEnd)]), as: UTF8.self) == text
    }
}

/// A value of a ``LazyJSONDocument``: the document and the value's entry. Valid while the
/// document is; it never outlives the import that made it.
struct LazyJSONNode {
    /// The document, unretained: the import holds it for as long as any node lives.
    private let owner: Unmanaged<LazyJSONDocument>
    /// The document's entries and bytes, read directly so the hot loop never touches the
    /// document object (or its reference count).
    private let entries: UnsafeMutablePointer<LazyJSONDocument.Entry>
    private let bytes: UnsafePointer<UInt8>
    private let byteCount: Int
    let index: Int

    init(document: LazyJSONDocument, index: Int) {
        owner = .passUnretained(document)
        entries = document.entries
        bytes = document.bytes.baseAddress!
        byteCount = document.bytes.count
        self.index = index
    }

    private init(_ other: LazyJSONNode, index: Int) {
        owner = other.owner
        entries = other.entries
        bytes = other.bytes
        byteCount = other.byteCount
        self.index = index
    }

    private var entry: LazyJSONDocument.Entry { entries[index] }

    private var document: LazyJSONDocument { owner.takeUnretainedValue() }

    /// Whether entry `index`'s key is the key at `position` in `path`, compared as the parsed tree
    /// compares keys (as Swift strings, so up to canonical equivalence); plain ASCII on both
    /// sides, the usual case, is two integer comparisons.
    @inline(__always)
    private func keyMatches(_ index: Int, _ position: Int, in path: ImportPath) -> Bool {
        let entry = entries[index]
        let key = path.keys[position]
        guard key.isShortASCII, entry.keyEnd >= 0 else { return owner._withUnsafeGuaranteedRef { $0.keyMatches(index, path.text(position)) } }
        let count = Int(entry.keyEnd - entry.keyStart), start = Int(entry.keyStart)
        guard count == key.count else { return false }
        return ShortKeyWords.load(bytes + start, count: count, readable: byteCount - start, masks: key.masks) == key.words
    }
}

extension LazyJSONNode: ImportNode {
    var isNull: Bool { entry.kind == .null }

    var isObject: Bool { entry.kind == .object }

    var prepared: LazyJSONNode { self }

    /// Looks for each key first where the path's hint says the last lookup found it (see
    /// ``ImportPath/hints``), then through every member. The first match is the only one: the
    /// reading pass refuses an object that repeats a key.
    @inline(__always)
    func member(at path: ImportPath) -> LazyJSONNode? {
        var current = index
        for position in path.keys.indices {
            let container = entries[current]
            guard container.kind == .object else { return nil }
            let end = Int(container.next), hint = Int(path.hints![position])
            var child = current + 1, ordinal = 0
            while ordinal < hint, child < end {
                child = Int(entries[child].next)
                ordinal += 1
            }
            if child >= end || !keyMatches(child, position, in: path) {
                child = current + 1
                ordinal = 0
                while child < end, !keyMatches(child, position, in: path) {
                    child = Int(entries[child].next)
                    ordinal += 1
                }
                guard child < end else { return nil }
                path.hints![position] = Int32(truncatingIfNeeded: ordinal)
            }
            current = child
        }
        return LazyJSONNode(self, index: current)
    }

    /// Each element of an array, in order. The root's elements are read as the document's
    /// reading pass completes them, and end where the document does.
    func forEachElement<Failure: Error>(_ body: (LazyJSONNode) throws(Failure) -> Void) throws(Failure) -> Bool {
        // The root's `next` is known once the document is read (``DocumentReading/finish()``).
        guard entries[index].kind == .array else { return false }
        if index == 0 {
            let reading = document.reading
            var child = 1
            while reading.waitForEntry(child) {
                try body(LazyJSONNode(self, index: child))
                child = Int(entries[child].next)
            }
            return true
        }
        let end = Int(entries[index].next)
        var child = index + 1
        while child < end {
            try body(LazyJSONNode(self, index: child))
            child = Int(entries[child].next)
        }
        return true
    }

    var expressionValue: Value {
        @inline(__always) get {
            let entry = entry
            switch entry.kind {
            case .null: return .null
            case .bool: return .bool(entry.payload != 0)
            case .integer: return .int(Int64(bitPattern: entry.payload))
            case .double: return .double(Double(bitPattern: entry.payload))
            case .string:
                guard entry.isPlainString else { return .string(document.strings[Int(entry.payload)]) }
                return .string(withPlainStringBytes { String(decoding: $0, as: UTF8.self) }!)
            case .array, .object:
                return containerValue
            }
        }
    }

    /// A container as a value (for a transformer): the value the parsed tree gives.
    private var containerValue: Value {
        let root = try? JSONParser.parse(Array(document.bytes[Int(entry.start)..<document.end(of: index)])).root
        return root.map { Value(json: $0) } ?? .null
    }

    func withPlainStringBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result?) -> Result? {
        let entry = entry
        guard entry.kind == .string, entry.isPlainString else { return nil }
        return body(UnsafeBufferPointer(start: bytes + Int(entry.payload >> 32), count: Int(entry.payload & 0xFFFF_FFFF) - Int(entry.payload >> 32)))
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

    /// Compact JSON, as the parsed tree writes it (messages say the same on either path).
    var jsonText: String {
        let source = document.bytes[Int(entry.start)..<document.end(of: index)]
        return (try? JSONParser.parse(Array(source)).root.serialized()) ?? String(decoding: UnsafeBufferPointer(rebasing: source), as: UTF8.self)
    }

    func hasSameContent(as other: LazyJSONNode) -> Bool {
        owner.toOpaque() == other.owner.toOpaque() && owner._withUnsafeGuaranteedRef { $0.sameContent(index, other.index) }
    }

    /// Placed as the parsed tree places it: line and column counted from the document's start,
    /// the pointer found by walking down from the root (both only when an import fails).
    func importError(_ code: ImportError.Code, _ message: String, hint: String?) -> ImportError {
        let document = document
        return ImportError(code, message, location: SourceLocation(offset: Int(entry.start), in: document.bytes),
                           pointer: document.pointer(to: index), hint: hint)
    }
}

extension LazyJSONDocument {
    /// Whether the values at entries `a` and `b` are the same JSON: the same bytes from the
    /// first value's start to the last one's (so the same keys, scalars and shape, whitespace
    /// included), and the same last value. Decodes nothing.
    func sameContent(_ a: Int, _ b: Int) -> Bool {
        let last = Int(entries[a].next) - 1 - a
        guard Int(entries[b].next) - 1 - b == last else { return false }
        let x = entries[a + last], y = entries[b + last]
        let prefix = Int(x.start) - Int(entries[a].start)
        guard Int(y.start) - Int(entries[b].start) == prefix, x.kind == y.kind, x.isPlainString == y.isPlainString,
              sameBytes(Int(entries[a].start)..<Int(x.start), Int(entries[b].start)..<Int(y.start)) else { return false }
        switch x.kind {
        case .null, .array, .object:
            return true
        case .bool, .integer, .double:
            return x.payload == y.payload
        case .string:
            guard x.isPlainString else { return strings[Int(x.payload)] == strings[Int(y.payload)] }
            return sameBytes(Int(x.payload >> 32)..<Int(x.payload & 0xFFFF_FFFF), Int(y.payload >> 32)..<Int(y.payload & 0xFFFF_FFFF))
        }
    }

    private func sameBytes(_ x: Range<Int>, _ y: Range<Int>) -> Bool {
        x.count == y.count && memcmp(bytes.baseAddress! + x.lowerBound, bytes.baseAddress! + y.lowerBound, x.count) == 0
    }
}
