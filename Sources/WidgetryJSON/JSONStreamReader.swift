/// A forward-only pull reader over UTF-8 JSON bytes, for hot paths that read large documents
/// and keep only some of their members.
///
/// The reader is strict: it accepts exactly the documents ``JSONParser/parse(_:fileName:options:)``
/// accepts with the same ``JSONParserOptions`` (limits, byte order mark, UTF-8 validation,
/// escapes, surrogate pairs, number grammar and range, duplicate keys, trailing content), and for
/// those documents its tokens describe exactly the parser's tree: the same members in the same
/// order, numbers classified and converted the same way, strings decoded to the same text. Every
/// value is fully validated, skipped ones included, before the token after it is returned.
///
/// Nothing is allocated per token: strings are decoded only when asked for (``stringValue``),
/// keys can be compared in place (``lastStringEquals(_:)``), and containers and the keys of open
/// objects live on stacks the reader reuses. The exceptions are rare: a number that is neither
/// an `Int64` nor a double with at most about 16 significant digits and a decimal exponent
/// within ±22 is converted through the standard library, as the parser does; keys with escapes
/// or non-ASCII text are compared as decoded strings, and so are the keys of objects with more
/// than 16 members.
///
/// Duplicate keys: with ``JSONParserOptions/DuplicateKeyPolicy/reject`` (the default) a key equal
/// to an earlier key of the same object fails the read at the repeated key. Keys compare as Swift
/// strings do, up to Unicode canonical equivalence, as in the parser. With `.keepFirst` and
/// `.keepLast` the reader reports every member in source order, repeated ones included, and
/// applying the policy is up to the caller.
///
/// Errors: a malformed document throws a ``JSONStreamError`` that carries only the byte offset
/// where the reader stopped (at most the input's length), and every later call throws it again.
/// To tell a person what is wrong, parse the same bytes with ``JSONParser``: it rejects them too
/// and throws the canonical ``JSONParseError`` with its code, line, column, pointer and hint.
///
/// The reader neither copies nor owns its input: the bytes must stay alive and unchanged while
/// it is used, for example inside `Array.withUnsafeBufferPointer`.
///
/// ```swift
/// var reader = JSONStreamReader(buffer)
/// guard try reader.next() == .beginObject else { ... }
/// while try reader.next() == .key {
///     if reader.lastStringEquals("id_str") {
///         guard try reader.next() == .string else { ... }
///         id = reader.stringValue
///     } else {
///         try reader.skipValue()
///     }
/// }
/// ```
public struct JSONStreamReader: ~Copyable {
    /// One step through the document.
    public enum Token: Equatable, Sendable {
        case beginObject
        case endObject
        case beginArray
        case endArray
        /// An object member's key (read it with ``JSONStreamReader/stringValue`` or
        /// ``JSONStreamReader/lastStringEquals(_:)``); the member's value comes next.
        case key
        /// A string value (read it as a key is read).
        case string
        /// A number (read it with ``JSONStreamReader/numberValue``).
        case number
        case bool(Bool)
        case null
        /// The root value and the whitespace after it are read; later calls return this again.
        case endOfDocument
    }

    /// What the reader expects next.
    enum State {
        case start
        /// A value: the root, a member's value after its colon, or an array element after a comma.
        case value
        /// A key or `}` right after `{`.
        case firstMember
        /// A value or `]` right after `[`.
        case firstElement
        /// A comma or the end of the enclosing container, or the end of the document at the root.
        case afterValue
        case finished
        case failed
    }

    /// Marks an array on the container stack; an object is marked by the position of its first
    /// key in `keySpans`, which is never negative.
    static let arrayMarker = -1
    /// The value of `top` when no container is open.
    static let rootMarker = -2

    let input: UnsafeBufferPointer<UInt8>
    let end: Int
    let maxDepth: Int
    let maxStringBytes: Int
    let maxDocumentBytes: Int
    let rejectsDuplicateKeys: Bool

