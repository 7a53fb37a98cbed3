/// The attribute types of a data model, named as Xcode's model editor names them.
public enum AttributeType: String, Sendable, CaseIterable {
    case integer16 = "Integer 16"
    case integer32 = "Integer 32"
    case integer64 = "Integer 64"
    case double = "Double"
    case float = "Float"
    case decimal = "Decimal"
    case string = "String"
    case boolean = "Boolean"
    case date = "Date"
    case binary = "Binary"
    case uuid = "UUID"
    case uri = "URI"

    /// The type named `name` (`"Integer 32"`); Xcode's `"Binary Data"` and `"Transformable"` spellings
    /// are not types this model supports.
    public init?(name: String) {
        self.init(rawValue: name)
    }

    /// The range an integer type holds; nil for the other types.
    public var integerRange: ClosedRange<Int64>? {
        switch self {
        case .integer16: Int64(Int16.min)...Int64(Int16.max)
        case .integer32: Int64(Int32.min)...Int64(Int32.max)
        case .integer64: Int64.min...Int64.max
        default: nil
        }
    }
}
