public import WidgetryExpressions
public import WidgetryJSON
public import WidgetryService
public import WidgetryStore

/// What a screen needs from the widget running it: the store, the action engine and its clock,
/// the transformers, and the evaluation context (the run's `now`).
public struct WidgetEnvironment {
    public let store: ObjectStore?
    public let engine: ActionEngine
    public var timeline: Timeline { engine.timeline }
    public let transformers: BindingTransformerRegistry
    public let transformerContext: TransformerContext
    public let evaluation: EvaluationContext
    /// The bundle's other JSON files by path (what `JSONFileDataProvider` reads).
    public let jsonFiles: [String: JSONValue]

    public init(store: ObjectStore?, engine: ActionEngine, transformers: BindingTransformerRegistry, transformerContext: TransformerContext,
                evaluation: EvaluationContext, jsonFiles: [String: JSONValue] = [:]) {
        self.jsonFiles = jsonFiles
        self.store = store
        self.engine = engine
        self.transformers = transformers
        self.transformerContext = transformerContext
        self.evaluation = evaluation
    }
}
