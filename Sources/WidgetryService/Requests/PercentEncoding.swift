/// Percent-encoding (RFC 3986 §2.1) with the character sets requests need. Escapes are written
/// with upper-case hex digits, byte by byte of the UTF-8 form.
enum PercentEncoding {
    /// RFC 3986 unreserved characters: ASCII letters, digits and `-._~`. Everything else in a
    /// substituted URL value or a form key or value is encoded, so it cannot end its segment,
    /// query item or component.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// The characters `CharacterSet.urlQueryAllowed` keeps: unreserved, sub-delimiters, `:`,
    /// `@`, `/` and `?`. Upstream encoded the whole URL with this set.
    static func isQueryAllowed(_ byte: UInt8) -> Bool {
        if isUnreserved(byte) { return true }
        return switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
             UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
            true
        default:
            false
        }
    }

    /// `text` with every byte outside the unreserved set encoded.
    static func encodingAllButUnreserved(_ text: String) -> String {
        encoding(text) { bytes, position in isUnreserved(bytes[position]) }
    }

    /// `text` with every byte outside the query-allowed set encoded, except that a `%` that
    /// starts a valid escape (`%` and two hex digits) is kept as it is.
    static func encodingLiteralURLText(_ text: String) -> String {
        encoding(text) { bytes, position in
            let byte = bytes[position]
            if byte == UInt8(ascii: "%") {
                return position + 2 < bytes.count && isHexDigit(bytes[position + 1]) && isHexDigit(bytes[position + 2])
            }
            return isQueryAllowed(byte)
        }
    }

    private static func encoding(_ text: String, keeps: (_ bytes: [UInt8], _ position: Int) -> Bool) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for position in bytes.indices {
            let byte = bytes[position]
            if keeps(bytes, position) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default:
            false
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
