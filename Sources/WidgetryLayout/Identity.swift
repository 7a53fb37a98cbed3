import Synchronization

/// Hands out the identities of variables and constraints: process-wide, never reused.
///
/// An identity only says which handle is which. The solver never orders anything by it (it
/// numbers its own symbols in the order it first meets them), so results do not depend on how
/// many variables other threads created, or in which order.
enum Identity {
    private static let nextVariable = Atomic<UInt64>(1)
    private static let nextConstraint = Atomic<UInt64>(1)

    /// A new variable identity.
    static func variable() -> UInt64 {
        nextVariable.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// A new constraint identity.
    static func constraint() -> UInt64 {
        nextConstraint.wrappingAdd(1, ordering: .relaxed).oldValue
    }
}
