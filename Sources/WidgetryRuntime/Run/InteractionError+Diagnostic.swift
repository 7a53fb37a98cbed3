public import WidgetryJSON

extension InteractionError: DiagnosticConvertible {
    /// The code of an interaction that could not be done and has no code of its own.
    public static let failed = "interaction.failed"

    /// The error's code, or ``failed``.
    public var diagnosticCode: DiagnosticCode { DiagnosticCode(code ?? Self.failed) }

    /// How to fix it.
    public var hint: String {
        switch code {
        case Self.stackDepthLimit?: "raise the run's maximum stack depth, or close screens before opening more"
        case Self.eventLimit?: "raise the interaction's event limit, or look for actions or timers that start each other"
        default: "check the step against the screen shown: the element's id, its kind, and what it is connected to"
        }
    }

    /// The error as one diagnostic; an interaction has no place in a file (the scenario step
    /// or request that asked for it does, and its reader places it).
    public var diagnostics: [Diagnostic] {
        [Diagnostic(code: diagnosticCode, severity: .error, place: DiagnosticLocation(file: "", start: nil), message: message, hint: hint)]
    }
}
