/// Why the solver refused an operation. A refused operation changes nothing: the solver keeps
/// the constraints and the solution it had.
public enum LayoutError: Error, Equatable, CustomStringConvertible {
    /// The required constraint cannot hold together with the required constraints already added.
    case unsatisfiable(LayoutConstraint)
    /// The constraint was added already.
    case duplicateConstraint(LayoutConstraint)
    /// The constraint was never added, or was removed.
    case unknownConstraint(LayoutConstraint)
    /// A coefficient or the constant of the constraint is NaN or infinite.
    case nonFiniteConstraint(LayoutConstraint)
    /// The constraint's strength is neither required nor a finite positive weight.
    case invalidStrength(LayoutConstraint)
    /// The variable is an edit variable already.
    case duplicateEditVariable(LayoutVariable)
    /// The variable is not an edit variable.
    case unknownEditVariable(LayoutVariable)
    /// An edit variable's strength must be a valid non-required one.
    case invalidEditStrength(LayoutVariable, Strength)
    /// A suggested value was NaN or infinite.
    case nonFiniteSuggestion(LayoutVariable)
    /// The arithmetic went out of range (values overflowing, a pivot that could not be made);
    /// the operation was undone. Carries the constraint being added or removed, if any.
    case numericalFailure(LayoutConstraint?, reason: String)

    /// The constraint the error is about, if it is about one.
    public var constraint: LayoutConstraint? {
        switch self {
        case .unsatisfiable(let constraint), .duplicateConstraint(let constraint), .unknownConstraint(let constraint),
             .nonFiniteConstraint(let constraint), .invalidStrength(let constraint):
            constraint
        case .numericalFailure(let constraint, _):
            constraint
        case .duplicateEditVariable, .unknownEditVariable, .invalidEditStrength, .nonFiniteSuggestion:
            nil
        }
    }

    /// The caller's tag of the constraint the error is about.
    public var tag: (any Sendable)? {
        constraint?.tag
    }

    /// One line saying what was refused and why.
    public var description: String {
        switch self {
        case .unsatisfiable(let constraint):
            "unsatisfiable required constraint: \(constraint)"
        case .duplicateConstraint(let constraint):
            "constraint added twice: \(constraint)"
        case .unknownConstraint(let constraint):
            "constraint not in the solver: \(constraint)"
        case .nonFiniteConstraint(let constraint):
            "constraint with a NaN or infinite number: \(constraint)"
        case .invalidStrength(let constraint):
            "constraint with an invalid strength: \(constraint)"
        case .duplicateEditVariable(let variable):
            "edit variable added twice: \(variable)"
        case .unknownEditVariable(let variable):
            "not an edit variable: \(variable)"
        case .invalidEditStrength(let variable, let strength):
            "edit variable \(variable) with an invalid strength (\(strength)): it must be non-required"
        case .nonFiniteSuggestion(let variable):
            "NaN or infinite value suggested for \(variable)"
        case .numericalFailure(let constraint, let reason):
            if let constraint {
                "numerical failure (\(reason)) at: \(constraint)"
            } else {
                "numerical failure (\(reason))"
            }
        }
    }
}
