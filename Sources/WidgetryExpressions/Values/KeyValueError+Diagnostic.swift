public import WidgetryJSON

extension KeyValueError: DiagnosticConvertible {
    /// The screen codes the screen compiler has always reported a refused write under:
    /// `screen.unknown-attribute` for a key the object does not have, `screen.invalid-value`
    /// for one it cannot take.
    public var code: DiagnosticCode {
        reason == .unknownKey ? "screen.unknown-attribute" : "screen.invalid-value"
    }

    /// How to fix it.
    public var hint: String {
        switch reason {
        case .unknownKey: "check the key's spelling against the keys \(typeName) has"
        case .readOnly: "set the key in the screen file, where it is given, rather than at run time"
        case .typeMismatch(let expected, _): "give the key \(expected)"
        }
    }

    /// The refused write as one error; it has no place of its own (the caller knows where the
    /// value was written and moves the diagnostic there).
    public var diagnostics: [Diagnostic] {
        [Diagnostic(code: code, severity: .error, place: DiagnosticLocation(file: "", start: nil), message: description, hint: hint)]
    }
}
