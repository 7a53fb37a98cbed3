/// The one rule by which a Graffiti name and a WidgetKit name are the same name
/// (FORMAT.md#graffiti.names): `gx_` and `wx_` at the start of a name, and `gx.` and `wx.`
/// before one of the runtime attributes, trade places. A name starts where the text starts or
/// after a character that cannot be part of a name or a path of a URL (not a letter, digit,
/// `_`, `/` or `:`), so `refreshControl.gx_value` and `!gx_visible` are names, and
/// `https://host/gx_1` and `Agx_b` are not.
enum DialectSpelling {
    /// The runtime attributes written `wx.<name>` (FORMAT.md#bundle.storyboard).
    static let dottedAttributes: [[UInt8]] = ["identifier", "addBinding", "name", "layoutHint"].map { Array($0.utf8) }

    static func swappingPrefixes(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let swapped = swappingPrefixes(bytes)
        return swapped == bytes ? text : String(decoding: swapped, as: UTF8.self)
    }

    static func swappingPrefixes(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        var index = 0
        while index + 3 <= bytes.count {
            if isPrefix(at: index, in: bytes) {
                result[index] = bytes[index] == UInt8(ascii: "g") ? UInt8(ascii: "w") : UInt8(ascii: "g")
                index += 3
            } else {
                index += 1
            }
        }
        return result
    }

    /// Whether `gx_`, `wx_`, or `gx.`/`wx.` before a runtime attribute starts a name at `index`.
    static func isPrefix(at index: Int, in bytes: [UInt8]) -> Bool {
        let first = bytes[index]
        guard first == UInt8(ascii: "g") || first == UInt8(ascii: "w"), bytes[index + 1] == UInt8(ascii: "x") else { return false }
        if index > 0 && !startsName(after: bytes[index - 1]) { return false }
        switch bytes[index + 2] {
        case UInt8(ascii: "_"):
            return true
        case UInt8(ascii: "."):
            let rest = bytes[(index + 3)...]
            return dottedAttributes.contains { rest.starts(with: $0) }
        default:
            return false
        }
    }

    /// Whether a name may start after `byte`.
    private static func startsName(after byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: ":"):
            false
        default:
            byte < 0x80
        }
    }
}
