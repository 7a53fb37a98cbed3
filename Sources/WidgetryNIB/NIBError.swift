public import WidgetryJSON

/// A problem found while reading a NIBArchive, with the file, the object and the key it concerns
/// when they are known, a stable code (`nib.*`) and a hint.
public struct NIBError: LocatedError, Equatable {
    /// Stable identifiers, printed in brackets after each message.
    public enum Code: String, Sendable, CaseIterable {
        /// The file does not start with `NIBArchive`.
        case badMagic = "nib.bad-magic"
        /// The archive's format numbers are not ones this reader knows.
        case unknownVersion = "nib.unknown-version"
        /// A table, value or string runs past the end of the bytes.
        case truncated = "nib.truncated"
        /// An index (object, key, value, class) points outside its table.
        case indexOutOfRange = "nib.index-out-of-range"
        /// A count, size or nesting depth is over the reader's ``NIBLimits``.
        case limit = "nib.limit"
        /// A value's type byte is not one of the eleven known types.
        case unknownValueType = "nib.unknown-value-type"
        /// A key, class name or string is not valid UTF-8.
        case badString = "nib.bad-string"
        /// The bytes are well formed but do not have the shape asked for (a string without
        /// `NS.bytes`, a dictionary with an odd number of items, geometry with an unknown tag…).
        case malformed = "nib.malformed"
    }

    public var code: Code
    public var message: String
    /// The nib's name or path, with `#archiveData` steps for nested archives.
    public var file: String
    /// The object the problem concerns, when known.
    public var objectIndex: Int?
    /// The key the problem concerns, when known.
    public var key: String?
    public var hint: String?

    /// NIBArchives are binary: there are no lines and columns.
    public var location: SourceLocation? { nil }
    public var pointer: JSONPointer? { nil }

    /// The object and key, which place the problem in a binary archive, as the diagnostic's note.
    public var notes: [String] {
        var place: [String] = []
        if let objectIndex { place.append("object \(objectIndex)") }
        if let key { place.append("key \(key)") }
        return place.isEmpty ? [] : ["at " + place.joined(separator: ", ")]
    }

    public init(_ code: Code, _ message: String, file: String, objectIndex: Int? = nil,
                key: String? = nil, hint: String? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.objectIndex = objectIndex
        self.key = key
        self.hint = hint
    }
}
