/// A quantity the solver finds a value for: one edge, size or centre of one view.
///
/// A variable is a handle: copies are the same variable, and two variables made separately are
/// different even when their names match. The name is for diagnostics only.
public struct LayoutVariable: Sendable, Hashable, CustomStringConvertible {
    /// The identity that makes this variable itself: unique in the process, never reused.
    public let id: UInt64
    /// A name for messages and descriptions, such as `"label.left"`.
    public let name: String

    /// A new variable, different from every other.
    /// - Parameter name: a name for messages and descriptions.
    public init(_ name: String = "") {
        self.id = Identity.variable()
        self.name = name
    }

    /// Whether two handles are the same variable (names are not compared).
    public static func == (lhs: LayoutVariable, rhs: LayoutVariable) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// The name, or `v<id>` for an unnamed variable.
    public var description: String {
        name.isEmpty ? "v\(id)" : name
    }
}
