/// Parses JSON text (RFC 8259) into a located ``JSONValue`` tree.
///
/// The parser works on UTF-8 bytes, never recurses (nesting is tracked on an explicit stack, so
/// depth is bounded by ``JSONParserOptions/maxDepth`` rather than by the thread's stack), and
/// gives every node its location and JSON Pointer as it goes. Errors carry a stable code, the
/// location, the pointer and, where one helps, a hint.
public enum JSONParser {
    /// Parses `bytes` (UTF-8, an optional byte order mark is skipped).
    public static func parse(
        _ bytes: [UInt8], fileName: String? = nil, options: JSONParserOptions = JSONParserOptions()
    ) throws(JSONParseError) -> JSONDocument {
        let source = SourceText(fileName: fileName, bytes: bytes)
        do {
            let root = try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) -> JSONValue in
                var parser = JSONParserCore(input: buffer, fileName: fileName, options: options)
                return try parser.parseDocument()
            }
            return JSONDocument(root: root, source: source)
        } catch {
            var located = error
            if error.code != .documentTooLarge {
                located.snippet = source.snippet(at: error.location)
            }
            throw located
        }
    }

    /// Parses the UTF-8 form of `text`.
    public static func parse(
        _ text: String, fileName: String? = nil, options: JSONParserOptions = JSONParserOptions()
    ) throws(JSONParseError) -> JSONDocument {
        try parse(Array(text.utf8), fileName: fileName, options: options)
    }
}

/// A container whose members are still being read.
private struct OpenContainer {
    let isObject: Bool
    let location: SourceLocation
    let pointer: JSONPointer
    /// The container's entry in the parse's ``JSONPointerTable`` (-1 for the root), from which
    /// its values' pointers are made without copying `pointer` (each copy of a pointer is a
    /// reference-count change, and those were a sixth of the time spent reading keys).
    let pointerEntry: Int32
    var index: [String: Int]?
    var pendingKey = ""
    var pendingKeyLocation = SourceLocation(offset: 0, line: 1, column: 1)
    /// Position in `members` of an earlier member with the pending key, when repeated.
    var pendingDuplicate: Int?
    /// A bit for each plain key read so far (``JSONParserCore/keySummary(_:)``): a plain key
    /// whose bit is clear cannot repeat one, so it is not compared with the others. All bits
    /// once a key with escapes or non-ASCII text was read: such a key can equal one with other
    /// bytes (the Kelvin sign and "K" are the same key), so from then on every key is compared.
    var keyBits: UInt64 = 0
}

/// The state of one parse. Kept separate from ``JSONParser`` so the public type stays a
/// namespace and all mutable state lives on one value.
struct JSONParserCore {
    private let input: UnsafeBufferPointer<UInt8>
    private let end: Int
    private let fileName: String?
    private let options: JSONParserOptions
    private var position = 0
    private var line = 1
    private var lineStart = 0
    /// UTF-8 continuation bytes between `lineStart` and `position`, so columns count scalars.
    private var lineContinuationBytes = 0
    private var stack: [OpenContainer] = []
    /// The elements or members of the container open at each nesting level, appended in place.
    /// When it closes, its array is moved out whole, so nothing is copied or retained per value.
    private var elementBuffers: [[JSONValue]] = []
    private var memberBuffers: [[JSONObject.Member]] = []
    /// How many values the last container closed at each level held: the next one at that level
    /// starts with room for as many, since the records of an array usually share their shape.
    private var lastCounts: [Int] = []
    private var scratch: [UInt8] = []
    private var shortKeys = ShortKeyCache()
    /// The pointers of the document's nodes.
    private let pointers = JSONPointerTable()

    init(input: UnsafeBufferPointer<UInt8>, fileName: String?, options: JSONParserOptions) {
        self.input = input
        self.end = input.count
        self.fileName = fileName
        self.options = options
    }

    // MARK: Document

