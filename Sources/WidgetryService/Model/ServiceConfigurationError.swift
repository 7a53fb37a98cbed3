public import WidgetryJSON

/// A problem in a service file, with its place: file, line and column, and JSON Pointer.
public struct ServiceConfigurationError: LocatedError, Equatable {
    public enum Code: String, Sendable, CaseIterable {
        case unknownKey = "service.unknown-key"
        case wrongType = "service.wrong-type"
        case invalidValue = "service.invalid-value"
        case unknownAction = "service.unknown-action"
        case invalidActionName = "service.invalid-action-name"
        case missingFile = "service.missing-file"
    }

    public var code: Code
    public var message: String
    public var file: String
    public var location: SourceLocation?
    public var pointer: JSONPointer?
    public var hint: String?

    public init(_ code: Code, _ message: String, file: String, location: SourceLocation? = nil,
                pointer: JSONPointer? = nil, hint: String? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.location = location
        self.pointer = pointer
        self.hint = hint
    }

    /// The problem placed at `value`.
    public init(_ code: Code, _ message: String, file: String, at value: JSONValue, hint: String? = nil) {
        self.init(code, message, file: file, location: value.location, pointer: value.pointer, hint: hint)
    }
}

/// All the problems found in one file, in the order of the file.
public typealias ServiceConfigurationErrors = LocatedErrors<ServiceConfigurationError>
