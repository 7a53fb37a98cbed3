public import Foundation

/// What an evaluation may read besides its object: substitution variables, the clock `now()`
/// reads, and the seed of `random`.
///
/// Headless runs pass their virtual clock's time as ``now`` so results are deterministic.
public struct EvaluationContext: Sendable {
    /// Values of `$name` variables.
    public var variables: [String: Value]
    /// The instant `now()` returns; nil reads the system clock.
    public var now: Date?
    /// Seed of `random` and `random:`; each evaluation starts the sequence afresh.
    public var randomSeed: UInt64

    /// The seed evaluations use unless told otherwise.
    public static let defaultRandomSeed: UInt64 = 0x5EED

    public init(variables: [String: Value] = [:], now: Date? = nil, randomSeed: UInt64 = defaultRandomSeed) {
        self.variables = variables
        self.now = now
        self.randomSeed = randomSeed
    }
}

/// The mutable state of one evaluation: variables (SUBQUERY binds its own) and the random sequence.
@usableFromInline
struct Scope {
    /// The `$` values; nil while there are none, so that a scope without variables (nearly every
    /// evaluation) costs no reference count to make and drop.
    private var variables: [String: Value]?
    private let fixedNow: Date?
    private var randomState: UInt64

    /// No variables, the system clock, the default seed.
    @usableFromInline
    init() {
        variables = nil
        fixedNow = nil
        randomState = EvaluationContext.defaultRandomSeed
    }

    init(_ context: EvaluationContext) {
        variables = context.variables.isEmpty ? nil : context.variables
        fixedNow = context.now
        randomState = context.randomSeed
    }

    /// The value of the variable `$name`; setting nil unbinds it.
    subscript(variable name: String) -> Value? {
        get { variables?[name] }
        set {
            if variables == nil {
                guard newValue != nil else { return }
                variables = [:]
            }
            variables?[name] = newValue
        }
    }

    /// The context's instant, or the system clock's (read only when `now()` is called).
    var now: Date { fixedNow ?? Date() }

    /// The next number of a SplitMix64 sequence, in [0, 1).
    mutating func nextRandom() -> Double {
        randomState &+= 0x9E37_79B9_7F4A_7C15
        var z = randomState
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) * 0x1p-53
    }
}
