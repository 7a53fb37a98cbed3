public import WidgetryJSON
import WidgetryBundle

extension WidgetHostError: DiagnosticConvertible {
    /// The refusal as one diagnostic with its ``code``, ``message`` and ``hint``. A widget that
    /// could not be loaded or reloaded is placed where its cause is (the bundle's file and line),
    /// when the cause has a place.
    public var diagnostics: [Diagnostic] {
        var place = DiagnosticLocation(file: "", start: nil)
        switch self {
        case .loadFailed(_, _, let cause), .notRunning(_, let cause):
            if let first = cause.diagnostics.first { place = first.place }
        case .duplicateIdentifier, .unknownWidget, .shutDown:
            break
        }
        return [Diagnostic(code: DiagnosticCode(code), severity: .error, place: place, message: message, hint: hint)]
    }
}

extension WidgetHostError.LoadFailure {
    /// The cause as the diagnostics of its error.
    public var diagnostics: [Diagnostic] {
        switch self {
        case .bundle(let error): error.diagnostics
        case .run(let error): error.diagnostics
        }
    }
}
