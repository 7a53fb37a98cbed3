/// A JSON document as one flat array of entries in document order, without a tree: what a
/// reader that only needs to look (validation, classification) builds instead of a
/// ``JSONValue``.
///
/// Building a tape reads the bytes with ``JSONStreamReader``, so it accepts exactly the
/// documents ``JSONParser`` accepts with the same options, and describes the same values. It
/// allocates one array of entries for the whole document (besides the reader's small stacks),
/// never one object per value: strings and keys are byte ranges of the input, decoded only when
/// asked for, and a container records how many values it holds and where it ends, so a reader
/// skips it in one step.
///
/// Values are addressed by ``Index``: the root is ``root``; an object's members follow it as a
/// key entry and the member's value, an array's elements follow it in order, and ``after(_:)``
/// is the index of whatever comes after a value (its next sibling):
///
/// ```swift
/// var member = tape.firstChild(of: object)
/// for _ in 0..<tape.count(of: object) {
///     let key = tape.string(at: member), value = member + 1
///     member = tape.after(value)
/// }
/// ```
///
/// Locations are not kept: where a finding needs a line and column, parse the same bytes with
/// ``JSONParser``.
public struct JSONTape: Sendable {
    /// The place of a value (or of a member's key) on the tape.
    public typealias Index = Int

    /// What an entry holds.
    public enum Kind: UInt8, Sendable {
        case object, array
        /// An object member's key; its value is the next entry.
        case key
        case string, integer, double
        case `false`, `true`, null
    }

