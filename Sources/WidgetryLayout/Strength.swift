/// How hard the solver tries to satisfy a constraint.
///
/// A required constraint always holds, or adding it fails. The others are kept as closely as the
/// required ones allow, the solver minimising the sum of each one's error times its `weight`; so
/// a heavier constraint wins over a lighter one unless the lighter one would be off by more than
/// the ratio of their weights.
///
/// Auto Layout priorities map onto strengths with ``init(priority:)``: 1000 is required, and
/// 1...999 weigh `1.014^(priority - 1)` (1 for priority 1, about 1.06e6 for 999), so a higher
/// priority always weighs more and 250 steps of priority are a factor of about a thousand.
/// ``strong``, ``medium`` and ``weak`` are priorities 750, 500 and 250 (UIKit's `defaultHigh`,
/// the middle, and `defaultLow`). Weights are worked out with multiplications only, so they are
/// the same on every machine.
public struct Strength: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The weight of the constraint's error: `.infinity` for ``required``.
    public let weight: Double
    /// Whether the constraint must hold exactly.
    public let isRequired: Bool

    private init(weight: Double, isRequired: Bool) {
        self.weight = weight
        self.isRequired = isRequired
    }

    /// A non-required strength of the given weight, which must be finite and positive (the solver
    /// refuses constraints of any other: ``isValid``).
    public init(weight: Double) {
        self.init(weight: weight, isRequired: false)
    }

    /// The strength of an Auto Layout priority: 1000 (or more) is required; below that the weight
    /// is `1.014^(priority - 1)`, priorities below 1 counting as 1.
    public init(priority: Int) {
        if priority >= 1000 {
            self = .required
            return
        }
        var weight = 1.0
        var step = 1
        while step < priority {
            weight *= Self.priorityRatio
            step += 1
        }
        self.init(weight: weight, isRequired: false)
    }

    /// The weight of one priority step over the one below.
    static let priorityRatio = 1.014

    /// Must hold: adding it fails when it cannot.
    public static let required = Strength(weight: .infinity, isRequired: true)
    /// Priority 750 (UIKit's `defaultHigh`).
    public static let strong = Strength(priority: 750)
    /// Priority 500.
    public static let medium = Strength(priority: 500)
    /// Priority 250 (UIKit's `defaultLow`).
    public static let weak = Strength(priority: 250)

    /// Whether the solver accepts the strength: required, or a finite positive weight.
    public var isValid: Bool {
        isRequired || (weight.isFinite && weight > 0)
    }

    /// Required is above every other strength; the others are ordered by weight.
    public static func < (lhs: Strength, rhs: Strength) -> Bool {
        if lhs.isRequired {
            return false
        }
        return rhs.isRequired || lhs.weight < rhs.weight
    }

    /// `required`, or `weight <w>`.
    public var description: String {
        isRequired ? "required" : "weight \(weight)"
    }
}
