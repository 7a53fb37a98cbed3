/// `basic = constant + sum(coefficient * symbol)`: one row of the tableau (or the objective).
///
/// Cells are sorted by symbol id and no cell's coefficient is near zero, so rows built by the same
/// operations are the same arrays, and scans meet symbols lowest id first.
struct Row: Sendable {
    /// One symbol of the row and its coefficient.
    struct Cell: Sendable {
        var symbol: Symbol
        var coefficient: Double
    }

    /// Below this, a coefficient or a constant counts as zero.
    static let epsilon = 1e-8

    var constant: Double
    private(set) var cells: [Cell] = []
    /// Whether an operation ever put a NaN or infinite coefficient in the row, or was asked to
    /// solve for a symbol the row lacks: kept up to date as cells are computed, so that checking
    /// a tableau does not read every cell. A damaged row makes the operation fail and be undone.
    private(set) var isDamaged = false

    init(constant: Double = 0) {
        self.constant = constant
    }

    static func isNearZero(_ value: Double) -> Bool {
        abs(value) < epsilon
    }

    /// The position of `symbol`'s cell, or where it would go.
    private func position(of symbol: Symbol) -> (index: Int, found: Bool) {
        var low = 0
        var high = cells.count
        while low < high {
            let middle = (low + high) / 2
            let id = cells[middle].symbol.id
            if id == symbol.id {
                return (middle, true)
            }
            if id < symbol.id {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return (low, false)
    }

    /// The coefficient of `symbol`: 0 when it has no cell.
    func coefficient(for symbol: Symbol) -> Double {
        let (index, found) = position(of: symbol)
        return found ? cells[index].coefficient : 0
    }

    /// Whether `symbol` has a cell. Rows that end before it (most, for a symbol just made) are
    /// passed over without a search.
    func contains(_ symbol: Symbol) -> Bool {
        guard let first = cells.first, let last = cells.last,
              first.symbol.id <= symbol.id, symbol.id <= last.symbol.id
        else {
            return false
        }
        return position(of: symbol).found
    }

    /// Whether every cell is a dummy (true for a row with no cells).
    var hasOnlyDummies: Bool {
        cells.allSatisfy { $0.symbol.kind == .dummy }
    }

    /// Adds `coefficient * symbol`, dropping the cell if its coefficient becomes near zero.
    mutating func insert(_ symbol: Symbol, coefficient: Double = 1) {
        let (index, found) = position(of: symbol)
        if found {
            let sum = cells[index].coefficient + coefficient
            if !sum.isFinite {
                isDamaged = true
            }
            if Self.isNearZero(sum) {
                cells.remove(at: index)
            } else {
                cells[index].coefficient = sum
            }
        } else if !Self.isNearZero(coefficient) {
            if !coefficient.isFinite {
                isDamaged = true
            }
            cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
        }
    }

    /// Adds `factor * other`, constant and cells, in one merge of the two sorted cell lists.
    mutating func insert(_ other: Row, times factor: Double = 1) {
        constant += other.constant * factor
        if other.isDamaged {
            isDamaged = true
        }
        var merged: [Cell] = []
        merged.reserveCapacity(cells.count + other.cells.count)
        var finite = true
        var mine = 0
        var theirs = 0
        while mine < cells.count || theirs < other.cells.count {
            if theirs == other.cells.count || (mine < cells.count && cells[mine].symbol.id < other.cells[theirs].symbol.id) {
                merged.append(cells[mine])
                mine += 1
            } else if mine == cells.count || other.cells[theirs].symbol.id < cells[mine].symbol.id {
                let coefficient = other.cells[theirs].coefficient * factor
                finite = finite && coefficient.isFinite
                if !Self.isNearZero(coefficient) {
                    merged.append(Cell(symbol: other.cells[theirs].symbol, coefficient: coefficient))
                }
                theirs += 1
            } else {
                let coefficient = cells[mine].coefficient + other.cells[theirs].coefficient * factor
                finite = finite && coefficient.isFinite
                if !Self.isNearZero(coefficient) {
                    merged.append(Cell(symbol: cells[mine].symbol, coefficient: coefficient))
                }
                mine += 1
                theirs += 1
            }
        }
        cells = merged
        if !finite {
            isDamaged = true
        }
    }

    /// Removes `symbol`'s cell, if any.
    mutating func remove(_ symbol: Symbol) {
        let (index, found) = position(of: symbol)
        if found {
            cells.remove(at: index)
        }
    }

    /// Negates the constant and every coefficient.
    mutating func reverseSign() {
        constant = -constant
        for index in cells.indices {
            cells[index].coefficient = -cells[index].coefficient
        }
    }

    /// Turns `0 = constant + ... + c * symbol + ...` into `symbol = ...`, removing its cell.
    /// Without a cell for `symbol` the row is marked damaged instead.
    mutating func solve(for symbol: Symbol) {
        let (index, found) = position(of: symbol)
        guard found else {
            isDamaged = true
            return
        }
        let factor = -1 / cells[index].coefficient
        cells.remove(at: index)
        constant *= factor
        var finite = factor.isFinite
        for cell in cells.indices {
            cells[cell].coefficient *= factor
            finite = finite && cells[cell].coefficient.isFinite
        }
        if !finite {
            isDamaged = true
        }
    }

    /// Turns `lhs = ... + c * rhs + ...` into `rhs = ... + lhs ...`.
    mutating func solve(for rhs: Symbol, replacing lhs: Symbol) {
        insert(lhs, coefficient: -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by what `row` says it equals. Returns whether the row had `symbol`.
    @discardableResult
    mutating func substitute(_ symbol: Symbol, with row: Row) -> Bool {
        let (index, found) = position(of: symbol)
        guard found else {
            return false
        }
        let coefficient = cells[index].coefficient
        cells.remove(at: index)
        insert(row, times: coefficient)
        return true
    }

    /// Whether the constant and every coefficient are finite, and the row is not damaged.
    var isSound: Bool {
        constant.isFinite && !isDamaged
    }
}
