public import WidgetryJSON

/// A problem in a service file, with its place: file, line and column, and JSON Pointer.
public struct ServiceConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
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

    /// `file:line:column: message [code]`, then the pointer and the hint when there are.
    public var description: String {
        var text = file
        if let location { text += ":\(location.line):\(location.column)" }
        text += ": \(message) [\(code.rawValue)]"
        if let pointer, !pointer.description.isEmpty { text += "\n  at: \(pointer)" }
        if let hint { text += "\n  hint: \(hint)" }
        return text
    }
}

/// All the problems found in a service file, in the order of the file.
public struct ServiceConfigurationErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [ServiceConfigurationError]

    public init(_ errors: [ServiceConfigurationError]) {
        self.errors = errors
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
