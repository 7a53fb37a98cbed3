/// An incremental Cassowary solver for linear equalities and inequalities of mixed strengths, as
/// Auto Layout's constraints are.
///
/// Add constraints with ``add(_:)``, remove them with ``remove(_:)``, and read the solution with
/// ``value(of:)``; the solution is kept up to date after every change. Required constraints hold
/// (to rounding); the others are kept as closely as their strengths allow (see ``Strength``).
///
/// The arithmetic is plain `Double` with an absolute threshold of 1e-8 below which a coefficient
/// counts as zero, as in kiwi: right for layout, where values are points and coefficients are
/// multipliers near 1. Systems with coefficients in the hundreds and thousands of mixed sign can
/// lose precision to that threshold.
///
/// Every operation either succeeds or throws a ``LayoutError`` and changes nothing. The results
/// are deterministic: the same operations in the same order give bit-identical values, in any
/// process and on any machine, since the solver orders its work by the order in which it met
/// variables and constraints, never by hashing. Where the constraints leave freedom (an
/// under-determined system), the answer is the documented one of the algorithm: an equality is
/// solved for its variable the solver met first, and a variable nothing fixes is 0. So with only
/// `a + b == 100`, `a` is 100 and `b` is 0.
///
/// A solver is a value: a copy is an independent solver with the same constraints. A failed
/// operation is undone from a journal of what it changed, so undoing costs what the operation did.
public struct LayoutSolver: Sendable {
    private var tableau = Tableau()

    /// An empty solver.
    public init() {}

    /// Adds a constraint and updates the solution.
    ///
    /// - Throws: ``LayoutError/unsatisfiable(_:)`` when a required constraint contradicts the
    ///   required ones already added; ``LayoutError/duplicateConstraint(_:)``;
    ///   ``LayoutError/nonFiniteConstraint(_:)`` for a NaN or infinite coefficient or constant;
    ///   ``LayoutError/invalidStrength(_:)``; ``LayoutError/numericalFailure(_:reason:)`` when
    ///   the arithmetic overflows. The solver is then as it was.
    public mutating func add(_ constraint: LayoutConstraint) throws(LayoutError) {
        guard constraint.expression.isFinite else {
            throw .nonFiniteConstraint(constraint)
        }
        guard constraint.strength.isValid else {
            throw .invalidStrength(constraint)
        }
        guard tableau.constraints[constraint.id] == nil else {
            throw .duplicateConstraint(constraint)
        }
        try transaction(about: constraint) { tableau throws(Tableau.Failure) in
            _ = try tableau.add(constraint)
        }
    }

    /// Removes an added constraint and updates the solution.
    ///
    /// - Throws: ``LayoutError/unknownConstraint(_:)`` when the constraint is not in the solver
    ///   (an edit variable's constraint is removed with ``removeEditVariable(_:)``);
    ///   ``LayoutError/numericalFailure(_:reason:)``, the solver then as it was.
    public mutating func remove(_ constraint: LayoutConstraint) throws(LayoutError) {
        guard let record = tableau.constraints[constraint.id], !isEditConstraint(record) else {
            throw .unknownConstraint(constraint)
        }
        try transaction(about: constraint) { tableau throws(Tableau.Failure) in
            try tableau.remove(record)
        }
    }

    /// Whether the constraint has been added (and not removed).
    public func contains(_ constraint: LayoutConstraint) -> Bool {
        guard let record = tableau.constraints[constraint.id] else {
            return false
        }
        return !isEditConstraint(record)
    }

    /// The value of `variable` in the current solution: 0 for a variable no constraint names, and
    /// for one the constraints leave free. Never -0.
    public func value(of variable: LayoutVariable) -> Double {
        tableau.value(of: variable)
    }

    /// Every variable the solver has met, in the order it met them (the order of the terms of the
    /// constraints, as they were added).
    public var variables: [LayoutVariable] {
        tableau.variables
    }

    // MARK: Edit variables

    /// Makes `variable` an edit variable: one whose value is suggested from outside (an intrinsic
    /// content size), held with a non-required `strength` against the other constraints. Until a
    /// value is suggested, the suggestion is 0.
    ///
    /// - Throws: ``LayoutError/duplicateEditVariable(_:)``, or
    ///   ``LayoutError/invalidEditStrength(_:_:)`` for a required or invalid strength.
    public mutating func addEditVariable(_ variable: LayoutVariable, strength: Strength) throws(LayoutError) {
        guard tableau.edits[variable.id] == nil else {
            throw .duplicateEditVariable(variable)
        }
        guard strength.isValid, !strength.isRequired else {
            throw .invalidEditStrength(variable, strength)
        }
        let constraint = LayoutConstraint(LinearExpression(variable), .equal, strength: strength, tag: "edit \(variable)")
        try transaction(about: constraint) { tableau throws(Tableau.Failure) in
            let record = try tableau.add(constraint)
            tableau.setEdit(variable.id, Tableau.EditRecord(record: record, suggested: 0))
        }
    }

    /// Stops `variable` being an edit variable, removing the constraint that held it.
    ///
    /// - Throws: ``LayoutError/unknownEditVariable(_:)``.
    public mutating func removeEditVariable(_ variable: LayoutVariable) throws(LayoutError) {
        guard let edit = tableau.edits[variable.id] else {
            throw .unknownEditVariable(variable)
        }
        try transaction(about: edit.record.constraint) { tableau throws(Tableau.Failure) in
            tableau.setEdit(variable.id, nil)
            try tableau.remove(edit.record)
        }
    }

    /// Whether `variable` is an edit variable.
    public func hasEditVariable(_ variable: LayoutVariable) -> Bool {
        tableau.edits[variable.id] != nil
    }

    /// Suggests a value for an edit variable and updates the solution: the variable takes it as
    /// far as the constraints stronger than its edit strength allow.
    ///
    /// - Throws: ``LayoutError/unknownEditVariable(_:)``, ``LayoutError/nonFiniteSuggestion(_:)``.
    public mutating func suggestValue(_ value: Double, for variable: LayoutVariable) throws(LayoutError) {
        guard let edit = tableau.edits[variable.id] else {
            throw .unknownEditVariable(variable)
        }
        guard value.isFinite else {
            throw .nonFiniteSuggestion(variable)
        }
        try transaction(about: edit.record.constraint) { tableau throws(Tableau.Failure) in
            try tableau.suggest(value, for: variable)
        }
    }

    // MARK: Private

    private func isEditConstraint(_ record: Tableau.ConstraintRecord) -> Bool {
        guard record.constraint.expression.terms.count == 1,
              let edit = tableau.edits[record.constraint.expression.terms[0].variable.id]
        else {
            return false
        }
        return edit.record.constraint == record.constraint
    }

    /// Runs `body` on the tableau, and puts the tableau back as it was if it fails or leaves a
    /// number that is not finite.
    private mutating func transaction(
        about constraint: LayoutConstraint,
        _ body: (inout Tableau) throws(Tableau.Failure) -> Void
    ) throws(LayoutError) {
        tableau.begin()
        do throws(Tableau.Failure) {
            try body(&tableau)
            guard tableau.changesAreSound else {
                throw .numerical("a value is out of range")
            }
            tableau.commit()
        } catch {
            tableau.rollBack()
            switch error {
            case .unsatisfiable:
                throw .unsatisfiable(constraint)
            case .numerical(let reason):
                throw .numericalFailure(constraint, reason: reason)
            }
        }
    }
}
