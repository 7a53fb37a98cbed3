// Suggested values for edit variables: the dual simplex step of Cassowary.

extension Tableau {
    /// Moves an edit variable's constraint to `value` and restores feasibility.
    mutating func suggest(_ value: Double, for variable: LayoutVariable) throws(Failure) {
        guard var edit = edits[variable.id] else {
            return
        }
        let delta = value - edit.suggested
        edit.suggested = value
        setEdit(variable.id, edit)
        let marker = edit.record.marker
        if let constant = updateRow(marker.id, { row in
            row.constant -= delta
            return row.constant
        }) {
            if constant < 0 {
                infeasible.append(marker)
            }
        } else if let other = edit.record.other, let constant = updateRow(other.id, { row in
            row.constant += delta
            return row.constant
        }) {
            if constant < 0 {
                infeasible.append(other)
            }
        } else {
            for id in rows.indices {
                let coefficient = rows[id]?.coefficient(for: marker) ?? 0
                guard coefficient != 0 else {
                    continue
                }
                let constant = updateRow(id) { row in
                    row.constant += delta * coefficient
                    return row.constant
                }
                if kinds[id] != .external, let constant, constant < 0 {
                    infeasible.append(symbol(id))
                }
            }
        }
        try dualOptimize()
    }
}
