import Foundation
import WidgetryExpressions

/// Values checked against an attribute's type before they are stored.
enum AttributeValues {
    /// The value as the attribute stores it: integers in range for integer types, any number for
    /// `Double`/`Float`/`Decimal`, booleans, strings, dates, data. Null clears an optional attribute.
    static func checked(_ value: Value, for attribute: AttributeDescription, entity: String) throws(StoreError) -> Value {
        if value.isNull {
            guard attribute.isOptional || attribute.defaultValue != nil else {
                throw StoreError(.missingValue, "\(entity).\(attribute.name) is not optional")
            }
            return .null
        }
        let stored: Value? = switch attribute.type {
        case .integer16, .integer32, .integer64:
            value.isNumber ? value.integerValue.flatMap { attribute.type.integerRange?.contains($0) == true ? .int($0) : nil } : nil
        case .double, .float, .decimal:
            value.isNumber ? value.doubleValue.map(Value.double) : nil
        case .boolean:
            if case .bool = value { value } else { nil }
        case .string, .uri:
            if case .string = value { value } else { nil }
        case .uuid:
            value.stringValue.flatMap { UUID(uuidString: $0) != nil ? value : nil }
        case .date:
            if case .date = value { value } else { nil }
        case .binary:
            if case .data = value { value } else { nil }
        }
        guard let stored else {
            throw StoreError(.typeMismatch, "\(entity).\(attribute.name) is \(attribute.type.rawValue); \(value.typeName) \(value) does not fit")
        }
        return stored
    }
}
