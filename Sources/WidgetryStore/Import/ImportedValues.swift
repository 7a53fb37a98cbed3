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
        let converted = attribute.type.storedValue(value, accepting: [.isoDates, .base64Data, .numericBooleans, .booleanNumbers])
        guard let converted else {
            throw ImportError(.conversion, "\(entity).\(attribute.name) is \(attribute.type.rawValue); the JSON value \(json) does not convert", at: json,
                              hint: attribute.type == .date ? "name a date transformer with JSONTransformerName, or send ISO 8601" : nil)
        }
        return converted
    }
}
