import Synchronization

/// A value of a ``LintContext`` that only some rules need and that costs a walk of every
/// screen: worked out by the first rule that asks, then shared by the others.
final class WorkedOutOnce<Value: Sendable>: Sendable {
    private let value: Mutex<Value?>

    /// A value not worked out yet.
    init() {
        value = Mutex(nil)
    }

    /// A value already worked out (elsewhere, from an earlier context's work).
    init(_ known: Value) {
        value = Mutex(known)
    }

    /// The value, made by `make` the first time.
    func value(_ make: () -> Value) -> Value {
        value.withLock { kept in
            if let kept { return kept }
            let made = make()
            kept = made
            return made
        }
    }
}
