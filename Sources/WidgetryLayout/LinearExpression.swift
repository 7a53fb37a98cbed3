/// A sum of variables times coefficients, plus a constant: `2*a + b - 10`.
///
/// Terms keep the order in which their variables first appeared, and a variable appears in at
/// most one term (adding it again adds to its coefficient; a term whose coefficient becomes exactly
/// zero is dropped). Build expressions with the operators (`a.left + 10`, `2 * width`, `x - y`) or
/// with ``add(_:coefficient:)``.
public struct LinearExpression: Sendable, CustomStringConvertible {
    /// One variable times its coefficient.
    public struct Term: Sendable, CustomStringConvertible {
        /// The variable.
        public let variable: LayoutVariable
        /// What the variable is multiplied by.
        public let coefficient: Double

        /// A term `coefficient * variable`.
        public init(_ variable: LayoutVariable, coefficient: Double = 1) {
            self.variable = variable
            self.coefficient = coefficient
        }

        /// `variable`, `-variable` or `coefficient*variable`.
        public var description: String {
            switch coefficient {
            case 1: variable.description
            case -1: "-\(variable)"
            default: "\(LinearExpression.format(coefficient))*\(variable)"
            }
        }
    }

    /// The terms, one per variable, in the order their variables first appeared.
    public private(set) var terms: [Term]
    /// The constant added to the terms.
    public var constant: Double

    /// A constant expression.
    public init(constant: Double = 0) {
        self.terms = []
        self.constant = constant
    }

    /// The expression `variable`.
    public init(_ variable: LayoutVariable) {
        self.terms = [Term(variable)]
        self.constant = 0
    }

    /// An expression with the given terms (a variable given twice is summed) and constant.
    public init(terms: [Term], constant: Double = 0) {
        self.terms = []
        self.constant = constant
        for term in terms {
            add(term.variable, coefficient: term.coefficient)
        }
    }

    /// Adds `coefficient * variable`.
    public mutating func add(_ variable: LayoutVariable, coefficient: Double = 1) {
        guard let index = terms.firstIndex(where: { $0.variable == variable }) else {
            if coefficient != 0 {
                terms.append(Term(variable, coefficient: coefficient))
            }
            return
        }
        let sum = terms[index].coefficient + coefficient
        if sum == 0 {
            terms.remove(at: index)
        } else {
            terms[index] = Term(variable, coefficient: sum)
        }
    }

    /// Adds `factor * other`, terms and constant.
    public mutating func add(_ other: LinearExpression, multipliedBy factor: Double = 1) {
        for term in other.terms {
            add(term.variable, coefficient: term.coefficient * factor)
        }
        constant += other.constant * factor
    }

    /// The coefficient of `variable`: 0 when it has no term.
    public func coefficient(of variable: LayoutVariable) -> Double {
        terms.first { $0.variable == variable }?.coefficient ?? 0
    }

    /// This expression times `factor`.
    public func scaled(by factor: Double) -> LinearExpression {
        var result = LinearExpression(constant: 0)
        result.add(self, multipliedBy: factor)
        return result
    }

    /// Whether every coefficient and the constant are finite (neither NaN nor infinite).
    public var isFinite: Bool {
        constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite }
    }

    /// `2*a + b - 10`; `0` for the empty expression.
    public var description: String {
        var text = ""
        for term in terms {
            if text.isEmpty {
                text = term.description
            } else if term.coefficient < 0 {
                text += " - " + Term(term.variable, coefficient: -term.coefficient).description
            } else {
                text += " + " + term.description
            }
        }
        if text.isEmpty {
            return Self.format(constant)
        }
        if constant < 0 {
            text += " - " + Self.format(-constant)
        } else if constant > 0 || constant.isNaN {
            text += " + " + Self.format(constant)
        }
        return text
    }

    /// A number as people write it: `10` rather than `10.0`.
    static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }
}
