/// A column of the tableau: a caller's variable or one the solver introduced.
///
/// Symbols are numbered by each solver in the order it makes them; that number is the one order
/// the solver ever uses (rows keep their cells sorted by it, ties go to the lowest), which is what
/// makes its results independent of hashing and of the identities of variables.
struct Symbol: Sendable, Hashable {
    /// What a symbol stands for.
    enum Kind: UInt8, Sendable {
        /// A caller's variable: unrestricted in sign.
        case external
        /// The slack of an inequality (or the artificial variable of a phase-one add): `>= 0`.
        case slack
        /// The error of a non-required constraint: `>= 0`, weighed in the objective.
        case error
        /// The marker of a required equality: always 0, never pivoted into the basis.
        case dummy
    }

    /// The position in the solver's order of creation.
    let id: Int
    let kind: Kind

    /// Whether the symbol is restricted to values `>= 0` (slacks and errors).
    var isRestricted: Bool {
        kind == .slack || kind == .error
    }
}
