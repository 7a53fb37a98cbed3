/// A problem placed in a JSON document that has no file of its own (a response being imported,
/// a binding whose screen file its caller knows): the line and column when the document was
/// parsed from text, and the JSON Pointer. The binding and import errors are both of this shape,
/// each domain contributing its codes; the file is given when it becomes a ``Diagnostic``.
public struct PlacedProblem<C: DomainCode>: Error, Sendable, Hashable, CustomStringConvertible {
    /// The domain's codes (`BindingError.Code.evaluation`).
    public typealias Code = C

    public var code: C
    public var message: String
    /// Where the value at fault starts; nil for JSON built in code.
    public var location: SourceLocation?
    public var pointer: JSONPointer
    /// What to do about it, when there is something to say.
    public var hint: String?

    public init(_ code: C, _ message: String, location: SourceLocation?, pointer: JSONPointer, hint: String? = nil) {
        self.code = code
        self.message = message
        self.location = location
        self.pointer = pointer
        self.hint = hint
    }

    /// The problem placed at `value`.
    public init(_ code: C, _ message: String, at value: JSONValue, hint: String? = nil) {
        self.init(code, message, location: value.location, pointer: value.pointer, hint: hint)
    }

    /// `line:column: message [code] at /pointer; hint`: the problem on one line, to stand inside
    /// the message of the error that met it (``DiagnosticText/inline(_:)``).
    public var description: String { DiagnosticText.inline(diagnostic(file: "")) }

    /// The problem as a finding in `file`.
    public func diagnostic(file: String, severity: Diagnostic.Severity = .error) -> Diagnostic {
        Diagnostic(code: code.rawValue, severity: severity, file: file, location: location, pointer: pointer, message: message, hint: hint)
    }
}
