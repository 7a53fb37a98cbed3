/// An error that can be shown as located diagnostics: every error a module reports to people
/// conforms, so the command line and hosts print and report all of them through one model.
public protocol DiagnosticConvertible: Error {
    /// The error as diagnostics, in the order they should be printed.
    var diagnostics: [Diagnostic] { get }
}
