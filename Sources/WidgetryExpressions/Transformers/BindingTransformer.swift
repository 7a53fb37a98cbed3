/// A named conversion that bindings apply to their value (the `transformer` binding option).
///
/// A transformer returns nil when it does not apply to the value it gets; a binding then keeps
/// the value it had (FORMAT.md#binding.evaluation, step 3). (Not named `ValueTransformer`, which would
/// clash with Foundation's class in every file that imports both.)
public struct BindingTransformer: Sendable {
    /// A conversion of one value, given the run's clock and time zone.
    public typealias Conversion = @Sendable (Value, TransformerContext) -> Value?

    /// The forward conversion, which bindings use.
    public var transform: Conversion
    /// The conversion back, for transformers that have one; nil otherwise.
    public var reverse: Conversion?

    public init(transform: @escaping Conversion, reverse: Conversion? = nil) {
        self.transform = transform
        self.reverse = reverse
    }
}
