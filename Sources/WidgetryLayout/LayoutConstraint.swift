/// How the two sides of a constraint compare.
public enum LayoutRelation: Sendable, Hashable, CustomStringConvertible {
    /// `lhs == rhs`.
    case equal
    /// `lhs <= rhs`.
    case lessOrEqual
    /// `lhs >= rhs`.
    case greaterOrEqual

    /// `==`, `<=` or `>=`.
    public var description: String {
        switch self {
        case .equal: "=="
        case .lessOrEqual: "<="
        case .greaterOrEqual: ">="
        }
    }
}

/// A linear relation the solver keeps: `expression` compared with zero by `relation`, as hard as
/// `strength` says.
///
/// A constraint is a handle, like ``LayoutVariable``: copies are the same constraint (adding a copy
/// again is a duplicate; removing a copy removes it), and every initializer, ``withStrength(_:)``
/// and ``tagged(_:)`` make a new one. The `tag` is the caller's: the solver never reads it, and
/// hands the constraint (tag included) back in a ``LayoutError``, so a storyboard renderer can
/// put its constraint's file and line there.
public struct LayoutConstraint: Sendable, Hashable, CustomStringConvertible {
    /// The identity that makes this constraint itself: unique in the process, never reused.
    public let id: UInt64
    /// The constrained expression, `lhs - rhs` for a constraint made from two sides.
    public let expression: LinearExpression
    /// How `expression` compares with zero.
    public let relation: LayoutRelation
    /// How hard the solver tries to satisfy the constraint.
    public let strength: Strength
    /// The caller's own value (a storyboard constraint's identifier, file and line…), returned
    /// with errors; the solver never reads it.
    public let tag: (any Sendable)?

    /// The constraint `expression relation 0`.
    public init(_ expression: LinearExpression, _ relation: LayoutRelation, strength: Strength = .required, tag: (any Sendable)? = nil) {
        self.id = Identity.constraint()
        self.expression = expression
        self.relation = relation
        self.strength = strength
        self.tag = tag
    }

    /// The constraint `lhs relation rhs`, kept as `lhs - rhs relation 0`.
    public init(_ lhs: LinearExpression, _ relation: LayoutRelation, _ rhs: LinearExpression, strength: Strength = .required, tag: (any Sendable)? = nil) {
        self.init(lhs - rhs, relation, strength: strength, tag: tag)
    }

    /// A new constraint like this one with another strength.
    public func withStrength(_ strength: Strength) -> LayoutConstraint {
        LayoutConstraint(expression, relation, strength: strength, tag: tag)
    }

    /// A new constraint like this one with another tag.
    public func tagged(_ tag: (any Sendable)?) -> LayoutConstraint {
        LayoutConstraint(expression, relation, strength: strength, tag: tag)
    }

    /// Whether two handles are the same constraint.
    public static func == (lhs: LayoutConstraint, rhs: LayoutConstraint) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// `2*a + b - 10 >= 0 (strong) [tag]`.
    public var description: String {
        var text = "\(expression) \(relation) 0"
        if !strength.isRequired {
            text += " (\(strength))"
        }
        if let tag {
            text += " [\(tag)]"
        }
        return text
    }
}
