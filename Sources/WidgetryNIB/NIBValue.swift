/// One typed value of a NIBArchive, as its type byte says.
public enum NIBValue: Sendable, Equatable {
    case int8(Int8)
    case int16(Int16)
    case int32(Int32)
    case int64(Int64)
    case bool(Bool)
    case float32(Float)
    case float64(Double)
    case data([UInt8])
    case null
    /// A reference to another object of the same archive, by index (checked when read).
    case object(Int)

    /// The integer this value holds, for the four integer types and booleans.
    public var integer: Int64? {
        switch self {
        case .int8(let value): Int64(value)
        case .int16(let value): Int64(value)
        case .int32(let value): Int64(value)
        case .int64(let value): value
        case .bool(let value): value ? 1 : 0
        default: nil
        }
    }

    /// The number this value holds, for integers, booleans and floating-point values.
    public var double: Double? {
        switch self {
        case .float32(let value): Double(value)
        case .float64(let value): value
        default: integer.map(Double.init)
        }
    }

    /// The object index, for a reference.
    public var objectIndex: Int? {
        if case .object(let index) = self { return index }
        return nil
    }

    /// The bytes, for data.
    public var bytes: [UInt8]? {
        if case .data(let bytes) = self { return bytes }
        return nil
    }
}

/// One object of a NIBArchive: its class and the run of values that belong to it.
public struct NIBObject: Sendable, Equatable {
    /// Index into ``NIBArchive/classes``.
    public var classIndex: Int
    /// Indexes into ``NIBArchive/values``.
    public var valueRange: Range<Int>
}

/// One entry of the value table: a key (index into ``NIBArchive/keys``) and its value.
public struct NIBEntry: Sendable, Equatable {
    /// Index into ``NIBArchive/keys``.
    public var keyIndex: Int
    public var value: NIBValue
}

/// One entry of the class-name table.
public struct NIBClass: Sendable, Equatable {
    /// The class name, without its trailing NUL.
    public var name: String
    /// Classes to use when ``name`` is unknown (`UIColor` lists `NSColor`), as class indexes.
    public var fallbackClassIndexes: [Int]
}
