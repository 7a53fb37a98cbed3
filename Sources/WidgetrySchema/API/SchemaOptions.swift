/// Limits that keep evaluation finite and bounded on any schema and any data.
///
/// Schemas and documents come from places the host does not control, so each limit, when
/// reached, stops validation with its own ``SchemaError/Code`` instead of exhausting the stack
/// or the processor.
public struct SchemaOptions: Sendable, Hashable {
    /// The deepest nesting of schemas applied at once: each subschema entered counts one level,
    /// so data nested n levels deep under a recursive schema takes a few levels per step.
    /// Independently of this limit, evaluation stops with
    /// ``SchemaError/Code/depthLimitExceeded`` before it would exhaust the thread's stack.
    public var maxEvaluationDepth: Int
    /// The most steps one `pattern` match may take on the backtracking engine (patterns with
    /// backreferences or lookaround) before validation stops with
    /// ``SchemaError/Code/patternTooComplex``.
    public var patternBacktrackingBudget: Int

    /// Options with the given limits; the defaults suit any document a person writes.
    public init(maxEvaluationDepth: Int = 2_000, patternBacktrackingBudget: Int = 1_000_000) {
        self.maxEvaluationDepth = maxEvaluationDepth
        self.patternBacktrackingBudget = patternBacktrackingBudget
    }
}
