/// The solver's state: the simplex tableau of the Cassowary algorithm (Badros, Borning and
/// Stuckey), in restricted normal form: each basic symbol's row gives it in terms of parametric
/// symbols, restricted basic symbols are `>= 0` (except while the dual simplex repairs them), and
/// the objective (the weighed errors of the non-required constraints) is a row too.
///
/// Everything the algorithm iterates is ordered by symbol id: rows live in an array indexed by
/// their basic symbol, cells are sorted, and every choice takes the lowest id among equals
/// (Bland's rule, which also keeps the simplex from cycling). Dictionaries are only looked into,
/// or iterated where the order cannot matter (putting journaled entries back).
///
/// Rows, constraint records and edit records change only through the setters below, which keep
/// a journal of what an operation changed (the objective and the infeasible list are saved whole
/// when it begins; new symbols and variables are cut off), so that a failed operation is undone
/// exactly (``rollBack()``) without copying the whole tableau first.
struct Tableau: Sendable {
    /// A failure of an operation on the tableau, which the solver undoes.
    enum Failure: Error {
        /// A required constraint cannot hold.
        case unsatisfiable
        /// The arithmetic went wrong; the reason says where.
        case numerical(String)
    }

    /// What the solver keeps of an added constraint: the symbols that mark it in the tableau.
    struct ConstraintRecord: Sendable {
        let constraint: LayoutConstraint
        /// The slack, positive error or dummy the constraint brought.
        let marker: Symbol
        /// The error that goes with `marker` in a non-required constraint.
        let other: Symbol?
    }

    /// An edit variable: its constraint and the value last suggested.
    struct EditRecord: Sendable {
        let record: ConstraintRecord
        var suggested: Double
    }

    /// What the current operation changed, as it was before.
    private struct Journal: Sendable {
        var symbolCount = 0
        var variableCount = 0
        var objective = Row()
        var infeasible: [Symbol] = []
        /// The rows (of symbols older than the operation) it changed, as they were.
        var rows: [Int: Row?] = [:]
        var constraints: [UInt64: ConstraintRecord?] = [:]
        var edits: [UInt64: EditRecord?] = [:]
    }

    /// The kind of every symbol, by id.
    private(set) var kinds: [Symbol.Kind] = []
    /// The row of every basic symbol, by id; nil for parametric symbols.
    private(set) var rows: [Row?] = []
    /// The weighed errors of the non-required constraints, to minimise.
    var objective = Row()
    /// The phase-one objective while a required constraint is added with an artificial variable.
    var artificial: Row?
    /// Basic symbols whose rows may have gone negative, for the dual simplex.
    var infeasible: [Symbol] = []
    /// Each known variable's symbol, by variable identity.
    private(set) var variableSymbols: [UInt64: Symbol] = [:]
    /// The known variables, in the order the solver first met them.
    private(set) var variables: [LayoutVariable] = []
    /// The added constraints, by identity.
    private(set) var constraints: [UInt64: ConstraintRecord] = [:]
    /// The edit variables, by variable identity.
    private(set) var edits: [UInt64: EditRecord] = [:]
    private var journal = Journal()

    // MARK: Changes

    /// A new symbol, numbered after every other.
    mutating func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        let symbol = Symbol(id: kinds.count, kind: kind)
        kinds.append(kind)
        rows.append(nil)
        return symbol
    }

    /// The symbol with the given id.
    func symbol(_ id: Int) -> Symbol {
        Symbol(id: id, kind: kinds[id])
    }

    /// The symbol of `variable`, made the first time it is asked for.
    mutating func symbol(for variable: LayoutVariable) -> Symbol {
        if let symbol = variableSymbols[variable.id] {
            return symbol
        }
        let symbol = makeSymbol(.external)
        variableSymbols[variable.id] = symbol
        variables.append(variable)
        return symbol
    }

    /// Notes a row as it is before the operation changes it.
    private mutating func remember(_ id: Int) {
        if id < journal.symbolCount, journal.rows.index(forKey: id) == nil {
            journal.rows[id] = rows[id]
        }
    }

    /// Sets (or, with nil, drops) the row of a basic symbol.
    mutating func setRow(_ id: Int, _ row: Row?) {
        remember(id)
        rows[id] = row
    }

    /// Changes the row of a basic symbol in place; nil when the symbol is not basic.
    @discardableResult
    mutating func updateRow<Result>(_ id: Int, _ change: (inout Row) -> Result) -> Result? {
        guard rows[id] != nil else {
            return nil
        }
        remember(id)
        return change(&rows[id]!)
    }

    /// Records (or, with nil, forgets) an added constraint.
    mutating func setConstraint(_ id: UInt64, _ record: ConstraintRecord?) {
        if journal.constraints.index(forKey: id) == nil {
            journal.constraints[id] = constraints[id]
        }
        constraints[id] = record
    }

    /// Records (or, with nil, forgets) an edit variable.
    mutating func setEdit(_ id: UInt64, _ record: EditRecord?) {
        if journal.edits.index(forKey: id) == nil {
            journal.edits[id] = edits[id]
        }
        edits[id] = record
    }

    // MARK: Operations

    /// Starts an operation: from here, changes are journaled.
    mutating func begin() {
        journal = Journal(symbolCount: kinds.count, variableCount: variables.count, objective: objective, infeasible: infeasible)
    }

    /// Ends an operation, keeping its changes.
    mutating func commit() {
        journal = Journal()
    }

    /// Ends an operation, undoing every change since ``begin()``.
    mutating func rollBack() {
        for (id, row) in journal.rows {
            rows[id] = row
        }
        kinds.removeSubrange(journal.symbolCount...)
        rows.removeSubrange(journal.symbolCount...)
        for variable in variables[journal.variableCount...] {
            variableSymbols[variable.id] = nil
        }
        variables.removeSubrange(journal.variableCount...)
        objective = journal.objective
        artificial = nil
        infeasible = journal.infeasible
        for (id, record) in journal.constraints {
            constraints[id] = record
        }
        for (id, record) in journal.edits {
            edits[id] = record
        }
        journal = Journal()
    }

    /// Whether the objective and every row the operation touched are finite and undamaged.
    var changesAreSound: Bool {
        guard objective.isSound else {
            return false
        }
        for id in journal.rows.keys {
            if let row = rows[id], !row.isSound {
                return false
            }
        }
        for id in journal.symbolCount..<rows.count {
            if let row = rows[id], !row.isSound {
                return false
            }
        }
        return true
    }

    // MARK: Reading

    /// The current value of `variable`: its row's constant when basic, otherwise 0 (also for
    /// variables the solver has never met). Never -0.
    func value(of variable: LayoutVariable) -> Double {
        guard let symbol = variableSymbols[variable.id], let row = rows[symbol.id] else {
            return 0
        }
        return row.constant + 0
    }

    /// A bound on the pivots of one simplex run: far more than a run takes, so reaching it means
    /// the arithmetic is cycling on rounding errors.
    var pivotLimit: Int {
        10_000 + 100 * kinds.count
    }
}