    var position = 0
    var state = State.start
    var failureOffset = 0
    /// An open container: its marker (see `arrayMarker`) and the key bits of the object around
    /// it, which come back when it closes.
    struct Container {
        var marker: Int
        var outerKeyBits: UInt64
    }

    /// The open containers, outermost first, and the innermost one's marker.
    var containers = ReaderStack<Container>()
    var top = JSONStreamReader.rootMarker
    /// The keys of the open objects, each object's keys together (only with `.reject`).
    var keySpans = ReaderStack<KeySpan>()
    /// Decoded keys of open objects with many members, by nesting level, reused.
    var largeObjectKeys: [Set<String>] = []
    /// A bit for each plain key of the innermost object (``JSONParserCore/keySummary(_:)``; a key
    /// that is not plain sets every bit): a plain key whose bit is clear is new without comparing
    /// it to the others. The outer containers' bits wait in `containers`.
    var keyBits: UInt64 = 0

    /// The content (between the quotes) of the last key or string.
    var stringStart = 0
    var stringEnd = 0
    var stringHasEscapes = false
    /// ASCII without escapes.
    var stringIsPlain = true
    var number = JSONSyntax.Number.integer(0)

    /// The byte offset where the last token starts (for ``Token/endOfDocument``, the input's length).
    public private(set) var tokenOffset = 0

