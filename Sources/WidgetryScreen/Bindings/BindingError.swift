public import WidgetryJSON

/// A binding or evaluation that could not be compiled, evaluated or written, placed at the
/// binding's entry in its screen file (line, column and JSON Pointer of the `BindingSpec`).
///
/// Compile-time codes (`binding.predicate`, `binding.unknown-transformer`) are found once, when
/// the screen is loaded; the others (`binding.evaluation`, `binding.target`) when the binding
/// runs on the data it meets.
public typealias BindingError = PlacedProblem<BindingErrorCode>

/// The codes of ``BindingError``.
public enum BindingErrorCode: String, DomainCode, CaseIterable {
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

extension PlacedProblem where C == BindingErrorCode {
    /// An error placed at `spec`.
    public init(_ code: C, _ message: String, at spec: BindingSpec, hint: String? = nil) {
        self.init(code, message, location: spec.location, pointer: spec.pointer, hint: hint)
    }

    /// An error placed at the value of `key` in `spec` (at `spec` when it has no such key).
    public init(_ code: C, _ message: String, at key: String, of spec: BindingSpec, hint: String? = nil) {
        let place = spec.place(of: key)
        self.init(code, message, location: place.location, pointer: place.pointer, hint: hint)
    }
}
