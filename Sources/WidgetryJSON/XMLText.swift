/// Text made safe for XML 1.0 and HTML, the one escaper every XML report and every picture uses.
public enum XMLText {
    /// `text` with the five XML special characters escaped, so it may stand in an attribute
    /// value or element content, and the characters XML 1.0 cannot hold (control characters
    /// other than tab and line breaks, U+FFFE, U+FFFF) replaced by U+FFFD.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
