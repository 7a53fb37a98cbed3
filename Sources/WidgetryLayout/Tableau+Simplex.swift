// The simplex steps: substitution, pivots, the primal and the dual simplex.

extension Tableau {
    /// Which objective a simplex run minimises.
    enum Objective {
        case main
        case artificial
    }

    /// Replaces `symbol` by `row` everywhere, noting restricted rows that went negative.
    mutating func substitute(_ symbol: Symbol, with row: Row) {
        for id in rows.indices where rows[id]?.contains(symbol) == true {
            let constant = updateRow(id) { basic in
                basic.substitute(symbol, with: row)
                return basic.constant
            }
            if kinds[id] != .external, let constant, constant < 0 {
                infeasible.append(self.symbol(id))
            }
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// Makes `entering` basic in place of the basic symbol `leaving`.
    mutating func pivot(leaving: Int, entering: Symbol) {
        guard var row = rows[leaving] else {
            return
        }
        setRow(leaving, nil)
        row.solve(for: entering, replacing: symbol(leaving))
        substitute(entering, with: row)
        setRow(entering.id, row)
    }

    /// Runs the primal simplex on an objective until no symbol improves it.
    mutating func optimize(_ which: Objective) throws(Failure) {
        var pivots = 0
        while let (entering, coefficient, scale) = enteringSymbol(which) {
            guard let leaving = leavingRow(for: entering) else {
                // The objective (weighed errors, all >= 0) is bounded below, so a symbol nothing
                // limits can only have a coefficient that rounding left where 0 belongs.
                guard abs(coefficient) <= Self.objectiveNoise * 1e6 * scale else {
                    throw .numerical("the objective is unbounded")
                }
                switch which {
                case .main: objective.remove(entering)
                case .artificial: artificial?.remove(entering)
                }
                continue
            }
            pivot(leaving: leaving, entering: entering)
            pivots += 1
            if pivots > pivotLimit {
                throw .numerical("the simplex did not converge")
            }
        }
    }

    /// The lowest-id symbol whose increase lowers the objective, with its coefficient and the
    /// largest coefficient of the objective.
    ///
    /// A coefficient counts only beyond ``objectiveNoise`` times the largest one (and beyond the
    /// row epsilon): weights up to a million times coefficients leave rounding residues larger
    /// than the epsilon, and pivoting on them goes nowhere.
    private func enteringSymbol(_ which: Objective) -> (Symbol, coefficient: Double, scale: Double)? {
        let cells = which == .main ? objective.cells : artificial?.cells ?? []
        var scale = 0.0
        for cell in cells where cell.symbol.kind != .dummy {
            scale = max(scale, abs(cell.coefficient))
        }
        let threshold = max(Row.epsilon, Self.objectiveNoise * scale)
        guard let cell = cells.first(where: { $0.symbol.kind != .dummy && $0.coefficient < -threshold }) else {
            return nil
        }
        return (cell.symbol, cell.coefficient, scale)
    }

    /// The share of the objective's largest coefficient below which a coefficient is rounding.
    static let objectiveNoise = 1e-12

    /// The restricted row that limits `entering` most (lowest id among equals), or nil.
    private func leavingRow(for entering: Symbol) -> Int? {
        var best: Int?
        var bestRatio = Double.infinity
        for id in rows.indices where kinds[id] != .external {
            guard let row = rows[id] else {
                continue
            }
            let coefficient = row.coefficient(for: entering)
            if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if ratio < bestRatio {
                    bestRatio = ratio
                    best = id
                }
            }
        }
        return best
    }

    /// Runs the dual simplex until no restricted row is negative (after a suggested value).
    mutating func dualOptimize() throws(Failure) {
        var pivots = 0
        while let leaving = infeasible.popLast() {
            guard let row = rows[leaving.id], row.constant < 0, !Row.isNearZero(row.constant) else {
                continue
            }
            guard let entering = dualEnteringSymbol(row) else {
                throw .numerical("the dual simplex found no entering symbol")
            }
            pivot(leaving: leaving.id, entering: entering)
            pivots += 1
            if pivots > pivotLimit {
                throw .numerical("the dual simplex did not converge")
            }
        }
    }

    /// The symbol of `row` that restores it at the least cost to the objective (lowest id among
    /// equals).
    private func dualEnteringSymbol(_ row: Row) -> Symbol? {
        var best: Symbol?
        var bestRatio = Double.infinity
        for cell in row.cells where cell.coefficient > 0 && cell.symbol.kind != .dummy {
            let ratio = objective.coefficient(for: cell.symbol) / cell.coefficient
            if ratio < bestRatio {
                bestRatio = ratio
                best = cell.symbol
            }
        }
        return best
    }
}
