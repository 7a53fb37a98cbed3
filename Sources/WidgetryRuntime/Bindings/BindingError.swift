public import WidgetryJSON

/// A binding or evaluation that could not be compiled, evaluated or written, placed at the
/// binding's entry in its screen file (line, column and JSON Pointer of the `BindingSpec`).
///
/// Compile-time codes (`binding.predicate`, `binding.unknown-transformer`) are found once, when
/// the screen is loaded; the others (`binding.evaluation`, `binding.target`) when the binding
/// runs on the data it meets.
public struct BindingError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        /// `predicateFormat` does not parse (the predicate's own `predicate.*` error is in the message).
        case predicate = "binding.predicate"
        /// `transformer` names no transformer in the run's registry.
        case unknownTransformer = "binding.unknown-transformer"
        /// Reading `from`, evaluating the predicate or substituting a string failed on the data
        /// (a key path that cannot be read, a type mismatch).
        case evaluation = "binding.evaluation"
        /// The value could not be written at `to` (no such key, read-only, wrong type), or the
        /// binding has no target.
        case target = "binding.target"
    }

    public var code: Code
    public var message: String
    /// Where the binding is written; nil for bindings built in code.
    public var location: SourceLocation?
    public var pointer: JSONPointer
    /// What to do about it, when there is something to say.
    public var hint: String?

    public init(_ code: Code, _ message: String, location: SourceLocation?, pointer: JSONPointer, hint: String? = nil) {
        self.code = code
        self.message = message
        self.location = location
        self.pointer = pointer
        self.hint = hint
    }

    /// An error placed at `spec`.
    public init(_ code: Code, _ message: String, at spec: BindingSpec, hint: String? = nil) {
        self.init(code, message, location: spec.location, pointer: spec.pointer, hint: hint)
    }

    /// `line:column: message [code] at /pointer; hint`.
    public var description: String {
        var text = location.map { "\($0.line):\($0.column): " } ?? ""
        text += "\(message) [\(code.rawValue)]"
        if !pointer.description.isEmpty { text += " at \(pointer)" }
        if let hint { text += "; \(hint)" }
        return text
    }
}
