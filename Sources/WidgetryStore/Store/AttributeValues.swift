import WidgetryExpressions
import WidgetryModel

/// Values checked against an attribute's type before they are stored.
enum AttributeValues {
    /// The value as the attribute stores it (``AttributeType/storedValue(_:accepting:)``, no other
    /// encodings); null clears an optional attribute.
    static func checked(_ value: Value, for attribute: AttributeDescription, entity: String) throws(StoreError) -> Value {
        if value.isNull {
            guard attribute.isOptional || attribute.defaultValue != nil else {
                throw StoreError(.missingValue, "\(entity).\(attribute.name) is not optional")
            }
            return .null
        }
        let stored = attribute.type.storedValue(value)
        guard let stored else {
            throw StoreError(.typeMismatch, "\(entity).\(attribute.name) is \(attribute.type.rawValue); \(value.typeName) \(value) does not fit")
        }
        return stored
    }
}
