/// A problem in a file a person wrote, placed so they can find it: the file, the line and
/// column, the JSON Pointer, a stable code (`model.unknown-key`) and, where one helps, a hint.
/// Model, service and screen errors are all of this shape and print the same way.
public protocol LocatedError: Error, Sendable, CustomStringConvertible {
    associatedtype Code: RawRepresentable<String>
    var code: Code { get }
    var message: String { get }
    var file: String { get }
    var location: SourceLocation? { get }
    var pointer: JSONPointer? { get }
    var hint: String? { get }
}

extension LocatedError {
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

/// All the problems found in a file, in the order of the file, reported at once.
public struct LocatedErrors<Element: LocatedError>: Error, Sendable, CustomStringConvertible {
    public var errors: [Element]

    public init(_ errors: [Element]) {
        self.errors = errors
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
