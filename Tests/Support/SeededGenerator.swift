/// SplitMix64: a small random number generator fully determined by its seed, so generated and
/// damaged inputs are the same on every run and machine, and a failure reproduces.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in `0 ..< bound` (`bound` above 0).
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// One of `choices` (not empty).
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }
}