    /// The parser's own limit, whatever the options say: a document has fewer nodes than bytes,
    /// and pointer table entries are numbered with 32 bits.
    static let largestDocument = Int(Int32.max)

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        let limit = min(options.maxDocumentBytes, JSONParserCore.largestDocument)
        guard end <= limit else {
            throw error(
                .documentTooLarge, "document is \(end) bytes, over the limit of \(limit)",
                at: 0, pointer: .root, hint: "raise JSONParserOptions.maxDocumentBytes if the file is trusted")
        }
        if end >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF {
            position = 3
            lineStart = 3
        }
        skipWhitespace()
        guard position < end else {
            throw error(.emptyDocument, "the document is empty; expected a JSON value", at: position, pointer: .root)
        }
        let root = try parseValues()
        skipWhitespace()
        guard position == end else {
            throw error(
                .trailingContent, "unexpected \(describeByte(at: position)) after the end of the document",
                at: position, pointer: .root, hint: "a JSON file holds exactly one value")
        }
        return root
    }

    /// Reads one complete value, containers included, without recursion.
    private mutating func parseValues() throws(JSONParseError) -> JSONValue {
        var pointer = JSONPointer.root
        // Optional so that handing the value to its container moves it (`take()`) instead of
        // copying it and releasing the copy left behind.
        var value: JSONValue?
        parsing: while true {
            // Here: whitespace skipped, a value is expected at `position` for `pointer`.
            guard position < end else {
                throw error(.unexpectedEndOfInput, "unexpected end of input; expected a value", at: position, pointer: pointer)
            }
            let start = location(at: position)
            switch input[position] {
            case UInt8(ascii: "{"):
                try open(isObject: true, at: start, pointer: pointer)
                skipWhitespace()
                if position < end, input[position] == UInt8(ascii: "}") {
                    position += 1
                    value = close()
                } else {
                    pointer = try readKey(afterComma: false)
                    continue parsing
                }
            case UInt8(ascii: "["):
                try open(isObject: false, at: start, pointer: pointer)
                skipWhitespace()
                if position < end, input[position] == UInt8(ascii: "]") {
                    position += 1
                    value = close()
                } else {
                    pointer = pointers.pointer(appending: .index(0), toEntry: stack[stack.count - 1].pointerEntry)
                    continue parsing
                }
            case UInt8(ascii: "\""):
                value = JSONValue(.string(try parseString(pointer: pointer)), location: start, pointer: pointer)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = JSONValue(try parseNumber(pointer: pointer), location: start, pointer: pointer)
            case UInt8(ascii: "t"):
                try expectLiteral("true", pointer: pointer)
                value = JSONValue(.bool(true), location: start, pointer: pointer)
            case UInt8(ascii: "f"):
                try expectLiteral("false", pointer: pointer)
                value = JSONValue(.bool(false), location: start, pointer: pointer)
            case UInt8(ascii: "n"):
                try expectLiteral("null", pointer: pointer)
                value = JSONValue(.null, location: start, pointer: pointer)
            default:
                throw unexpectedValueStart(pointer: pointer)
            }

            // A value is complete: hand it to its container, closing containers as they end.
            while !stack.isEmpty {
                let top = stack.count - 1
                skipWhitespaceAfterValue()
                if stack[top].isObject {
                    addMember(value.take()!)
                    guard position < end else {
                        throw error(.unexpectedEndOfInput, "unexpected end of input; expected ',' or '}' after object member",
                                    at: position, pointer: stack[top].pointer,
                                    hint: "the object opened at \(stack[top].location) is not closed")
                    }
                    switch input[position] {
                    case UInt8(ascii: ","):
                        position += 1
                        pointer = try readKey(afterComma: true)
                        continue parsing
                    case UInt8(ascii: "}"):
                        position += 1
                        value = close()
                    default:
                        throw separatorError(top: top)
                    }
                } else {
                    elementBuffers[top].append(value.take()!)
                    guard position < end else {
                        throw error(.unexpectedEndOfInput, "unexpected end of input; expected ',' or ']' after array element",
                                    at: position, pointer: stack[top].pointer,
                                    hint: "the array opened at \(stack[top].location) is not closed")
                    }
                    switch input[position] {
                    case UInt8(ascii: ","):
                        position += 1
                        skipWhitespace()
                        if position < end, input[position] == UInt8(ascii: "]") {
                            throw trailingCommaError(top: top)
                        }
                        pointer = pointers.pointer(appending: .index(elementBuffers[top].count), toEntry: stack[top].pointerEntry)
                        continue parsing
                    case UInt8(ascii: "]"):
                        position += 1
                        value = close()
                    default:
                        throw separatorError(top: top)
                    }
                }
            }
            return value!
        }
    }

    // MARK: Containers

    private mutating func open(isObject: Bool, at start: SourceLocation, pointer: JSONPointer) throws(JSONParseError) {
        guard stack.count < options.maxDepth else {
            throw error(.depthLimitExceeded, "nesting is deeper than the limit of \(options.maxDepth) levels",
                        at: position, pointer: pointer, hint: "flatten the document, or raise JSONParserOptions.maxDepth")
        }
        position += 1
        stack.append(OpenContainer(isObject: isObject, location: start, pointer: pointer, pointerEntry: pointer.entry(in: pointers)))
        let level = stack.count - 1
        if elementBuffers.count == level {
            elementBuffers.append([])
            memberBuffers.append([])
            lastCounts.append(0)
        }
        if isObject {
            memberBuffers[level].reserveCapacity(lastCounts[level])
        } else {
            elementBuffers[level].reserveCapacity(lastCounts[level])
        }
    }

    private mutating func close() -> JSONValue {
        let level = stack.count - 1
        let container = stack.removeLast()
        if container.isObject {
            var members: [JSONObject.Member] = []
            swap(&members, &memberBuffers[level])
            lastCounts[level] = members.count
            let object = JSONObject(uniqueMembers: JSONParserCore.fitted(members), index: container.index)
            return JSONValue(.object(object), location: container.location, pointer: container.pointer)
        }
        var elements: [JSONValue] = []
        swap(&elements, &elementBuffers[level])
        lastCounts[level] = elements.count
        return JSONValue(.array(JSONParserCore.fitted(elements)), location: container.location, pointer: container.pointer)
    }

    /// `values`, copied to an array of their size when they were given room for more than twice
    /// as many (a container much smaller than the one before it at its level), so that no
    /// container of the tree holds more than about twice the memory its values need.
    private static func fitted<Value>(_ values: [Value]) -> [Value] {
        guard values.capacity > 2 * values.count + 4 else { return values }
        var fitted: [Value] = []
        fitted.reserveCapacity(values.count)
        fitted.append(contentsOf: values)
        return fitted
    }

    /// Reads `"key" :` inside the object on top of the stack and returns the member's pointer.
    private mutating func readKey(afterComma: Bool) throws(JSONParseError) -> JSONPointer {
        let top = stack.count - 1
        skipWhitespace()
        guard position < end else {
            throw error(.unexpectedEndOfInput, "unexpected end of input; expected a string key", at: position,
                        pointer: stack[top].pointer, hint: "the object opened at \(stack[top].location) is not closed")
        }
        guard input[position] == UInt8(ascii: "\"") else {
            if afterComma, input[position] == UInt8(ascii: "}") {
                throw trailingCommaError(top: top)
            }
            let hint = input[position] == UInt8(ascii: "'") ? "keys must use double quotes" : "object keys are strings in double quotes"
            throw error(.unexpectedCharacter, "expected a string key, found \(describeByte(at: position))",
                        at: position, pointer: stack[top].pointer, hint: hint)
        }
        let keyLocation = location(at: position)
        let key: String
        let contentStart = position + 1
        let summary: UInt64?
        if let short = shortKeys.read(input, from: contentStart,
                                      before: JSONSyntax.stringScanEnd(contentStart: contentStart, end: end, maxStringBytes: options.maxStringBytes)) {
            key = short.key
            position = short.end
            summary = JSONParserCore.summary(ofPlainKey: UnsafeBufferPointer(rebasing: input[contentStart ..< position - 1]))
        } else {
            key = try parseString(pointer: stack[top].pointer)
            summary = JSONParserCore.keySummary(UnsafeBufferPointer(rebasing: input[contentStart ..< position - 1]))
        }
        stack[top].pendingDuplicate = nil
        let mayRepeat = summary.map { stack[top].keyBits & $0 != 0 } ?? true
        stack[top].keyBits |= summary ?? .max
        if mayRepeat, let earlier = position(ofKey: key, in: top) {
            let first = memberBuffers[top][earlier].keyLocation
            if options.duplicateKeys == .reject {
                throw error(.duplicateKey, "duplicate key '\(key)' (first defined at \(first.map(\.description) ?? "?"))",
                            at: keyLocation.offset, pointer: stack[top].pointer.appending(key: key), related: first,
                            hint: "each key may appear once in an object")
            }
            stack[top].pendingDuplicate = earlier
        }
        stack[top].pendingKey = key
        stack[top].pendingKeyLocation = keyLocation
        skipWhitespace()
        guard position < end, input[position] == UInt8(ascii: ":") else {
            throw error(position < end ? .unexpectedCharacter : .unexpectedEndOfInput,
                        "expected ':' after object key '\(key)', found \(describeByte(at: position))",
                        at: position, pointer: stack[top].pointer)
        }
        position += 1
        skipWhitespace()
        return pointers.pointer(appending: .key(key), toEntry: stack[top].pointerEntry)
    }

    private func position(ofKey key: String, in top: Int) -> Int? {
        if let index = stack[top].index { return index[key] }
        return memberBuffers[top].firstIndex { $0.key == key }
    }

    /// For a plain key (ASCII without escapes, so its raw bytes are its text), one bit of 64 chosen
    /// by its length and its first and last bytes; equal plain keys have the same bit. Nil for
    /// any other key.
    static func keySummary(_ raw: UnsafeBufferPointer<UInt8>) -> UInt64? {
        for byte in raw where byte >= 0x80 || byte == UInt8(ascii: "\\") { return nil }
        return summary(ofPlainKey: raw)
    }

    /// ``keySummary(_:)`` of a key known to be plain.
    @inline(__always)
    static func summary(ofPlainKey raw: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let first = raw.first, let last = raw.last else { return 1 }
        return 1 << ((UInt64(raw.count) &* 31 &+ UInt64(first) &* 7 &+ UInt64(last)) & 63)
    }

    /// Adds `value` to the object on top of the stack under its pending key.
    private mutating func addMember(_ value: consuming JSONValue) {
        let top = stack.count - 1
        if let earlier = stack[top].pendingDuplicate {
            if options.duplicateKeys == .keepLast {
                memberBuffers[top][earlier].value = value
            }
            return
        }
        memberBuffers[top].append(JSONObject.Member(key: stack[top].pendingKey, keyLocation: stack[top].pendingKeyLocation, value: value))
        let count = memberBuffers[top].count
        if stack[top].index != nil {
            let key = stack[top].pendingKey
            stack[top].index?[key] = count - 1
        } else if count > JSONObject.indexThreshold {
            stack[top].index = JSONObject.makeIndex(memberBuffers[top])
        }
    }

    // MARK: Strings

    /// Reads a string starting at the opening quote at `position`.
    private mutating func parseString(pointer: JSONPointer) throws(JSONParseError) -> String {
        let quote = position
        let contentStart = position + 1
        let scanEnd = JSONSyntax.stringScanEnd(contentStart: contentStart, end: end, maxStringBytes: options.maxStringBytes)
        var cursor = contentStart
        var highBits: UInt8 = 0
        while cursor < scanEnd {
            let byte = input[cursor]
            if byte == UInt8(ascii: "\"") {
                if highBits & 0x80 != 0 {
                    try validateUTF8(contentStart..<cursor, pointer: pointer)
                }
                position = cursor + 1
                return String(decoding: UnsafeBufferPointer(rebasing: input[contentStart..<cursor]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                return try parseEscapedString(contentStart: contentStart, escapeAt: cursor, scanEnd: scanEnd, quote: quote, pointer: pointer)
            }
            if byte < 0x20 {
                throw controlCharacterError(at: cursor, pointer: pointer)
            }
            highBits |= byte
            cursor += 1
        }
        throw unterminatedString(quote: quote, scanEnd: scanEnd, pointer: pointer)
    }

    private mutating func parseEscapedString(
        contentStart: Int, escapeAt firstEscape: Int, scanEnd: Int, quote: Int, pointer: JSONPointer
    ) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[contentStart..<firstEscape]))
        var cursor = firstEscape
        while cursor < scanEnd {
            let byte = input[cursor]
            if byte == UInt8(ascii: "\"") {
                try validateUTF8(contentStart..<cursor, pointer: pointer)
                position = cursor + 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte < 0x20 {
                throw controlCharacterError(at: cursor, pointer: pointer)
            }
            guard byte == UInt8(ascii: "\\") else {
                scratch.append(byte)
                cursor += 1
                continue
            }
            let escape: (scalar: UInt32, length: Int)
            do {
                escape = try JSONSyntax.decodeEscape(in: input, at: cursor, scanEnd: scanEnd)
            } catch {
                throw escapeError(error, quote: quote, scanEnd: scanEnd, pointer: pointer)
            }
            appendUTF8(escape.scalar)
            cursor += escape.length
        }
        throw unterminatedString(quote: quote, scanEnd: scanEnd, pointer: pointer)
    }

    private mutating func appendUTF8(_ value: UInt32) {
        switch value {
        case 0..<0x80:
            scratch.append(UInt8(value))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | value >> 6))
            scratch.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | value >> 12))
            scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | value & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | value >> 18))
            scratch.append(UInt8(0x80 | value >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// Checks that `range` is well-formed UTF-8 and counts its continuation bytes into the column
    /// bookkeeping. Rejects overlong forms, surrogates and values above U+10FFFF.
    private mutating func validateUTF8(_ range: Range<Int>, pointer: JSONPointer) throws(JSONParseError) {
        var index = range.lowerBound
        let upper = range.upperBound
        var continuation = 0
        while index < upper {
            if input[index] < 0x80 {
                index += 1
                continue
            }
            guard let length = JSONSyntax.utf8SequenceLength(in: input, at: index, limit: upper) else {
                throw invalidUTF8(at: index, pointer: pointer)
            }
            continuation += length - 1
            index += length
        }
        lineContinuationBytes += continuation
    }

    // MARK: Numbers

    private mutating func parseNumber(pointer: JSONPointer) throws(JSONParseError) -> JSONValue.Kind {
        let number: (value: JSONSyntax.Number, end: Int)
        do {
            number = try JSONSyntax.scanNumber(in: input, from: position)
        } catch {
            throw numberError(error, pointer: pointer)
        }
        position = number.end
        switch number.value {
        case .integer(let value): return .integer(value)
        case .double(let value): return .double(value)
        }
    }

    // MARK: Literals and whitespace

    private mutating func expectLiteral(_ literal: StaticString, pointer: JSONPointer) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        guard position + count <= end, UnsafeBufferPointer(rebasing: input[position..<position + count]).elementsEqual(bytes) else {
            throw error(.invalidLiteral, "invalid literal; expected '\(literal)'", at: position, pointer: pointer,
                        hint: "the literals are true, false and null, in lower case")
        }
        position += count
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < end {
            switch input[position] {
            case 0x20, 0x09, 0x0D:
                position += 1
            case 0x0A:
                position += 1
                line += 1
                lineStart = position
                lineContinuationBytes = 0
            default:
                return
            }
        }
    }

    /// Like `skipWhitespace`, for the common case of a separator right after a value.
    @inline(__always)
    private mutating func skipWhitespaceAfterValue() {
        if position < end, input[position] > 0x20 { return }
        skipWhitespace()
    }

    @inline(__always)
    private func location(at offset: Int) -> SourceLocation {
        SourceLocation(offset: offset, line: line, column: offset - lineStart - lineContinuationBytes + 1)
    }

    // MARK: Errors

    private func unexpectedValueStart(pointer: JSONPointer) -> JSONParseError {
        let byte = input[position]
        let hint: String? = switch byte {
        case UInt8(ascii: "'"): "strings must use double quotes"
        case UInt8(ascii: "/"): "JSON has no comments; upstream bundles use a \"***\" key for them"
        case UInt8(ascii: "]"), UInt8(ascii: "}"): nil
        case UInt8(ascii: "+"), UInt8(ascii: "."): "numbers start with a digit or '-'"
        default: byte >= 0x41 ? "strings must be in double quotes; the literals are true, false and null" : nil
        }
        return error(.unexpectedCharacter, "expected a value, found \(describeByte(at: position))",
                     at: position, pointer: pointer, hint: hint)
    }

    /// After a member or element, a byte that is neither ',' nor the container's end. When it
    /// starts what could come next (a key in an object, a value in an array), the comma is
    /// missing: the error is placed just after the value before it, where the comma goes, with
    /// the fix-it that inserts it. Otherwise the byte itself is unexpected.
    private func separatorError(top: Int) -> JSONParseError {
        let container = stack[top]
        let (closing, what) = container.isObject ? ("}", "object member") : ("]", "array element")
        let byte = input[position]
        let startsNext = container.isObject ? byte == UInt8(ascii: "\"") : JSONParserCore.startsValue(byte)
        guard startsNext else {
            return error(.unexpectedCharacter, "expected ',' or '\(closing)' after \(what), found \(describeByte(at: position))",
                         at: position, pointer: container.pointer)
        }
        let valueEnd = offsetBeforeWhitespace(position)
        let next = preciseLocation(at: position)
        let pointer: JSONPointer
        let hint: String
        if container.isObject {
            pointer = container.pointer.appending(key: container.pendingKey)
            hint = "add a ',' after the value of \"\(container.pendingKey)\"; the next member starts at \(next)"
        } else {
            pointer = container.pointer.appending(index: elementBuffers[top].count - 1)
            hint = "add a ',' after this element; the next one starts at \(next)"
        }
        return JSONParseError(code: .missingComma, message: "missing ',' after \(what), before \(describeByte(at: position))",
                              fileName: fileName, location: earlierLocation(at: valueEnd), pointer: pointer, hint: hint,
                              fixIt: .insert(",", at: valueEnd))
    }

    /// A ',' after the last member or element, found at the container's end at `position`: the
    /// error is placed at the comma, with the fix-it that removes it.
    private func trailingCommaError(top: Int) -> JSONParseError {
        let comma = offsetBeforeWhitespace(position) - 1
        let (closing, what) = stack[top].isObject ? ("}", "member") : ("]", "element")
        return JSONParseError(code: .trailingComma, message: "trailing comma after the last \(what), before '\(closing)'",
                              fileName: fileName, location: earlierLocation(at: comma), pointer: stack[top].pointer,
                              hint: "remove this ','; JSON allows no comma after the last \(what)", fixIt: .remove(comma..<comma + 1))
    }

    /// Whether `byte` can start a JSON value.
    private static func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            true
        default:
            false
        }
    }

    /// The offset just after the last byte before `offset` that is not whitespace.
    private func offsetBeforeWhitespace(_ offset: Int) -> Int {
        var index = offset
        while index > 0 {
            switch input[index - 1] {
            case 0x20, 0x09, 0x0A, 0x0D: index -= 1
            default: return index
            }
        }
        return index
    }

    /// The location of `offset`, which may lie on a line before the current one (errors only:
    /// it counts the lines back from the current one and the scalars from that line's start).
    private func earlierLocation(at offset: Int) -> SourceLocation {
        guard offset < lineStart else { return preciseLocation(at: offset) }
        var newlines = 0
        for index in offset..<lineStart where input[index] == 0x0A { newlines += 1 }
        var start = offset
        while start > 0, input[start - 1] != 0x0A { start -= 1 }
        // The first line's columns start after a byte order mark, as the parser counts them.
        if start == 0, end >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { start = 3 }
        var column = 1
        for index in start..<offset where input[index] & 0xC0 != 0x80 { column += 1 }
        return SourceLocation(offset: offset, line: line - newlines, column: column)
    }

    private func numberError(_ failure: JSONSyntax.NumberFailure, pointer: JSONPointer) -> JSONParseError {
        switch failure {
        case .missingDigitAfterMinus(let offset):
            error(.invalidNumber, "expected a digit after '-'", at: offset, pointer: pointer)
        case .leadingZero(let offset):
            error(.invalidNumber, "leading zeros are not allowed in numbers", at: offset, pointer: pointer)
        case .missingFractionDigit(let offset):
            error(.invalidNumber, "expected a digit after '.'", at: offset, pointer: pointer)
        case .missingExponentDigit(let offset):
            error(.invalidNumber, "expected a digit in the exponent", at: offset, pointer: pointer)
        case .outOfRange(let offset):
            error(.numberOutOfRange, "number is too large to represent", at: offset, pointer: pointer,
                  hint: "numbers must fit in a 64-bit double")
        }
    }

    private func escapeError(_ failure: JSONSyntax.EscapeFailure, quote: Int, scanEnd: Int, pointer: JSONPointer) -> JSONParseError {
        switch failure {
        case .truncated:
            return unterminatedString(quote: quote, scanEnd: scanEnd, pointer: pointer)
        case .invalidEscape(let offset):
            return error(.invalidEscape, "invalid escape sequence '\\\(printable(input[offset + 1]))' in string",
                         at: offset, pointer: pointer,
                         hint: "valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        case .invalidHexDigits(let offset):
            return error(.invalidEscape, "\\u must be followed by four hexadecimal digits", at: offset, pointer: pointer)
        case .missingLowSurrogate(let high, let offset):
            return error(.unpairedSurrogate, "high surrogate \\u\(hex4(high)) is not followed by a low surrogate",
                         at: offset, pointer: pointer, hint: "characters outside the BMP are written as a pair, e.g. \\uD83D\\uDE00")
        case .notLowSurrogate(let high, let low, let offset):
            return error(.unpairedSurrogate, "high surrogate \\u\(hex4(high)) is followed by \\u\(hex4(low)), not a low surrogate",
                         at: offset, pointer: pointer)
        case .loneLowSurrogate(let low, let offset):
            return error(.unpairedSurrogate, "low surrogate \\u\(hex4(low)) without a preceding high surrogate",
                         at: offset, pointer: pointer)
        }
    }

    private func controlCharacterError(at offset: Int, pointer: JSONPointer) -> JSONParseError {
        let byte = input[offset]
        let hint = byte == 0x0A ? "a string cannot span lines; write \\n for a line break" : "write control characters as escapes such as \\t or \\u001F"
        return error(.controlCharacterInString, "unescaped control character U+\(hex4(UInt32(byte))) in string",
                     at: offset, pointer: pointer, hint: hint)
    }

    private func unterminatedString(quote: Int, scanEnd: Int, pointer: JSONPointer) -> JSONParseError {
        if scanEnd < end {
            return error(.stringTooLong, "string is longer than the limit of \(options.maxStringBytes) bytes",
                         at: quote, pointer: pointer, hint: "raise JSONParserOptions.maxStringBytes if the file is trusted")
        }
        return error(.unexpectedEndOfInput, "unterminated string", at: quote, pointer: pointer,
                     hint: "add the closing '\"'")
    }

    private func invalidUTF8(at offset: Int, pointer: JSONPointer) -> JSONParseError {
        error(.invalidUTF8, "invalid UTF-8 byte 0x\(String(input[offset], radix: 16, uppercase: true)) in string",
              at: offset, pointer: pointer, hint: "save the file as UTF-8")
    }

    private func error(
        _ code: JSONParseError.Code, _ message: String, at offset: Int, pointer: JSONPointer,
        related: SourceLocation? = nil, hint: String? = nil
    ) -> JSONParseError {
        JSONParseError(code: code, message: message, fileName: fileName, location: preciseLocation(at: offset),
                       pointer: pointer, relatedLocation: related, hint: hint)
    }

    /// The location of `offset` on the current line, counting scalars from the line start; only
    /// used for errors, where the offset may sit inside a string whose bytes were not yet counted.
    private func preciseLocation(at offset: Int) -> SourceLocation {
        let clamped = min(offset, end)
        var column = 1
        var index = lineStart
        while index < clamped {
            if input[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(offset: clamped, line: line, column: column)
    }

    private func describeByte(at offset: Int) -> String {
        guard offset < end else { return "end of input" }
        return "'\(printable(input[offset]))'"
    }

    private func printable(_ byte: UInt8) -> String {
        if byte >= 0x20, byte < 0x7F { return String(UnicodeScalar(byte)) }
        return "\\u{\(String(byte, radix: 16, uppercase: true))}"
    }
}

private func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
