import Foundation

/// Where a run's OAuth 1.0a nonces and timestamps come from, chosen with the backend: whoever
/// picks a real transport picks ``system``, and stubs and scenarios on the virtual clock
/// ``seeded(_:)``.
///
/// A real service keeps the nonces it has seen for a while and rejects a repeated one as a
/// replay, and rejects a timestamp far from its own clock; so against it every run needs fresh
/// nonces and the wall-clock time, even when the run's clock starts at a `--now` in the past.
/// A stub checks neither, and a seeded sequence on the run's clock signs the same requests the
/// same way on every run, so what they print stays byte-identical.
public enum NonceSource: Sendable, Equatable {
    /// SplitMix64 from the seed; timestamps from the run's clock.
    case seeded(UInt64)
    /// The system's secure random source (`SystemRandomNumberGenerator`: `getrandom` on
    /// Linux); timestamps from the wall clock.
    case system
}

/// The nonces and timestamps a ``NonceSource`` gives, in order.
struct OAuthFreshness {
    private let source: NonceSource
    /// The SplitMix64 state, for ``NonceSource/seeded(_:)``.
    private var state: UInt64
    private var system = SystemRandomNumberGenerator()

    init(_ source: NonceSource) {
        self.source = source
        if case .seeded(let seed) = source { state = seed } else { state = 0 }
    }

    /// The next nonce: 32 hex digits.
    mutating func nonce() -> String {
        let high = next(), low = next()
        return Self.hex(high) + Self.hex(low)
    }

    /// The timestamp of a request sent when the run's clock reads `runDate`.
    func timestamp(runDate: Date) -> Int {
        let date = source == .system ? Date() : runDate
        return Int(date.timeIntervalSince1970.rounded(.down))
    }

    private mutating func next() -> UInt64 {
        guard case .seeded = source else { return system.next() }
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
