import Foundation
import WidgetryExpressions
import WidgetryJSON

/// JSON values converted to an attribute's type on import.
///
/// Integer types take integral numbers in range (`3`, `3.0`); `Double`/`Float`/`Decimal` any
/// number; `Boolean` `true`/`false` (and 0/1); `String` and `URI` strings (numbers are not turned
/// into text); `Date` a date from a transformer, or an ISO 8601 string; `UUID` a UUID string;
/// `Binary` base64 text. Anything else is an ``ImportError`` naming the value's place.
enum ImportedValues {
    static func convert(_ value: Value, for attribute: AttributeDescription, entity: String, at json: JSONValue) throws(ImportError) -> Value {
        let converted: Value? = switch attribute.type {
        case .integer16, .integer32, .integer64:
            value.isNumeric ? value.integerValue.flatMap { attribute.type.integerRange?.contains($0) == true ? .int($0) : nil } : nil
        case .double, .float, .decimal:
            value.isNumber ? value.doubleValue.map(Value.double) : nil
        case .boolean:
            switch value {
            case .bool: value
            case .int(0): .bool(false)
            case .int(1): .bool(true)
            default: nil
            }
        case .string, .uri:
            if case .string = value { value } else { nil }
        case .uuid:
            value.stringValue.flatMap { UUID(uuidString: $0) != nil ? value : nil }
        case .date:
            switch value {
            case .date: value
            case .string(let text): Value.date(iso8601: text).map(Value.date)
            default: nil
            }
        case .binary:
            value.stringValue.flatMap { Data(base64Encoded: $0) }.map { .data([UInt8]($0)) }
        }
        guard let converted else {
            throw ImportError(.conversion, "\(entity).\(attribute.name) is \(attribute.type.rawValue); the JSON value \(json) does not convert", at: json,
                              hint: attribute.type == .date ? "name a date transformer with JSONTransformerName, or send ISO 8601" : nil)
        }
        return converted
    }
}

extension Value {
    /// Numbers and booleans.
    fileprivate var isNumeric: Bool {
        switch self {
        case .int, .double, .bool: true
        default: false
        }
    }
}
