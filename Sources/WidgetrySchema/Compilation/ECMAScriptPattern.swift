/// Rewrites an ECMA-262 regular expression (the dialect JSON Schema patterns are written in)
/// into the project's ICU-flavoured syntax, where the two differ in ways schemas meet:
///
/// - `\d`, `\w` and their negations are ASCII-only in ECMA-262 (`[0-9]`, `[A-Za-z0-9_]`);
/// - `\s` is ECMA-262's white space and line terminator set (it includes U+000B and U+FEFF);
/// - `$` matches only at the very end of the string (never before a final line break);
/// - `\cX` is a control character, `\u{…}` a code point, and inside a class `\b` is a backspace;
/// - `[` inside a class is a literal, `[]` matches nothing and `[^]` matches any character.
///
/// `\b` and `\B` keep the engine's Unicode word boundaries.
enum ECMAScriptPattern {
    /// A translated pattern, with the offset in the original of every UTF-8 byte of the
    /// translation, so that syntax errors point into what the schema author wrote.
    struct Translation: Sendable {
        var pattern: String
        var sourceOffsets: [Int]

        /// The offset in the original pattern of byte `offset` of the translation.
        func sourceOffset(of offset: Int) -> Int {
            guard !sourceOffsets.isEmpty else { return 0 }
            return sourceOffsets[max(0, min(offset, sourceOffsets.count - 1))]
        }
    }

    private static let word = "A-Za-z0-9_"
    private static let space = #"\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}"#
    private static let nothing = #"[^\x{0}-\x{10FFFF}]"#
    private static let anything = #"[\x{0}-\x{10FFFF}]"#

    static func translate(_ source: String) -> Translation {
        var output = Translation(pattern: "", sourceOffsets: [])
        let scalars = Array(source.unicodeScalars)
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var offset = 0
        for scalar in scalars {
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)

        func emit(_ text: String, from index: Int) {
            output.pattern += text
            output.sourceOffsets += repeatElement(offsets[index], count: text.utf8.count)
        }

        var index = 0
        var inClass = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count {
                let escaped = scalars[index + 1]
                if escaped == "c", index + 2 < scalars.count, let letter = scalars[index + 2].asciiLetterValue {
                    emit("\\x{" + String(letter & 0x1F, radix: 16) + "}", from: index)
                    index += 3
                    continue
                }
                if escaped == "u", index + 2 < scalars.count, scalars[index + 2] == "{" {
                    emit("\\x", from: index)  // the braces and digits that follow are the same in both
                    index += 2
                    continue
                }
                emit(translateEscape(escaped, inClass: inClass), from: index)
                index += 2
                continue
            }
            if inClass {
                switch scalar {
                case "]": inClass = false; emit("]", from: index)
                case "[": emit("\\[", from: index)
                default: emit(String(scalar), from: index)
                }
                index += 1
                continue
            }
            switch scalar {
            case "[":
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                let afterNext = index + 2 < scalars.count ? scalars[index + 2] : nil
                if next == "]" {
                    emit(nothing, from: index)
                    index += 2
                } else if next == "^", afterNext == "]" {
                    emit(anything, from: index)
                    index += 3
                } else {
                    inClass = true
                    emit("[", from: index)
                    index += 1
                    if next == "^" {
                        emit("^", from: index)
                        index += 1
                    }
                }
            case "$":
                emit("\\z", from: index)
                index += 1
            default:
                emit(String(scalar), from: index)
                index += 1
            }
        }
        return output
    }

    private static func translateEscape(_ escaped: Unicode.Scalar, inClass: Bool) -> String {
        switch escaped {
        case "d": inClass ? "0-9" : "[0-9]"
        case "D": "[^0-9]"
        case "w": inClass ? word : "[\(word)]"
        case "W": "[^\(word)]"
        case "s": inClass ? space : "[\(space)]"
        case "S": "[^\(space)]"
        case "b" where inClass: "\\x{8}"
        default: "\\" + String(escaped)
        }
    }
}

extension Unicode.Scalar {
    /// The scalar value of an ASCII letter, or nil for anything else.
    fileprivate var asciiLetterValue: UInt32? {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) ? value : nil
    }
}
