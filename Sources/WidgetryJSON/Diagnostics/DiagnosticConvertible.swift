/// An error that can be shown as located diagnostics: every error a module reports to people
/// conforms, so the command line and hosts print and report all of them through one model.
public protocol DiagnosticConvertible: Error {
    /// The error as diagnostics, in the order they should be printed.
    var diagnostics: [Diagnostic] { get }
}

/// The stable identifier of one kind of problem in one domain (`screen.unknown-key`): each
/// domain (screens, services, models, scenarios…) declares its codes as an enum of these.
public protocol DiagnosticCode: RawRepresentable<String>, Sendable, Hashable {}
