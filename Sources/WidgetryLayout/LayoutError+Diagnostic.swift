public import WidgetryDiagnostics

extension LayoutError: DiagnosticConvertible {
    /// A stable code for each refusal: `layout.unsatisfiable`, `layout.duplicate-constraint`…
    public var code: DiagnosticCode {
        switch self {
        case .unsatisfiable: "layout.unsatisfiable"
        case .duplicateConstraint: "layout.duplicate-constraint"
        case .unknownConstraint: "layout.unknown-constraint"
        case .nonFiniteConstraint: "layout.non-finite-constraint"
        case .invalidStrength: "layout.invalid-strength"
        case .duplicateEditVariable: "layout.duplicate-edit-variable"
        case .unknownEditVariable: "layout.unknown-edit-variable"
        case .invalidEditStrength: "layout.invalid-edit-strength"
        case .nonFiniteSuggestion: "layout.non-finite-suggestion"
        case .numericalFailure: "layout.numerical-failure"
        }
    }

    /// How to fix it, when there is something useful to say.
    public var hint: String? {
        switch self {
        case .unsatisfiable: "lower the constraint's priority below required, or remove the one it contradicts"
        case .duplicateConstraint, .duplicateEditVariable: "add it once, or remove it before adding it again"
        case .unknownConstraint, .unknownEditVariable: "add it before removing or changing it"
        case .nonFiniteConstraint, .nonFiniteSuggestion: "use finite numbers"
        case .invalidStrength: "use required, or a finite positive weight"
        case .invalidEditStrength: "give the edit variable a strength below required"
        case .numericalFailure: "keep coefficients and constants within a few orders of magnitude"
        }
    }

    /// The refusal as one error, placed where the constraint it is about was written when the
    /// caller tagged the constraint with its ``DiagnosticLocation``.
    public var diagnostics: [Diagnostic] {
        let place = constraint?.tag as? DiagnosticLocation ?? DiagnosticLocation(file: "", start: nil)
        return [Diagnostic(code: code, severity: .error, place: place, message: description, hint: hint)]
    }
}
