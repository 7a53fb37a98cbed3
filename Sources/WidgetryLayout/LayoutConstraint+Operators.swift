// Relations between expressions, variables and numbers that make required constraints:
// `b.left == a.right + 8`. Give a strength or a tag with `withStrength(_:)` and `tagged(_:)`, or
// use `LayoutConstraint.init` directly.
//
// `==` between two variables alone would compete with `Equatable`'s `==` (which answers whether
// they are the same variable); it makes a constraint only where a `LayoutConstraint` is expected
// (`solver.add(a == b)`, `let c: LayoutConstraint = a == b`).

extension LinearExpression {
    /// The required constraint `lhs == rhs`.
    public static func == (lhs: LinearExpression, rhs: LinearExpression) -> LayoutConstraint {
        LayoutConstraint(lhs, .equal, rhs)
    }

    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: LinearExpression, rhs: LinearExpression) -> LayoutConstraint {
        LayoutConstraint(lhs, .lessOrEqual, rhs)
    }

    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: LinearExpression, rhs: LinearExpression) -> LayoutConstraint {
        LayoutConstraint(lhs, .greaterOrEqual, rhs)
    }

    /// The required constraint `lhs == rhs`.
    public static func == (lhs: LinearExpression, rhs: LayoutVariable) -> LayoutConstraint {
        LayoutConstraint(lhs, .equal, LinearExpression(rhs))
    }

    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: LinearExpression, rhs: LayoutVariable) -> LayoutConstraint {
        LayoutConstraint(lhs, .lessOrEqual, LinearExpression(rhs))
    }

    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: LinearExpression, rhs: LayoutVariable) -> LayoutConstraint {
        LayoutConstraint(lhs, .greaterOrEqual, LinearExpression(rhs))
    }

    /// The required constraint `lhs == rhs`.
    public static func == (lhs: LayoutVariable, rhs: LinearExpression) -> LayoutConstraint {
        LayoutConstraint(LinearExpression(lhs), .equal, rhs)
    }

    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: LayoutVariable, rhs: LinearExpression) -> LayoutConstraint {
        LayoutConstraint(LinearExpression(lhs), .lessOrEqual, rhs)
    }

    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: LayoutVariable, rhs: LinearExpression) -> LayoutConstraint {
        LayoutConstraint(LinearExpression(lhs), .greaterOrEqual, rhs)
    }

    /// The required constraint `lhs == rhs`.
    public static func == (lhs: LinearExpression, rhs: Double) -> LayoutConstraint {
        LayoutConstraint(lhs, .equal, LinearExpression(constant: rhs))
    }

    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: LinearExpression, rhs: Double) -> LayoutConstraint {
        LayoutConstraint(lhs, .lessOrEqual, LinearExpression(constant: rhs))
    }

    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: LinearExpression, rhs: Double) -> LayoutConstraint {
        LayoutConstraint(lhs, .greaterOrEqual, LinearExpression(constant: rhs))
    }

    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Double, rhs: LinearExpression) -> LayoutConstraint {
        LayoutConstraint(LinearExpression(constant: lhs), .equal, rhs)
    }

    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Double, rhs: LinearExpression) -> LayoutConstraint {
        LayoutConstraint(LinearExpression(constant: lhs), .lessOrEqual, rhs)
    }

    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Double, rhs: LinearExpression) -> LayoutConstraint {
        LayoutConstraint(LinearExpression(constant: lhs), .greaterOrEqual, rhs)
    }
}

extension LayoutVariable {
    /// The required constraint `lhs == rhs` (where a `LayoutConstraint` is expected; elsewhere
    /// `==` compares the handles).
    public static func == (lhs: LayoutVariable, rhs: LayoutVariable) -> LayoutConstraint {
        LayoutConstraint(LinearExpression(lhs), .equal, LinearExpression(rhs))
    }

    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: LayoutVariable, rhs: LayoutVariable) -> LayoutConstraint {
        LayoutConstraint(LinearExpression(lhs), .lessOrEqual, LinearExpression(rhs))
    }

    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: LayoutVariable, rhs: LayoutVariable) -> LayoutConstraint {
        LayoutConstraint(LinearExpression(lhs), .greaterOrEqual, LinearExpression(rhs))
    }

    /// The required constraint `lhs == rhs`.
    public static func == (lhs: LayoutVariable, rhs: Double) -> LayoutConstraint {
        LayoutConstraint(LinearExpression(lhs), .equal, LinearExpression(constant: rhs))
    }

    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: LayoutVariable, rhs: Double) -> LayoutConstraint {
        LayoutConstraint(LinearExpression(lhs), .lessOrEqual, LinearExpression(constant: rhs))
    }

    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: LayoutVariable, rhs: Double) -> LayoutConstraint {
        LayoutConstraint(LinearExpression(lhs), .greaterOrEqual, LinearExpression(constant: rhs))
    }

    /// The required constraint `lhs == rhs`.
    public static func == (lhs: Double, rhs: LayoutVariable) -> LayoutConstraint {
        LayoutConstraint(LinearExpression(constant: lhs), .equal, LinearExpression(rhs))
    }

    /// The required constraint `lhs <= rhs`.
    public static func <= (lhs: Double, rhs: LayoutVariable) -> LayoutConstraint {
        LayoutConstraint(LinearExpression(constant: lhs), .lessOrEqual, LinearExpression(rhs))
    }

    /// The required constraint `lhs >= rhs`.
    public static func >= (lhs: Double, rhs: LayoutVariable) -> LayoutConstraint {
        LayoutConstraint(LinearExpression(constant: lhs), .greaterOrEqual, LinearExpression(rhs))
    }
}
