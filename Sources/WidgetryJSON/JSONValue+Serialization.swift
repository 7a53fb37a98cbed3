/// How ``JSONValue/serialized(_:)`` writes JSON text.
public struct JSONWritingOptions: Sendable, Hashable {
    /// Two-space indentation and one member per line.
    public var pretty: Bool
    /// Object members in code-point order of their keys instead of document order.
    public var sortedKeys: Bool

    public init(pretty: Bool = false, sortedKeys: Bool = false) {
        self.pretty = pretty
        self.sortedKeys = sortedKeys
    }

    /// Pretty and sorted: the form for output that people diff and programs compare.
    public static let canonical = JSONWritingOptions(pretty: true, sortedKeys: true)
}

extension JSONValue {
    /// JSON text for this value. The output depends only on the value and the options, so it is
    /// byte-identical across runs and machines. Doubles print in their shortest round-trip form;
    /// non-finite doubles (which no parsed document holds) print as `null`.
    public func serialized(_ options: JSONWritingOptions = JSONWritingOptions()) -> String {
        var writer = JSONTextWriter(options: options)
        writer.write(self, indent: 0)
        return writer.output
    }
}

private struct JSONTextWriter {
    let options: JSONWritingOptions
    var output = ""

    mutating func write(_ value: JSONValue, indent: Int) {
        switch value.kind {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let number): output += String(number)
        case .double(let number): writeDouble(number)
        case .string(let text): writeString(text)
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            output += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { output += "," }
                newline(indent + 1)
                write(element, indent: indent + 1)
            }
            newline(indent)
            output += "]"
        case .object(let object):
            guard !object.isEmpty else {
                output += "{}"
                return
            }
            let members = options.sortedKeys
                ? object.members.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
                : object.members
            output += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { output += "," }
                newline(indent + 1)
                writeString(member.key)
                output += options.pretty ? ": " : ":"
                write(member.value, indent: indent + 1)
            }
            newline(indent)
            output += "}"
        }
    }

    mutating func newline(_ indent: Int) {
        guard options.pretty else { return }
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    mutating func writeDouble(_ number: Double) {
        guard number.isFinite else {
            output += "null"
            return
        }
        output += number.description
    }

    mutating func writeString(_ text: String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
