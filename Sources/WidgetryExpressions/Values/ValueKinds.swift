/// A set of kinds of value, as a selector's signature names what it takes and gives: `string`,
/// `[.array, .set]`, ``any``. Lint checks calls against the same sets without running them.
public struct ValueKinds: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    public static let null = ValueKinds(rawValue: 1 << 0)
    public static let boolean = ValueKinds(rawValue: 1 << 1)
    public static let number = ValueKinds(rawValue: 1 << 2)
    public static let string = ValueKinds(rawValue: 1 << 3)
    public static let date = ValueKinds(rawValue: 1 << 4)
    public static let data = ValueKinds(rawValue: 1 << 5)
    public static let array = ValueKinds(rawValue: 1 << 6)
    public static let set = ValueKinds(rawValue: 1 << 7)
    public static let dictionary = ValueKinds(rawValue: 1 << 8)
    /// A store object, controller or element (``Value/object(_:)``).
    public static let object = ValueKinds(rawValue: 1 << 9)

    /// Numbers and booleans: what `NSNumber` holds.
    public static let numeric: ValueKinds = [.number, .boolean]
    /// Arrays and sets.
    public static let collection: ValueKinds = [.array, .set]
    /// Every kind, null included.
    public static let any = ValueKinds(rawValue: (1 << 10) - 1)

    /// `a string`, `a number or a boolean`, `any value`.
    public var description: String {
        if self == .any { return "any value" }
        let names: [(ValueKinds, String)] = [
            (.string, "a string"), (.number, "a number"), (.boolean, "a boolean"), (.date, "a date"), (.data, "data"),
            (.array, "an array"), (.set, "a set"), (.dictionary, "a dictionary"), (.object, "an object"), (.null, "null"),
        ]
        let present = names.filter { contains($0.0) }.map(\.1)
        switch present.count {
        case 0: return "nothing"
        case 1: return present[0]
        default: return present.dropLast().joined(separator: ", ") + " or " + (present.last ?? "")
        }
    }
}

extension Value {
    /// The kind of this value, one member of ``ValueKinds``.
    public var kind: ValueKinds {
        switch self {
        case .null: .null
        case .bool: .boolean
        case .int, .double: .number
        case .string: .string
        case .date: .date
        case .data: .data
        case .array: .array
        case .set: .set
        case .dictionary: .dictionary
        case .object: .object
        }
    }
}
