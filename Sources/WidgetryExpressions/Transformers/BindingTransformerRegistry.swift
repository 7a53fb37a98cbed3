/// The transformers a widget run can name, by name.
///
/// A value, not a global: each run owns its registry, so two widgets that define a transformer
/// with the same name do not overwrite each other (FORMAT.md#differences.behaviour; upstream, where one process-wide
/// registry was shared). A new registry holds the built-ins (``BuiltInTransformerName``); service
/// files add date transformers with ``registerDateTransformers(from:)`` and hosts add or replace
/// any with ``register(name:_:)``.
public struct BindingTransformerRegistry: Sendable {
    private var transformers: [String: BindingTransformer]

    /// A registry holding the built-in transformers.
    public init() {
        transformers = BuiltInTransformers.all
    }

    /// The registered names, sorted.
    public var names: [String] { transformers.keys.sorted() }

    /// The transformer registered as `name`, if any.
    public func transformer(named name: String) -> BindingTransformer? {
        transformers[name]
    }

    /// Registers `transformer` as `name`, replacing any transformer (built-in or not) of that name.
    public mutating func register(name: String, _ transformer: BindingTransformer) {
        transformers[name] = transformer
    }

    /// `value` converted by the transformer named `name`; nil when there is no such transformer
    /// or it does not apply to the value.
    public func transform(_ value: Value, named name: String, context: TransformerContext) -> Value? {
        transformers[name]?.transform(value, context)
    }

    /// `value` converted back by the transformer named `name`; nil when there is no such
    /// transformer, it has no reverse conversion, or that does not apply to the value.
    public func reverseTransform(_ value: Value, named name: String, context: TransformerContext) -> Value? {
        transformers[name]?.reverse?(value, context)
    }
}