    /// One value or key, 16 bytes.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var kind: Kind
        /// ``JSONTape/escapedFlag`` and ``JSONTape/plainFlag`` for keys and strings.
        @usableFromInline var flags: UInt8
        /// The members or elements of a container.
        @usableFromInline var count: UInt32
        /// Keys and strings: the content's byte range (between the quotes). Containers: the
        /// index after the container's last entry, in `second`. Numbers: the value's bits,
        /// low half first.
        @usableFromInline var first: UInt32
        @usableFromInline var second: UInt32
    }

    @usableFromInline static let escapedFlag: UInt8 = 1
    @usableFromInline static let plainFlag: UInt8 = 2

    /// The document's bytes.
    public let bytes: [UInt8]
    /// The entries, read in place by the accessors (inlinable: a reader in another module runs
    /// them in its hot loops).
    @usableFromInline let entries: [Entry]

    /// The tape of `bytes`.
    ///
    /// With ``JSONParserOptions/DuplicateKeyPolicy/keepFirst`` or `.keepLast`, every member is
    /// on the tape in source order, repeated keys included; with `.reject` (the default) a
    /// repeated key fails the build as it fails a parse.
    ///
    /// - Throws: ``JSONStreamError`` with the offset where reading stopped when the bytes are
    ///   not a document the parser accepts, or when they are 4 GiB or more (offsets are 32 bits).
    public init(_ bytes: [UInt8], options: JSONParserOptions = JSONParserOptions()) throws(JSONStreamError) {
        guard bytes.count < Int(UInt32.max) else { throw JSONStreamError(offset: 0) }
        self.bytes = bytes
        self.entries = try bytes.withUnsafeBufferPointer { buffer throws(JSONStreamError) in
            try JSONTape.entries(of: buffer, options: options)
        }
    }

    private static func entries(of buffer: UnsafeBufferPointer<UInt8>, options: JSONParserOptions) throws(JSONStreamError) -> [Entry] {
        var reader = JSONStreamReader(buffer, options: options)
        var entries: [Entry] = []
        // A rough guess that saves most regrowth: about one entry per eight bytes of JSON.
        entries.reserveCapacity(buffer.count / 8 + 4)
        var open: [Int] = []
        while true {
            let token = try reader.next()
            var entry = Entry(kind: .null, flags: 0, count: 0, first: 0, second: 0)
            switch token {
            case .endOfDocument:
                return entries
            case .endObject, .endArray:
                let container = open.removeLast()
                entries[container].second = UInt32(entries.count)
                continue
            case .key:
                entry.kind = .key
                entry.first = UInt32(reader.lastStringRange.lowerBound)
                entry.second = UInt32(reader.lastStringRange.upperBound)
                entry.flags = (reader.stringHasEscapes ? escapedFlag : 0) | (reader.lastStringIsPlain ? plainFlag : 0)
                entries[open[open.count - 1]].count += 1
                entries.append(entry)
                continue
            case .beginObject: entry.kind = .object
            case .beginArray: entry.kind = .array
            case .string:
                entry.kind = .string
                entry.first = UInt32(reader.lastStringRange.lowerBound)
                entry.second = UInt32(reader.lastStringRange.upperBound)
                entry.flags = (reader.stringHasEscapes ? escapedFlag : 0) | (reader.lastStringIsPlain ? plainFlag : 0)
            case .number:
                let bits: UInt64
                switch reader.number {
                case .integer(let value):
                    entry.kind = .integer
                    bits = UInt64(bitPattern: value)
                case .double(let value):
                    entry.kind = .double
                    bits = value.bitPattern
                }
                entry.first = UInt32(truncatingIfNeeded: bits)
                entry.second = UInt32(truncatingIfNeeded: bits >> 32)
            case .bool(let value): entry.kind = value ? .true : .false
            case .null: entry.kind = .null
            }
            // A value: an array counts it as an element (an object counted its key).
            if let parent = open.last, entries[parent].kind == .array { entries[parent].count += 1 }
            if entry.kind == .object || entry.kind == .array { open.append(entries.count) }
            entries.append(entry)
        }
    }

    // MARK: Reading

    /// The root value.
    public var root: Index { 0 }

    /// What the entry at `index` holds.
    @inlinable
    public func kind(of index: Index) -> Kind { entries[index].kind }

    /// How many members an object, or elements an array, holds (0 for anything else).
    @inlinable
    public func count(of index: Index) -> Int { Int(entries[index].count) }

    /// The first member's key of an object, or the first element of an array (when it has any).
    @inlinable
    public func firstChild(of index: Index) -> Index { index + 1 }

    /// The index just past the value at `index` (past a container's last entry): the next
    /// sibling, or the end of the enclosing container.
    @inlinable
    public func after(_ index: Index) -> Index {
        let entry = entries[index]
        return entry.kind == .object || entry.kind == .array ? Int(entry.second) : index + 1
    }

    /// The number at `index`, `.integer` or `.double` as the parser reads it; nil for anything else.
    @inlinable
    public func number(at index: Index) -> JSONValue.Kind? {
        let entry = entries[index]
        let bits = UInt64(entry.first) | UInt64(entry.second) << 32
        switch entry.kind {
        case .integer: return .integer(Int64(bitPattern: bits))
        case .double: return .double(Double(bitPattern: bits))
        default: return nil
        }
    }

    /// The byte range of a key's or string's content, between its quotes, in ``bytes``.
    @inlinable
    public func stringRange(at index: Index) -> Range<Int> {
        Int(entries[index].first)..<Int(entries[index].second)
    }

    /// Whether the key or string at `index` is written without escapes: its text's UTF-8 is
    /// then exactly the bytes of ``stringRange(at:)``.
    @inlinable
    public func stringIsVerbatim(at index: Index) -> Bool { entries[index].flags & JSONTape.escapedFlag == 0 }

    /// Whether the key or string at `index` is ASCII without escapes.
    @inlinable
    public func stringIsPlain(at index: Index) -> Bool { entries[index].flags & JSONTape.plainFlag != 0 }

    /// The decoded text of the key or string at `index`.
    public func string(at index: Index) -> String {
        let range = stringRange(at: index)
        return bytes.withUnsafeBufferPointer { buffer in
            JSONStreamReader.decodedText(in: buffer, start: range.lowerBound, end: range.upperBound, hasEscapes: !stringIsVerbatim(at: index))
        }
    }

    /// Whether the key or string at `index` has exactly the code points of `text`.
    public func string(at index: Index, hasScalarsOf text: String) -> Bool {
        guard stringIsVerbatim(at: index) else { return string(at: index).utf8.elementsEqual(text.utf8) }
        // UTF-8 encodes each sequence of code points one way: equal bytes, equal code points.
        let range = stringRange(at: index)
        return bytes[range].elementsEqual(text.utf8)
    }

    /// The value of the member `name` of the object at `index`, keys compared as the parser's
    /// objects compare them (as Swift strings); nil when it has none or is not an object.
    public func member(_ name: String, of index: Index) -> Index? {
        guard kind(of: index) == .object else { return nil }
        var key = firstChild(of: index)
        for _ in 0..<count(of: index) {
            if keyEquals(key, name) { return key + 1 }
            key = after(key + 1)
        }
        return nil
    }

    /// The text of the member `name` of the object at `index` when it is a string; nil otherwise.
    public func stringMember(_ name: String, of index: Index) -> String? {
        guard let value = member(name, of: index), kind(of: value) == .string else { return nil }
        return string(at: value)
    }

    /// Whether the key at `index` equals `name` as Swift strings compare (canonical equivalence).
    public func keyEquals(_ index: Index, _ name: String) -> Bool {
        var name = name
        let plain: Bool? = name.withUTF8 { text in
            // Plain ASCII on both sides: equal exactly when the bytes are.
            guard stringIsPlain(at: index), !text.contains(where: { $0 >= 0x80 }) else { return nil }
            let range = stringRange(at: index)
            guard range.count == text.count else { return false }
            return range.isEmpty || bytes.withUnsafeBufferPointer {
                JSONStreamReader.bytesEqual($0.baseAddress! + range.lowerBound, text.baseAddress!, count: range.count)
            }
        }
        return plain ?? (string(at: index) == name)
    }
}
