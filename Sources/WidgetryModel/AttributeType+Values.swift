import Foundation
public import WidgetryExpressions

extension AttributeType {
    /// Forms a value may arrive in besides its own kind, which a conversion may accept.
    public struct Encodings: OptionSet, Sendable {
        public let rawValue: UInt8
        @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

        // Computed and inlinable rather than stored: a stored static is a lazily made global, and
        // every read of one from another module (an import converts each value) goes through
        // `swift_once`.

        /// An ISO 8601 string for a `Date`.
        @inlinable public static var isoDates: Encodings { Encodings(rawValue: 1) }
        /// Base64 text for `Binary`.
        @inlinable public static var base64Data: Encodings { Encodings(rawValue: 2) }
        /// `0` and `1` for a `Boolean`.
        @inlinable public static var numericBooleans: Encodings { Encodings(rawValue: 4) }
        /// `true` and `false` for an integer type.
        @inlinable public static var booleanNumbers: Encodings { Encodings(rawValue: 8) }
    }

    /// `value` as an attribute of this type stores it, or nil when it does not fit: integers in
    /// range (`3.0` counts), any number for `Double`/`Float`/`Decimal`, booleans, strings, valid
    /// UUID strings, dates and data — plus the `encodings` asked for. Model defaults accept ISO
    /// dates and base64; JSON import accepts all four encodings; store writes none.
    public func storedValue(_ value: consuming Value, accepting encodings: Encodings = []) -> Value? {
        switch self {
        case .integer16, .integer32, .integer64:
            let numeric = value.isNumber || (encodings.contains(.booleanNumbers) && value.isBool)
            guard numeric, let integer = value.integerValue, integerRange?.contains(integer) == true else { return nil }
            return .int(integer)
        case .double, .float, .decimal:
            return value.isNumber ? value.doubleValue.map(Value.double) : nil
        case .boolean:
            switch value {
            case .bool: return value
            case .int(let number) where encodings.contains(.numericBooleans) && (number == 0 || number == 1): return .bool(number == 1)
            default: return nil
            }
        case .string, .uri:
            switch consume value {
            case .string(let text): return .string(text)
            default: return nil
            }
        case .uuid:
            return value.stringValue.flatMap { UUID(uuidString: $0) != nil ? value : nil }
        case .date:
            if case .date = value { return value }
            guard encodings.contains(.isoDates) else { return nil }
            return value.stringValue.flatMap(Value.date(iso8601:)).map(Value.date)
        case .binary:
            if case .data = value { return value }
            guard encodings.contains(.base64Data) else { return nil }
            return value.stringValue.flatMap { Data(base64Encoded: $0) }.map { .data([UInt8]($0)) }
        }
    }
}

extension Value {
    fileprivate var isBool: Bool {
        if case .bool = self { return true }
        return false
    }
}
