import WidgetryExpressions

/// How element setters turn values into what they store, as UIKit and Foundation convert.
enum ElementConversion {
    /// The text a text element shows for `value`: its `NSObject` description (`5`, `1.5`,
    /// `1`/`0` for booleans, `2018-06-20 18:00:00 +0000` for dates), null as the empty string.
    static func text(of value: Value) -> String {
        value.isNull ? "" : value.description
    }

    /// `NSString.boolValue`: after leading white space, an optional sign and zeros, true when
    /// the next character is `Y`, `y`, `T`, `t` or a digit 1–9 (`1`, `true`, `YES`, `yes`, `007`).
    static func booleanText(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.drop { $0.properties.isWhitespace }
        if let first = scalars.first, first == "+" || first == "-" { scalars = scalars.dropFirst() }
        scalars = scalars.drop { $0 == "0" }
        guard let first = scalars.first else { return false }
        return "YyTt".unicodeScalars.contains(first) || ("1"..."9").contains(first)
    }

    /// A boolean as KVC sets a `BOOL` property: booleans, numbers (non-zero is true) and text
    /// read as ``booleanText(_:)``; nil for anything else, null included.
    static func strictBoolean(_ value: Value) -> Bool? {
        switch value {
        case .bool(let flag): flag
        case .int(let number): number != 0
        case .double(let number): number != 0
        case .string(let text): booleanText(text)
        default: nil
        }
    }

    /// A boolean for the bool-driven `wx_value` setters (activity indicator, refresh control):
    /// booleans and numbers only; nil (the write is ignored) for anything else.
    static func numericBoolean(_ value: Value) -> Bool? {
        switch value {
        case .bool(let flag): flag
        case .int(let number): number != 0
        case .double(let number): number != 0
        default: nil
        }
    }

    /// A finite number from a number, a boolean or a numeric text; nil for anything else.
    static func strictNumber(_ value: Value) -> Double? {
        let number: Double?
        switch value {
        case .bool, .int, .double: number = value.doubleValue
        case .string(let text): number = parsedNumber(text)
        default: number = nil
        }
        guard let number, number.isFinite else { return nil }
        return number
    }

    /// A number parsed from the value's text (`"12.5"`, `12.5`, `true` → 1); nil when the text
    /// is not a number.
    static func numberFromText(_ value: Value) -> Double? {
        if let number = value.doubleValue { return number.isFinite ? number : nil }
        return strictNumber(.string(text(of: value)))
    }

    /// `UIProgressView` pins its progress to 0…1.
    static func clampedProgress(_ number: Double) -> Double {
        min(max(number, 0), 1)
    }

    private static func parsedNumber(_ text: String) -> Double? {
        var content = Substring(text)
        while content.first?.isWhitespace == true { content.removeFirst() }
        while content.last?.isWhitespace == true { content.removeLast() }
        return Double(content)
    }
}
