// Arithmetic on variables, expressions and numbers, so that constraints read as they are written
// in Auto Layout: `b.left == a.right + 8`, `width >= 2 * height`.

extension LinearExpression {
    /// The sum of two expressions.
    public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        var result = lhs
        result.add(rhs)
        return result
    }

    /// An expression plus a variable.
    public static func + (lhs: LinearExpression, rhs: LayoutVariable) -> LinearExpression {
        var result = lhs
        result.add(rhs)
        return result
    }

    /// A variable plus an expression.
    public static func + (lhs: LayoutVariable, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs) + rhs
    }

    /// An expression plus a number.
    public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        var result = lhs
        result.constant += rhs
        return result
    }

    /// A number plus an expression.
    public static func + (lhs: Double, rhs: LinearExpression) -> LinearExpression {
        rhs + lhs
    }

    /// The difference of two expressions.
    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        var result = lhs
        result.add(rhs, multipliedBy: -1)
        return result
    }

    /// An expression minus a variable.
    public static func - (lhs: LinearExpression, rhs: LayoutVariable) -> LinearExpression {
        var result = lhs
        result.add(rhs, coefficient: -1)
        return result
    }

    /// A variable minus an expression.
    public static func - (lhs: LayoutVariable, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs) - rhs
    }

    /// An expression minus a number.
    public static func - (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        lhs + -rhs
    }

    /// A number minus an expression.
    public static func - (lhs: Double, rhs: LinearExpression) -> LinearExpression {
        rhs.scaled(by: -1) + lhs
    }

    /// The expression negated.
    public static prefix func - (operand: LinearExpression) -> LinearExpression {
        operand.scaled(by: -1)
    }

    /// An expression times a number.
    public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        lhs.scaled(by: rhs)
    }

    /// A number times an expression.
    public static func * (lhs: Double, rhs: LinearExpression) -> LinearExpression {
        rhs.scaled(by: lhs)
    }

    /// An expression divided by a number (dividing by zero gives non-finite coefficients, which
    /// the solver refuses).
    public static func / (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        lhs.scaled(by: 1 / rhs)
    }
}

extension LayoutVariable {
    /// The sum of two variables.
    public static func + (lhs: LayoutVariable, rhs: LayoutVariable) -> LinearExpression {
        LinearExpression(lhs) + rhs
    }

    /// A variable plus a number.
    public static func + (lhs: LayoutVariable, rhs: Double) -> LinearExpression {
        LinearExpression(lhs) + rhs
    }

    /// A number plus a variable.
    public static func + (lhs: Double, rhs: LayoutVariable) -> LinearExpression {
        LinearExpression(rhs) + lhs
    }

    /// The difference of two variables.
    public static func - (lhs: LayoutVariable, rhs: LayoutVariable) -> LinearExpression {
        LinearExpression(lhs) - rhs
    }

    /// A variable minus a number.
    public static func - (lhs: LayoutVariable, rhs: Double) -> LinearExpression {
        LinearExpression(lhs) - rhs
    }

    /// A number minus a variable.
    public static func - (lhs: Double, rhs: LayoutVariable) -> LinearExpression {
        lhs - LinearExpression(rhs)
    }

    /// The variable negated.
    public static prefix func - (operand: LayoutVariable) -> LinearExpression {
        LinearExpression(terms: [.init(operand, coefficient: -1)])
    }

    /// A variable times a number.
    public static func * (lhs: LayoutVariable, rhs: Double) -> LinearExpression {
        LinearExpression(terms: [.init(lhs, coefficient: rhs)])
    }

    /// A number times a variable.
    public static func * (lhs: Double, rhs: LayoutVariable) -> LinearExpression {
        LinearExpression(terms: [.init(rhs, coefficient: lhs)])
    }

    /// A variable divided by a number.
    public static func / (lhs: LayoutVariable, rhs: Double) -> LinearExpression {
        LinearExpression(lhs) / rhs
    }
}
