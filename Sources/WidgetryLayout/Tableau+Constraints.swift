// Adding and removing constraints: the incremental steps of Cassowary.

extension Tableau {
    /// Adds a constraint already checked for finite numbers, a valid strength and duplicates.
    /// On failure the tableau is left half changed: the caller rolls the operation back.
    mutating func add(_ constraint: LayoutConstraint) throws(Failure) -> ConstraintRecord {
        var (row, record) = makeRow(for: constraint)
        var subject = chooseSubject(row, record)
        if subject == nil, row.hasOnlyDummies {
            // Every symbol is fixed: the constraint is redundant or contradicts the others.
            guard Row.isNearZero(row.constant) else {
                throw .unsatisfiable
            }
            subject = record.marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, with: row)
            setRow(subject.id, row)
        } else if try !addWithArtificialVariable(row) {
            throw .unsatisfiable
        }
        setConstraint(constraint.id, record)
        try optimize(.main)
        infeasible.removeAll()
        return record
    }

    /// Removes an added constraint. On failure the caller rolls the operation back.
    mutating func remove(_ record: ConstraintRecord) throws(Failure) {
        setConstraint(record.constraint.id, nil)
        // The errors leave the objective before any pivot, so none is substituted into it.
        removeErrorEffect(of: record.marker, strength: record.constraint.strength)
        if let other = record.other {
            removeErrorEffect(of: other, strength: record.constraint.strength)
        }
        if rows[record.marker.id] != nil {
            setRow(record.marker.id, nil)
        } else if let leaving = markerLeavingRow(record.marker), var row = rows[leaving] {
            setRow(leaving, nil)
            row.solve(for: record.marker, replacing: symbol(leaving))
            substitute(record.marker, with: row)
        }
        try optimize(.main)
        infeasible.removeAll()
    }

    /// The constraint's row with every basic variable substituted, its marker (and error) added,
    /// and a constant that is not negative.
    private mutating func makeRow(for constraint: LayoutConstraint) -> (Row, ConstraintRecord) {
        var row = Row(constant: constraint.expression.constant)
        for term in constraint.expression.terms where !Row.isNearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if let basic = rows[symbol.id] {
                row.insert(basic, times: term.coefficient)
            } else {
                row.insert(symbol, coefficient: term.coefficient)
            }
        }
        let strength = constraint.strength
        let marker: Symbol
        var other: Symbol?
        switch constraint.relation {
        case .lessOrEqual, .greaterOrEqual:
            // expression + slack = 0 for <=, expression - slack = 0 for >=.
            let sign: Double = constraint.relation == .lessOrEqual ? 1 : -1
            marker = makeSymbol(.slack)
            row.insert(marker, coefficient: sign)
            if !strength.isRequired {
                let error = makeSymbol(.error)
                other = error
                row.insert(error, coefficient: -sign)
                objective.insert(error, coefficient: strength.weight)
            }
        case .equal where strength.isRequired:
            marker = makeSymbol(.dummy)
            row.insert(marker)
        case .equal:
            // expression = plus - minus.
            let plus = makeSymbol(.error)
            let minus = makeSymbol(.error)
            marker = plus
            other = minus
            row.insert(plus, coefficient: -1)
            row.insert(minus, coefficient: 1)
            objective.insert(plus, coefficient: strength.weight)
            objective.insert(minus, coefficient: strength.weight)
        }
        if row.constant < 0 {
            row.reverseSign()
        }
        return (row, ConstraintRecord(constraint: constraint, marker: marker, other: other))
    }

    /// The symbol to make basic for a new row: its first variable, else a restricted marker with
    /// a negative coefficient (the row stays feasible), else nil.
    private func chooseSubject(_ row: Row, _ record: ConstraintRecord) -> Symbol? {
        if let external = row.cells.first(where: { $0.symbol.kind == .external }) {
            return external.symbol
        }
        for symbol in [record.marker, record.other].compactMap(\.self) where symbol.isRestricted {
            if row.coefficient(for: symbol) < 0 {
                return symbol
            }
        }
        return nil
    }

    /// Adds a row no symbol can be solved for by phase one of the simplex: an artificial variable
    /// equal to the row is driven to zero. Returns false when it cannot be: the row contradicts
    /// the required constraints.
    private mutating func addWithArtificialVariable(_ row: Row) throws(Failure) -> Bool {
        let artificialSymbol = makeSymbol(.slack)
        setRow(artificialSymbol.id, row)
        artificial = row
        try optimize(.artificial)
        let succeeded = Row.isNearZero(artificial?.constant ?? 0)
        artificial = nil
        if var artificialRow = rows[artificialSymbol.id] {
            setRow(artificialSymbol.id, nil)
            if artificialRow.cells.isEmpty {
                return succeeded
            }
            guard let entering = artificialRow.cells.first(where: { $0.symbol.isRestricted })?.symbol else {
                return false
            }
            artificialRow.solve(for: entering, replacing: artificialSymbol)
            substitute(entering, with: artificialRow)
            setRow(entering.id, artificialRow)
        }
        for id in rows.indices where rows[id]?.contains(artificialSymbol) == true {
            updateRow(id) { $0.remove(artificialSymbol) }
        }
        objective.remove(artificialSymbol)
        return succeeded
    }

    /// Takes an error's weight out of the objective.
    private mutating func removeErrorEffect(of symbol: Symbol, strength: Strength) {
        guard symbol.kind == .error else {
            return
        }
        if let row = rows[symbol.id] {
            objective.insert(row, times: -strength.weight)
        } else {
            objective.insert(symbol, coefficient: -strength.weight)
        }
    }

    /// The row to pivot a parametric marker into, so the marker's row can be dropped: the
    /// restricted row it limits most, else the restricted row it limits least, else a variable's
    /// row (lowest id among equals); nil when the marker is in no row.
    private func markerLeavingRow(_ marker: Symbol) -> Int? {
        var negative: Int?
        var negativeRatio = Double.infinity
        var positive: Int?
        var positiveRatio = Double.infinity
        var external: Int?
        for id in rows.indices {
            guard let row = rows[id] else {
                continue
            }
            let coefficient = row.coefficient(for: marker)
            if coefficient == 0 {
                continue
            }
            if kinds[id] == .external {
                if external == nil {
                    external = id
                }
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if ratio < negativeRatio {
                    negativeRatio = ratio
                    negative = id
                }
            } else {
                let ratio = row.constant / coefficient
                if ratio < positiveRatio {
                    positiveRatio = ratio
                    positive = id
                }
            }
        }
        return negative ?? positive ?? external
    }
}
