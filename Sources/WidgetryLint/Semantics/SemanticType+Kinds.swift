import WidgetryExpressions

extension SemanticType {
    /// The kinds of value this type is at run time, where lint knows them; nil otherwise.
    var valueKinds: ValueKinds? {
        switch self {
        case .dictionary: .dictionary
        case .value(.string): .string
        case .value(.number): .number
        case .value(.boolean): .boolean
        case .attribute(let type, _, _):
            switch type {
            case .string: .string
            case .integer16, .integer32, .integer64, .double, .float, .decimal: .number
            case .boolean: .boolean
            case .date: .date
            case .binary: .data
            case .uuid, .uri: nil
            }
        case .collection: .collection
        case .entity: .object
        case .unknown, .screenNames, .cellNames, .element, .object, .callStatus: nil
        }
    }

    /// The type of a value of `kinds`, as far as lint follows it: a string, a number or a boolean.
    init(valueKinds kinds: ValueKinds) {
        switch kinds {
        case .string: self = .value(.string)
        case .number: self = .value(.number)
        case .boolean: self = .value(.boolean)
        default: self = .unknown
        }
    }
}
