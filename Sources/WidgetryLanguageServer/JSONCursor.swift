/// Where a cursor is in JSON text being written: inside the string value of an object's
/// member, and which key that member has. Read from the text around the cursor only, so a
/// document that does not parse while it is typed still has a place (JSON strings never span
/// lines, so the line tells whether the cursor is in one).
struct JSONCursor: Equatable {
    /// The key of the member whose string value holds the cursor.
    var key: String
    /// What the value holds before the cursor.
    var typed: String
    /// The bytes of the value's contents: from after its opening quote to its closing quote, or,
    /// when it has none yet, to the end of the name at the cursor.
    var contents: Range<Int>

    /// The place of byte `offset` of `bytes`; nil when the cursor is not in a member's string
    /// value.
    init?(bytes: [UInt8], offset: Int) {
        guard offset >= 0, offset <= bytes.count else { return nil }
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != 0x0A, bytes[lineStart - 1] != 0x0D { lineStart -= 1 }
        // Which string, if any, is open at the cursor.
        var open: Int?
        var index = lineStart
        while index < offset {
            switch bytes[index] {
            case UInt8(ascii: "\\") where open != nil: index += 1
            case UInt8(ascii: "\""): open = open == nil ? index : nil
            default: break
            }
            index += 1
        }
        guard let quote = open, index == offset else { return nil }
        var end = offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != 0x0A, bytes[end] != 0x0D {
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        if end >= bytes.count || bytes[end] != UInt8(ascii: "\"") {
            // No closing quote yet: the value is the name being typed, up to what is no name.
            end = offset
            while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
        }
        // Before the string: a colon, and before it the key's closing quote.
        var before = Self.skipSpace(bytes, before: quote)
        guard before > 0, bytes[before - 1] == UInt8(ascii: ":") else { return nil }
        before = Self.skipSpace(bytes, before: before - 1)
        guard before > 0, bytes[before - 1] == UInt8(ascii: "\"") else { return nil }
        let keyEnd = before - 1
        var keyStart = keyEnd
        while keyStart > 0, !(bytes[keyStart - 1] == UInt8(ascii: "\"") && (keyStart < 2 || bytes[keyStart - 2] != UInt8(ascii: "\\"))) {
            guard bytes[keyStart - 1] != 0x0A else { return nil }
            keyStart -= 1
        }
        guard keyStart > 0 else { return nil }
        key = String(decoding: bytes[keyStart..<keyEnd], as: UTF8.self)
        typed = String(decoding: bytes[(quote + 1)..<offset], as: UTF8.self)
        contents = (quote + 1)..<end
    }

    /// Whether `byte` may be part of a name (an action, an entity, a key path).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || [UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "$"), UInt8(ascii: "-")].contains(byte)
    }

    /// The index just after the last byte before `index` that is not white space.
    private static func skipSpace(_ bytes: [UInt8], before index: Int) -> Int {
        var index = index
        while index > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index - 1]) { index -= 1 }
        return index
    }
}
