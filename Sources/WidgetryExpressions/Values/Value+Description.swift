import Foundation
import WidgetryJSON

/// The text of a value as `NSObject.description` gives it, which is what `$key` substitution,
/// `wx_joinedBy:`, `toString` and text elements show: numbers `5` and `1.5`, booleans `1`/`0`,
/// dates `2018-06-20 18:00:00 +0000`, null `<null>`, arrays `(a, b)` and dictionaries
/// `{k = v;}` on indented lines.
extension Value: CustomStringConvertible {
    public var description: String {
        var text = ""
        write(to: &text, indent: 0)
        return text
    }

    private func write(to text: inout String, indent: Int) {
        switch self {
        case .null: text += "<null>"
        case .bool(let value): text += value ? "1" : "0"
        case .int(let value): text += String(value)
        case .double(let value): text += Value.numberText(value)
        case .string(let value): text += value
        case .date(let value): text += Value.dateText(value)
        case .data(let bytes): text += "<" + bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined() + ">"
        case .array(let elements), .set(let elements):
            let pad = String(repeating: " ", count: indent + 4)
            text += "(\n"
            for (position, element) in elements.enumerated() {
                text += pad
                element.writeNested(to: &text, indent: indent + 4)
                text += position + 1 < elements.count ? ",\n" : "\n"
            }
            text += String(repeating: " ", count: indent) + ")"
        case .dictionary(let dictionary):
            let pad = String(repeating: " ", count: indent + 4)
            text += "{\n"
            for (key, value) in dictionary {
                text += pad + Value.quotedIfNeeded(key) + " = "
                value.writeNested(to: &text, indent: indent + 4)
                text += ";\n"
            }
            text += String(repeating: " ", count: indent) + "}"
        case .object(let object): text += object.keyValueDescription
        }
    }

    /// Inside collections, strings that are not plain words are quoted, as property lists print them.
    private func writeNested(to text: inout String, indent: Int) {
        if case .string(let value) = self {
            text += Value.quotedIfNeeded(value)
        } else {
            write(to: &text, indent: indent)
        }
    }

    private static func quotedIfNeeded(_ string: String) -> String {
        let plain = !string.isEmpty && string.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "." || $0 == "$") && $0.isASCII
        }
        if plain { return string }
        var quoted = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// Integral doubles print without a fraction (`2`), others in their shortest exact form.
    static func numberText(_ value: Double) -> String {
        if let integer = exactInteger(value), abs(value) < 1e15 { return String(integer) }
        return String(value)
    }

    /// `yyyy-MM-dd HH:mm:ss +0000`, in UTC. A date outside the four-digit years
    /// (``NumericPolicy/dateRange``) prints its seconds since 1970.
    static func dateText(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard NumericPolicy.isDate(secondsSince1970: seconds) else { return numberText(date.timeIntervalSince1970) + " seconds since 1970" }
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d +0000", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