    /// A reader over `bytes`, which must stay alive and unchanged while the reader is used.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONParserOptions = JSONParserOptions()) {
        input = bytes
        end = bytes.count
        maxDepth = options.maxDepth
        maxStringBytes = options.maxStringBytes
        maxDocumentBytes = options.maxDocumentBytes
        rejectsDuplicateKeys = options.duplicateKeys == .reject
    }

    /// The byte offset just past the last token read (past the whole value after ``skipValue()``).
    public var endOffset: Int { position }

    /// Whether the last ``Token/key`` or ``Token/string`` is ASCII without escapes: its text is
    /// then exactly the bytes between its quotes.
    public var lastStringIsPlain: Bool { stringIsPlain }

    /// The byte range of the last ``Token/key`` or ``Token/string`` between its quotes.
    public var lastStringRange: Range<Int> { stringStart..<stringEnd }

    /// The number of containers open around the reader's position: 1 after the root's
    /// ``Token/beginObject``, 0 again after its ``Token/endObject``.
    public var depth: Int { containers.count }

    /// The value of the last ``Token/number``: `.integer` or `.double`, exactly as the parser
    /// would read it.
    public var numberValue: JSONValue.Kind {
        switch number {
        case .integer(let value): .integer(value)
        case .double(let value): .double(value)
        }
    }

    /// The last ``Token/number`` as 64 bits, and whether they are an `Int64` (otherwise a
    /// `Double`'s bit pattern): ``numberValue`` without making a `JSONValue.Kind`, a large enum
    /// returned through memory, for a loop that reads every number.
    package var lastNumberBits: (isInteger: Bool, bits: UInt64) {
        switch number {
        case .integer(let value): (true, UInt64(bitPattern: value))
        case .double(let value): (false, value.bitPattern)
        }
    }

    // MARK: Reading

    /// Reads the next token.
    public mutating func next() throws(JSONStreamError) -> Token {
        do {
            return try nextToken()
        } catch {
            state = .failed
            failureOffset = error.offset
            throw error
        }
    }

    /// Reads past the next value, containers whole, validating it as ``next()`` would.
    ///
    /// Call it where a value comes next: after ``Token/key``, at the root before anything is
    /// read, or in an array (after ``Token/beginArray`` or an element). When the array ends there
    /// instead, or the root value was already read, it reads nothing and returns false; the next
    /// ``next()`` returns ``Token/endArray`` (or ``Token/endOfDocument``). Where an object key
    /// comes next, it skips the whole member, key and value (and reads the object's `}` instead,
    /// returning false, when the object ends there). Afterwards ``stringValue``,
    /// ``numberValue`` and ``tokenOffset`` describe the last token inside the skipped value.
    @discardableResult
    public mutating func skipValue() throws(JSONStreamError) -> Bool {
        do throws(JSONStreamError) {
            switch state {
            case .value, .start:
                break
            case .firstElement:
                skipWhitespace()
                if position < end, input[position] == UInt8(ascii: "]") { return false }
                state = .value
            case .afterValue where top == JSONStreamReader.arrayMarker:
                skipWhitespace()
                guard position < end else { throw JSONStreamError(offset: position) }
                switch input[position] {
                case UInt8(ascii: "]"): return false
                case UInt8(ascii: ","):
                    position += 1
                    state = .value
                default: throw JSONStreamError(offset: position)
                }
            case .afterValue where top == JSONStreamReader.rootMarker, .finished:
                return false
            case .firstMember, .afterValue:
                // An object member comes next: skip it whole, key and value.
                switch try nextToken() {
                case .key: break
                case .endObject: return false
                default: throw JSONStreamError(offset: tokenOffset)
                }
            case .failed:
                throw JSONStreamError(offset: failureOffset)
            }
            let outerDepth = containers.count
            repeat {
                _ = try nextToken()
            } while containers.count > outerDepth
            return true
        } catch {
            state = .failed
            failureOffset = error.offset
            throw error
        }
    }

    @inline(__always)
    mutating func nextToken() throws(JSONStreamError) -> Token {
        switch state {
        case .value: return try readValue()
        case .afterValue: return try readAfterValue()
        case .firstMember: return try readFirstMember()
        case .firstElement: return try readFirstElement()
        case .start: return try readStart()
        case .finished:
            tokenOffset = end
            return .endOfDocument
        case .failed: throw JSONStreamError(offset: failureOffset)
        }
    }

    private mutating func readStart() throws(JSONStreamError) -> Token {
        guard end <= maxDocumentBytes else { throw JSONStreamError(offset: 0) }
        if end >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF {
            position = 3
        }
        return try readValue()
    }

    /// Reads the value that starts after any whitespace at `position`.
    private mutating func readValue() throws(JSONStreamError) -> Token {
        skipWhitespace()
        guard position < end else { throw JSONStreamError(offset: position) }
        tokenOffset = position
        switch input[position] {
        case UInt8(ascii: "\""):
            try scanString()
            state = .afterValue
            return .string
        case UInt8(ascii: "{"):
            try open(keySpans.count)
            state = .firstMember
            return .beginObject
        case UInt8(ascii: "["):
            try open(JSONStreamReader.arrayMarker)
            state = .firstElement
            return .beginArray
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            do {
                let scanned = try JSONSyntax.scanNumber(in: input, from: position)
                number = scanned.value
                position = scanned.end
            } catch {
                throw JSONStreamError(offset: error.offset)
            }
            state = .afterValue
            return .number
        case UInt8(ascii: "t"):
            try expectLiteral(0x72, 0x75, 0x65, length: 4)  // "rue"
            state = .afterValue
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral(0x61, 0x6C, 0x73, length: 5)  // "als", then "e"
            state = .afterValue
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral(0x75, 0x6C, 0x6C, length: 4)  // "ull"
            state = .afterValue
            return .null
        default:
            throw JSONStreamError(offset: position)
        }
    }

    /// After a complete value: a comma and the next member or element, or the container's end,
    /// or at the root the end of the document.
    private mutating func readAfterValue() throws(JSONStreamError) -> Token {
        if position >= end || input[position] <= 0x20 {
            skipWhitespace()
        }
        guard position < end else {
            guard top == JSONStreamReader.rootMarker else { throw JSONStreamError(offset: position) }
            state = .finished
            tokenOffset = end
            return .endOfDocument
        }
        let byte = input[position]
        if top >= 0 {
            if byte == UInt8(ascii: ",") {
                position += 1
                return try readKey()
            }
            if byte == UInt8(ascii: "}") {
                close()
                return .endObject
            }
        } else if top == JSONStreamReader.arrayMarker {
            if byte == UInt8(ascii: ",") {
                position += 1
                return try readValue()
            }
            if byte == UInt8(ascii: "]") {
                close()
                return .endArray
            }
        }
        throw JSONStreamError(offset: position)
    }

    private mutating func readFirstMember() throws(JSONStreamError) -> Token {
        skipWhitespace()
        if position < end, input[position] == UInt8(ascii: "}") {
            close()
            state = .afterValue
            return .endObject
        }
        return try readKey()
    }

    private mutating func readFirstElement() throws(JSONStreamError) -> Token {
        skipWhitespace()
        if position < end, input[position] == UInt8(ascii: "]") {
            close()
            state = .afterValue
            return .endArray
        }
        return try readValue()
    }

    /// Reads `"key" :`, leaving the reader before the member's value.
    @inline(__always)
    private mutating func readKey() throws(JSONStreamError) -> Token {
        skipWhitespace()
        guard position < end, input[position] == UInt8(ascii: "\"") else { throw JSONStreamError(offset: position) }
        tokenOffset = position
        try scanString()
        if rejectsDuplicateKeys {
            try registerKey()
        }
        skipWhitespace()
        guard position < end, input[position] == UInt8(ascii: ":") else { throw JSONStreamError(offset: position) }
        position += 1
        state = .value
        return .key
    }

    // MARK: Containers

    @inline(__always)
    private mutating func open(_ marker: Int) throws(JSONStreamError) {
        guard containers.count < maxDepth else { throw JSONStreamError(offset: position) }
        containers.push(Container(marker: marker, outerKeyBits: keyBits))
        top = marker
        keyBits = 0
        position += 1
    }

    /// Closes the innermost container at the `}` or `]` at `position`.
    @inline(__always)
    private mutating func close() {
        tokenOffset = position
        position += 1
        if rejectsDuplicateKeys, top >= 0 { forgetKeys(from: top) }
        keyBits = containers.pop().outerKeyBits
        top = containers.isEmpty ? JSONStreamReader.rootMarker : containers.last.marker
    }

    // MARK: Literals and whitespace

    /// Checks the literal at `position` (its first byte already matched) by its next three bytes
    /// and, for `false`, a final `e`.
    @inline(__always)
    private mutating func expectLiteral(_ second: UInt8, _ third: UInt8, _ fourth: UInt8, length: Int) throws(JSONStreamError) {
        guard position + length <= end, input[position + 1] == second, input[position + 2] == third,
            input[position + 3] == fourth, length == 4 || input[position + 4] == UInt8(ascii: "e")
        else { throw JSONStreamError(offset: position) }
        position += length
    }

    @inline(__always)
    mutating func skipWhitespace() {
        // Bit n is set for the whitespace byte n: space, tab, line feed, carriage return.
        let whitespace: UInt64 = 1 << 0x20 | 1 << 0x09 | 1 << 0x0A | 1 << 0x0D
        while position < end {
            let byte = input[position]
            guard byte <= 0x20, whitespace & (1 << UInt64(byte)) != 0 else { return }
            position += 1
        }
    }
}

/// A malformed document, and the byte offset where ``JSONStreamReader`` stopped reading it.
///
/// It carries no message on purpose: parse the same bytes with ``JSONParser`` for the canonical
/// located ``JSONParseError``.
public struct JSONStreamError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where reading stopped, in bytes from the start of the input; never past its end.
    public let offset: Int

    public init(offset: Int) {
        self.offset = offset
    }

    public var description: String {
        "malformed JSON at byte \(offset); parse it with JSONParser for the located error"
    }
}
